package hover

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// builtinFunc describes a built-in function.
type builtinFunc struct {
	params  []Param // Label "name: Type", Doc one line
	returns string
	doc     string
	example string
}

// builtin returns the description of a built-in function. The data argument comes last, so that
// `x |> f(a)` is `f(a, x)`.
func builtin(name string) (builtinFunc, bool) {
	p := func(label, doc string) Param { return Param{Label: label, Doc: doc} }
	switch name {
	case "cidr_subnet":
		return builtinFunc{[]Param{p("prefix: String", "the network in CIDR notation, e.g. '10.0.0.0/16'"),
			p("newbits: Int", "bits added to the prefix length"), p("netnum: Int", "which subnet of that size, from 0")},
			"String", "Calculates a subnet of a CIDR prefix: the prefix extended by `newbits` bits, numbered `netnum`.",
			"cidr_subnet('10.0.0.0/16', 8, 1)  # '10.0.1.0/24'"}, true
	case "concat":
		return builtinFunc{[]Param{p("items: List", "the elements to append"), p("base_list: List", "the list they are appended to")},
			"List", "Concatenates two lists: `base_list` followed by `items`.",
			"[1, 2] |> concat([3, 4])  # [1, 2, 3, 4]"}, true
	case "decrypt":
		return builtinFunc{[]Param{p("ciphertext: String", "the encrypted value, e.g. from KMS")},
			"String", "Decrypts a value with the provider's encryption support (e.g. AWS KMS) when the configuration is loaded; wrap the result in `secret()` to keep it out of plans and state.",
			"secret(decrypt('AQICAHh…'))"}, true
	case "env":
		return builtinFunc{[]Param{p("name: String", "the environment variable")},
			"String", "Reads an environment variable of the process running Carina; an error when it is not set.",
			"env('DB_PASSWORD')"}, true
	case "flatten":
		return builtinFunc{[]Param{p("list: List", "a list of lists")},
			"List", "Flattens a list of lists into one list.",
			"flatten([[1, 2], [3]])  # [1, 2, 3]"}, true
	case "join":
		return builtinFunc{[]Param{p("separator: String", "put between the elements"), p("list: List<String>", "the strings to join")},
			"String", "Joins a list of strings with a separator.",
			"['a', 'b'] |> join('-')  # 'a-b'"}, true
	case "keys":
		return builtinFunc{[]Param{p("map: Map", "the map")},
			"List<String>", "Returns the keys of a map, as a list.",
			"keys({ a = 1, b = 2 })  # ['a', 'b']"}, true
	case "length":
		return builtinFunc{[]Param{p("value: List | Map | String", "what to measure")},
			"Int", "Returns the number of elements of a list or map, or of characters of a string.",
			"length(subnets)"}, true
	case "lookup":
		return builtinFunc{[]Param{p("map: Map", "the map to look in"), p("key: String", "the key"), p("default: Any", "returned when the key is missing")},
			"Any", "Returns the value of a key of a map, or the default when the map has no such key.",
			"lookup(sizes, env, 't3.micro')"}, true
	case "lower":
		return builtinFunc{[]Param{p("string: String", "the text")},
			"String", "Converts a string to lower case.",
			"lower('Prod')  # 'prod'"}, true
	case "map":
		return builtinFunc{[]Param{p("accessor: String", "a field accessor starting with '.', e.g. '.subnet_id'"), p("collection: List | Map", "a list or map of maps")},
			"List | Map", "Extracts one field from every element of a list (or every value of a map) of maps.",
			"subnets |> map('.subnet_id')"}, true
	case "max":
		return builtinFunc{[]Param{p("a: Int | Float", "a number"), p("b: Int | Float", "another number")},
			"Int | Float", "Returns the larger of two numbers.",
			"max(3, 5)  # 5"}, true
	case "min":
		return builtinFunc{[]Param{p("a: Int | Float", "a number"), p("b: Int | Float", "another number")},
			"Int | Float", "Returns the smaller of two numbers.",
			"min(3, 5)  # 3"}, true
	case "replace":
		return builtinFunc{[]Param{p("search: String", "the text to find"), p("replacement: String", "what replaces it"), p("string: String", "the text to change")},
			"String", "Replaces every occurrence of `search` in a string with `replacement`.",
			"'hello-world' |> replace('-', '_')  # 'hello_world'"}, true
	case "secret":
		return builtinFunc{[]Param{p("value: Any", "the sensitive value")},
			"Secret", "Marks a value as secret: sent to the provider, shown as `(secret)` in plans and stored only as a hash in state.",
			"secret(env('DB_PASSWORD'))"}, true
	case "split":
		return builtinFunc{[]Param{p("separator: String", "where to cut"), p("string: String", "the text to split")},
			"List<String>", "Splits a string at each separator.",
			"'a,b' |> split(',')  # ['a', 'b']"}, true
	case "trim":
		return builtinFunc{[]Param{p("string: String", "the text")},
			"String", "Removes the white space at both ends of a string.",
			"trim('  web ')  # 'web'"}, true
	case "upper":
		return builtinFunc{[]Param{p("string: String", "the text")},
			"String", "Converts a string to upper case.",
			"upper('prod')  # 'PROD'"}, true
	case "values":
		return builtinFunc{[]Param{p("map: Map", "the map")},
			"List", "Returns the values of a map, as a list in key order.",
			"values({ a = 1, b = 2 })  # [1, 2]"}, true
	}
	return builtinFunc{}, false
}

// label writes the signature: `join(separator: String, list: List<String>): String`.
func (b builtinFunc) label(name string) string {
	labels := make([]string, len(b.params))
	for i, p := range b.params {
		labels[i] = p.Label
	}
	return name + "(" + strings.Join(labels, ", ") + "): " + b.returns
}

// builtinCard is the hover of a built-in function.
func builtinCard(name string) string {
	b, ok := builtin(name)
	if !ok {
		return ""
	}
	var m md
	m.fence("carina", b.label(name))
	m.para("Built-in function. " + b.doc)
	var items []string
	for _, p := range b.params {
		n, _, _ := strings.Cut(p.Label, ":")
		items = append(items, code(n)+" — "+p.Doc)
	}
	m.list(items)
	m.para("With fewer arguments it is partially applied (a closure), and `x |> " + name + "(…)` passes `x` as the last argument.")
	m.fence("carina", b.example)
	return m.String()
}

// functionHover explains the function of a call: a user function of the configuration first (a
// user function cannot shadow a built-in), else the built-in.
func (p *place) functionHover() *Hover {
	s := p.s
	if s.Decl != nil && s.Decl.Kind == workspace.Function {
		return card(s.Span, p.fnCard(s.Decl))
	}
	if ds := p.cfg.Functions[s.Text]; len(ds) > 0 {
		return card(s.Span, p.fnCard(ds[0]))
	}
	if _, ok := builtin(s.Text); ok {
		return card(s.Span, builtinCard(s.Text))
	}
	return card(s.Span, code(s.Text)+" is no built-in function and no `fn` of this configuration.")
}

// fnCard describes a user function.
func (e env) fnCard(d *workspace.Decl) string {
	fn, ok := d.Node.(*grammar.FnStmt)
	if !ok {
		return e.bindingCard(d)
	}
	var m md
	m.fence("carina", "fn "+fnLabel(d.File, d.Stmt, fn).Label)
	m.para("User-defined function " + code(d.Name) + ".")
	m.para(e.declaredLine(d))
	return m.String()
}

// fnLabel builds the signature of a user function from its source.
func fnLabel(f *workspace.File, st *grammar.Stmt, fn *grammar.FnStmt) Signature {
	sig := Signature{}
	labels := make([]string, 0, len(fn.Params))
	for _, p := range fn.Params {
		l := p.Name.Text
		if p.Type != nil {
			l += ": " + nodeText(f, st, p.Type)
		}
		doc := ""
		if p.Default != nil {
			doc = "optional, default " + code(nodeText(f, st, p.Default))
			l += " = " + nodeText(f, st, p.Default)
		}
		sig.Params = append(sig.Params, Param{Label: l, Doc: doc})
		labels = append(labels, l)
	}
	name := "?"
	if fn.Name != nil {
		name = fn.Name.Text
	}
	sig.Label = name + "(" + strings.Join(labels, ", ") + ")"
	if fn.Return != nil {
		sig.Label += ": " + nodeText(f, st, fn.Return)
	}
	return sig
}
