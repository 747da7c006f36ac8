package grammar

import (
	"slices"
	"sort"
	"strings"

	"github.com/carina-rs/carina-lsp/internal/lazy"
)

// ConstructID names a construct of the language.
type ConstructID uint8

// The constructs. Resource and ModuleCall have no keyword: a dotted type or a module alias
// followed by "{" writes them.
const (
	NoConstruct ConstructID = iota
	LetConstruct
	ResourceConstruct
	ReadConstruct
	WaitConstruct
	ProviderConstruct
	BackendConstruct
	UseConstruct
	UpstreamConstruct
	ModuleCallConstruct
	ArgumentsConstruct
	AttributesConstruct
	ExportsConstruct
	ImportConstruct
	RemovedConstruct
	MovedConstruct
	RequireConstruct
	FnConstruct
	ForConstruct
	IfConstruct
	DirectivesConstruct
	ArgumentConstruct   // an argument's detail block: `name: Type { description = ... }`
	ValidationConstruct // validation { condition = ... error_message = ... } in an argument's block
)

// Place is a set of places where a construct (or a key) may stand.
type Place uint8

// Places.
const (
	AtTop      Place = 1 << iota // a statement of its own
	InLet                        // the value of a let (top-level or local)
	InBody                       // the result of a for, if or fn body
	InResource                   // a nested block of a resource or data-source body
	InArgument                   // a nested block of an argument's detail block
	InBlockLet                   // a local let in a resource body
)

// ValueKind says how the value of a key is written, and so how it parses and what fits there.
type ValueKind uint8

// Value kinds.
const (
	AnyValue       ValueKind = iota // any expression
	PredicateValue                  // a validate expression: comparisons, && || !, null
	DurationValue                   // a duration literal: 30s, 75min
	BindingsValue                   // a list of binding names
	BindingValue                    // one binding name
	AddressValue                    // a resource address: aws.s3.Bucket 'name'
	BoolValue                       // true or false
	StringValue                     // a string
	PathValue                       // a string naming a directory, relative to the configuration
	RegionValue                     // a region of the provider
	MapValue                        // a map literal
)

// Layout says how the formatter prints a key's value.
type Layout uint8

// Layouts.
const (
	AsExpression Layout = iota // formatted as any expression
	Verbatim                   // kept as written (predicates)
	OneLine                    // a list on one line unless it holds comments
	SortedList                 // a list of names, sorted
)

// Key is one key a construct's block takes.
type Key struct {
	Name     string
	Value    ValueKind
	Required bool
	Place    Place  // for a construct that stands in several places, where the key applies; 0: all
	Keyword  bool   // a keyword of the language (highlighted as one), not a mere attribute name
	Depends  bool   // a reference in its value is a dependency of the construct
	Layout   Layout // how the formatter prints the value
	Detail   string // one line, for completion
	Snippet  string // the completion insert, snippet syntax ($1, ${1:x}, $0)
	Doc      string // Markdown paragraph for hover (keywords)
	Example  string
}

// Construct is one construct of the language: its keyword, where it may stand, the keys and
// nested blocks its block takes, and what the editor shows for it. Parser, splitter, lexer,
// checks, completion, hover, semantic tokens, navigation and formatter all read this table.
type Construct struct {
	ID      ConstructID
	Keyword string // "" for a resource, a module call and an argument's detail block
	Name    string // how messages call it
	Place   Place
	Parts   []string // further keywords of its syntax: for → in, if → else
	// PartDocs are the hover texts of Parts, in the same order.
	PartDocs []PartDoc
	// Keys are the keys its block takes; nil when the block is not keyed by the language (a
	// resource's attributes come from the provider's schema, a module call's from the module).
	Keys []Key
	// Blocks are the constructs that may stand as nested blocks in its block.
	Blocks []ConstructID
	// Items says that the block holds declarations, not keys (arguments, attributes, exports).
	Items bool
	// Named says that its keyword is followed by a name before the block: a wait's target, a
	// provider's or backend's kind.
	Named bool
	// Open says that its block takes keys beyond those listed (a provider's own settings, such
	// as aws's allowed_account_ids): the listed keys are checked, no other key is unknown.
	Open bool
	// Closed says that Carina's grammar takes no other key in its block and reads a string key
	// only as a string literal, so such mistakes are syntax errors (import, removed, moved, an
	// argument's detail block, validation); elsewhere Carina rejects them after parsing.
	Closed bool

	Detail     string // one line, for completion
	Snippet    string // the completion skeleton where it stands as a statement or block
	LetSnippet string // the skeleton as the value of a let, when it can be one
	Doc        string // Markdown paragraph for hover
	Example    string
}

// Keyword returns the keyword of construct id ("" for one without).
func (id ConstructID) Keyword() string {
	if c := ConstructOf(id); c != nil {
		return c.Keyword
	}
	return ""
}

// KeyOf returns the construct's first key whose value is of kind v, or nil.
func (c *Construct) KeyOf(v ValueKind) *Key {
	if c == nil {
		return nil
	}
	for i := range c.Keys {
		if c.Keys[i].Value == v {
			return &c.Keys[i]
		}
	}
	return nil
}

// PlainKeyed reports whether the construct is written `keyword { keys }`: a keyword, no name
// and no further keywords, then a block of the keys the table lists. The parser reads every such
// construct alike, as a statement (StateBlockStmt) or a let's value (KeywordBlockExpr).
func (c *Construct) PlainKeyed() bool {
	return c.Keyword != "" && c.Keys != nil && !c.Named && len(c.Parts) == 0 && c.Place&(AtTop|InLet) != 0
}

// PartDoc is the hover text of a further keyword of a construct's syntax.
type PartDoc struct{ Doc, Example string }

// PartCard returns the hover card of word, a further keyword of the construct's syntax (in,
// else), or "" when it is none.
func (c *Construct) PartCard(word string) string {
	if c == nil {
		return ""
	}
	for i, p := range c.Parts {
		if p == word && i < len(c.PartDocs) {
			return card(c.PartDocs[i].Doc, c.PartDocs[i].Example)
		}
	}
	return ""
}

// Key returns the construct's key called name, or nil.
func (c *Construct) Key(name string) *Key {
	if c == nil {
		return nil
	}
	for i := range c.Keys {
		if c.Keys[i].Name == name {
			return &c.Keys[i]
		}
	}
	return nil
}

// KeysAt returns the construct's keys that apply where it stands (place), in table order.
func (c *Construct) KeysAt(place Place) []Key {
	var out []Key
	for _, k := range c.Keys {
		if k.Place == 0 || k.Place&place != 0 {
			out = append(out, k)
		}
	}
	return out
}

// KeyNames returns the names of the construct's keys, in table order.
func (c *Construct) KeyNames() []string {
	out := make([]string, len(c.Keys))
	for i, k := range c.Keys {
		out[i] = k.Name
	}
	return out
}

// KeyList writes the construct's key names for a message: "until, depends_on and timeout".
func (c *Construct) KeyList() string {
	names := c.KeyNames()
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Takes reports whether the construct's block takes the nested block construct id.
func (c *Construct) Takes(id ConstructID) bool { return c != nil && slices.Contains(c.Blocks, id) }

// Card returns the hover card of the construct: its paragraph and example.
func (c *Construct) Card() string { return card(c.Doc, c.Example) }

// Card returns the hover card of a key: its paragraph and example, else its name and detail
// ("" for nil).
func (k *Key) Card() string {
	switch {
	case k == nil:
		return ""
	case k.Doc == "":
		return "**" + k.Name + "** — " + k.Detail + "."
	}
	return card(k.Doc, k.Example)
}

func card(doc, example string) string {
	if example == "" {
		return doc
	}
	return doc + "\n\n```carina\n" + example + "\n```"
}

// constructs returns the construct table's entries.
func constructs() []Construct {
	source := Key{Name: "source", Value: PathValue, Required: true, Detail: "the directory, relative to this configuration", Snippet: "source = '$1'"}
	address := func(name, doc string) Key {
		return Key{Name: name, Value: AddressValue, Required: true, Detail: "the resource address: type 'name'", Snippet: name + " = ", Doc: doc}
	}
	flag := func(name, detail, doc string) Key {
		return Key{Name: name, Value: BoolValue, Detail: detail, Snippet: name + " = ", Doc: "**directives." + name + "** — " + doc + " Only a literal `true` turns it on.", Example: name + " = true"}
	}
	return []Construct{
		{ID: LetConstruct, Keyword: "let", Name: "let", Place: AtTop | InBody | InBlockLet,
			Detail: "Bind a name to a value", Snippet: "let ${1:name} = $0",
			Doc:     "**let** — binds a name to a value, a resource, a `read` data source, a `wait`, a module (`use`), a module call, an `upstream_state` or a provider instance. A top-level binding is visible in every `.crn` file of the directory; `let _ = …` discards the name.",
			Example: "let logs = aws.s3.Bucket {\n  bucket = 'my-logs'\n}"},
		{ID: WaitConstruct, Keyword: "wait", Name: "wait", Place: InLet, Named: true,
			Keys: []Key{
				{Name: "until", Value: PredicateValue, Required: true, Keyword: true, Layout: Verbatim,
					Detail:  "required: the predicate the target must satisfy",
					Snippet: "until = ",
					Doc:     "**until** — in a `wait` block, the condition polled for: `<target>.<attribute> == <value>`.",
					Example: "until = cert.status == aws.acm.Certificate.Status.Issued"},
				{Name: "depends_on", Value: BindingsValue, Keyword: true, Depends: true, Layout: OneLine,
					Detail:  "bindings that must complete before polling starts",
					Snippet: "depends_on = [$0]",
					Doc:     "**depends_on** — bindings to apply first: in a `wait`, before polling starts; in `directives`, before the resource.",
					Example: "depends_on = [validation_record]"},
				{Name: "timeout", Value: DurationValue, Keyword: true,
					Detail:  "how long to poll before failing",
					Snippet: "timeout = ",
					Doc:     "**timeout** — in a `wait` block, how long to poll before failing the apply (default: the target schema's, else 5min).",
					Example: "timeout = 75min"},
			},
			Detail:     "Block downstream resources until target reaches a condition",
			Snippet:    "let ${1:name} = wait ${2:target} {\n  until = ${2:target}.${3:attr} == ${4:value}\n}",
			LetSnippet: "wait ${1:target} {\n  until = ${1:target}.${2:attr} == ${3:value}\n}",
			Doc:        "**wait** — holds back everything that reads the wait's binding until its target reaches a condition, polling the target with reads. Only as the value of a `let`; keys `until` (required), `depends_on` and `timeout`. A wait never appears in state; a timeout fails the apply and blocks its dependents without replacing the target.",
			Example:    "let cert_issued = wait cert {\n  until      = cert.status == aws.acm.Certificate.Status.Issued\n  depends_on = [validation_record]\n  timeout    = 75min\n}"},
		{ID: ReadConstruct, Keyword: "read", Name: "data source", Place: InLet | InBody, Blocks: []ConstructID{DirectivesConstruct},
			Detail: "Read a data source", Snippet: "let ${1:name} = read ${2:type} {\n  $0\n}", LetSnippet: "read ${1:type} {\n  $0\n}",
			Doc:     "**read** — a data source: reads an existing cloud object on every plan instead of managing it. Only as the value of a `let` (or in `for`/`if` bodies); the type must be a data source.",
			Example: "let me = read aws.sts.CallerIdentity {}"},
		{ID: UseConstruct, Keyword: "use", Name: "use", Place: InLet, Keys: []Key{source},
			Detail: "Import a module", Snippet: "let ${1:name} = use {\n  source = '$2'\n}", LetSnippet: "use {\n  source = '$1'\n}",
			Doc:     "**use** — imports a module: a directory of `.crn` files with `arguments` and `attributes`, resolved relative to this configuration. Only as the value of a `let`; the alias is then called like a block.",
			Example: "let net = use { source = './modules/net' }\n\nlet main = net {\n  vpc_cidr = '10.0.0.0/16'\n}"},
		{ID: UpstreamConstruct, Keyword: "upstream_state", Name: "upstream_state", Place: InLet, Keys: []Key{source},
			Detail: "Read another configuration's exports", Snippet: "let ${1:name} = upstream_state {\n  source = '$2'\n}", LetSnippet: "upstream_state {\n  source = '$1'\n}",
			Doc:     "**upstream_state** — reads the `exports` of another configuration (a directory relative to this one) from its state, as `binding.<export>`. Only `source` is allowed.",
			Example: "let orgs = upstream_state { source = '../organizations' }\n\nlet id = orgs.account_id"},
		{ID: ProviderConstruct, Keyword: "provider", Name: "provider", Place: AtTop | InLet, Named: true, Open: true,
			Keys: []Key{
				{Name: "region", Value: RegionValue, Detail: "the region resources are created in", Snippet: "region = "},
				{Name: "default_tags", Value: MapValue, Detail: "tags added to every taggable resource", Snippet: "default_tags = {\n  $0\n}"},
				{Name: "source", Value: StringValue, Place: AtTop, Detail: "where the provider comes from", Snippet: "source = '$1'"},
				{Name: "version", Value: StringValue, Place: AtTop, Detail: "a version constraint", Snippet: "version = '$1'"},
				{Name: "revision", Value: StringValue, Place: AtTop, Detail: "a pinned revision (instead of version)", Snippet: "revision = '$1'"},
			},
			Detail: "Configure a provider", Snippet: "provider ${1:aws} {\n  region = $0\n}", LetSnippet: "provider ${1:aws} {\n  region = $0\n}",
			Doc:     "**provider** — configures a provider kind (`provider aws { … }`, the default instance) or, as a `let` value, a named instance that resources pick with `directives { provider = name }`.",
			Example: "provider aws {\n  region = aws.Region.us_east_1\n}\n\nlet us = provider aws {\n  region = aws.Region.us_west_2\n}"},
		{ID: ArgumentsConstruct, Keyword: "arguments", Name: "arguments", Place: AtTop, Items: true,
			Detail: "Module inputs", Snippet: "arguments {\n  ${1:name}: ${2:String}\n}",
			Doc:     "**arguments** — the inputs of a module: `name: Type`, with an optional default (`= value`) or a detail block with `description`, `default` and `validation`. Only in modules.",
			Example: "arguments {\n  vpc_cidr: String\n  env: 'dev' | 'prod' = 'dev'\n}"},
		{ID: AttributesConstruct, Keyword: "attributes", Name: "attributes", Place: AtTop, Items: true,
			Detail: "Module outputs", Snippet: "attributes {\n  ${1:name} = $0\n}",
			Doc:     "**attributes** — the outputs of a module: what a caller reads as `call.<name>`.",
			Example: "attributes {\n  vpc_id: String = vpc.vpc_id\n}"},
		{ID: ExportsConstruct, Keyword: "exports", Name: "exports", Place: AtTop, Items: true,
			Detail: "Values published to upstream_state readers", Snippet: "exports {\n  ${1:name} = $0\n}",
			Doc:     "**exports** — values this configuration publishes in its state for others to read with `upstream_state`. Not allowed in modules.",
			Example: "exports {\n  account_id = account.id\n}"},
		{ID: FnConstruct, Keyword: "fn", Name: "function", Place: AtTop,
			Detail: "Define a function", Snippet: "fn ${1:name}(${2:x}) {\n  $0\n}",
			Doc:     "**fn** — a user function: typed parameters with optional defaults, local `let`s, then one result expression. It may not shadow a built-in function or call itself.",
			Example: "fn name(env: String, app: String = 'web'): String {\n  join('-', [env, app])\n}"},
		{ID: ForConstruct, Keyword: "for", Name: "for", Place: AtTop | InLet | InBody, Parts: []string{"in"}, PartDocs: []PartDoc{{Doc: "**in** — separates the loop variables of a `for` from what it iterates over.", Example: "for name in names { … }"}},
			Detail: "One resource per element", Snippet: "for ${1:x} in ${2:items} {\n  $0\n}", LetSnippet: "for ${1:x} in ${2:items} {\n  $0\n}",
			Doc:     "**for** — one resource, data source or module call per element of a list or map; items are addressed `name[0]`, `name[1]`… (lists) or `name.key` (maps). Forms: `for x in xs`, `for (i, x) in xs`, `for k, v in m`.",
			Example: "let subnets = for cidr in ['10.0.1.0/24', '10.0.2.0/24'] {\n  aws.ec2.Subnet {\n    vpc_id     = vpc.vpc_id\n    cidr_block = cidr\n  }\n}"},
		{ID: IfConstruct, Keyword: "if", Name: "if", Place: AtTop | InLet | InBody, Parts: []string{"else"}, PartDocs: []PartDoc{{Doc: "**else** — the alternative of an `if`; required when the `if` is used as a value and its condition is false.", Example: "let size = if prod { 'large' } else { 'small' }"}},
			Detail: "A conditional resource", Snippet: "if ${1:condition} {\n  $0\n}", LetSnippet: "if ${1:condition} {\n  $0\n}",
			Doc:     "**if** — a resource, module call or value that exists only when a condition known at parse time holds; `else` gives the alternative (no `else if`).",
			Example: "let alarm = if enable_alarms {\n  aws.cloudwatch.Alarm { … }\n}"},
		{ID: ImportConstruct, Keyword: "import", Name: "import", Place: AtTop, Closed: true,
			Keys: []Key{address("to", "**to** — the address the imported resource gets in this configuration: `aws.s3.Bucket 'name'`."),
				{Name: "id", Value: StringValue, Required: true, Detail: "the provider's identifier of the existing resource", Snippet: "id = '$1'",
					Doc: "**id** — the provider's identifier of the existing cloud resource to import (a string; it may interpolate)."}},
			Detail: "Import an existing resource into state", Snippet: "import {\n  to = ${1:type} '${2:name}'\n  id = '$3'\n}",
			Doc:     "**import** — adopts an existing cloud resource into state at the address `to`, by its provider identifier `id`, on the next apply.",
			Example: "import {\n  to = aws.s3.Bucket 'logs'\n  id = 'my-logs-bucket'\n}"},
		{ID: RemovedConstruct, Keyword: "removed", Name: "removed", Place: AtTop, Closed: true, Keys: []Key{address("from", "**from** — the address of the resource to forget: it leaves the state, and the cloud resource is kept.")},
			Detail: "Forget a resource without destroying it", Snippet: "removed {\n  from = ${1:type} '${2:name}'\n}",
			Doc:     "**removed** — forgets a resource: it leaves the state, and the cloud resource is kept.",
			Example: "removed {\n  from = aws.s3.Bucket 'logs'\n}"},
		{ID: MovedConstruct, Keyword: "moved", Name: "moved", Place: AtTop, Closed: true, Keys: []Key{
			address("from", "**from** — the address the resource had in state: `aws.s3.Bucket 'old'`."),
			address("to", "**to** — the new address of the resource: `aws.s3.Bucket 'new'`, same provider and resource type as `from`.")},
			Detail: "Rename a resource in state", Snippet: "moved {\n  from = ${1:type} '${2:old}'\n  to   = ${1:type} '${3:new}'\n}",
			Doc:     "**moved** — renames a resource in state without replacing it; `from` and `to` must have the same provider and resource type.",
			Example: "moved {\n  from = aws.s3.Bucket 'logs'\n  to   = aws.s3.Bucket 'access_logs'\n}"},
		{ID: BackendConstruct, Keyword: "backend", Name: "backend", Place: AtTop, Named: true,
			Detail: "Where state is stored", Snippet: "backend ${1:s3} {\n  $0\n}",
			Doc:     "**backend** — where this configuration keeps its state. At most one per directory; not allowed in modules.",
			Example: "backend s3 {\n  bucket = 'my-state'\n  key    = 'prod/carina.state.json'\n}"},
		{ID: RequireConstruct, Keyword: "require", Name: "require", Place: AtTop,
			Detail: "A constraint checked when the module is called", Snippet: "require ${1:condition}, '${2:message}'",
			Doc:     "**require** — a condition checked when the module is called, with the message shown when it fails. Takes a validate expression (`==`, `!=`, `<`, `&&`, `||`, `!`, function calls).",
			Example: "require length(subnets) > 0, 'need at least one subnet'"},
		{ID: ResourceConstruct, Name: "resource", Place: AtTop | InLet | InBody, Blocks: []ConstructID{DirectivesConstruct}},
		{ID: ModuleCallConstruct, Name: "module call", Place: AtTop | InLet | InBody},
		{ID: DirectivesConstruct, Keyword: "directives", Name: "directives", Place: InResource,
			Keys: []Key{
				flag("create_before_destroy", "create the replacement before destroying the old one", "when the resource must be replaced, create the new one before deleting the old one."),
				{Name: "depends_on", Value: BindingsValue, Keyword: true, Depends: true, Layout: SortedList, Detail: "bindings this resource waits for", Snippet: "depends_on = [$0]",
					Doc:     "**directives.depends_on** — bindings this resource is applied after, besides those its values reference: for ordering that no attribute expresses. A list of bare binding names (not strings, not attributes).",
					Example: "depends_on = [role]"},
				flag("force_delete", "delete even when the provider would refuse", "delete the resource even when it is not empty (e.g. a bucket with objects)."),
				flag("prevent_destroy", "refuse to destroy this resource", "refuse any plan that would delete (or replace) this resource."),
				{Name: "provider", Value: BindingValue, Depends: true, Detail: "the named provider instance to use", Snippet: "provider = ",
					Doc:     "**directives.provider** — the named provider instance that manages this resource (`let us = provider aws { … }`), instead of the kind's default instance. A bare binding name.",
					Example: "provider = us"},
			},
			Detail: "create_before_destroy, depends_on, force_delete, prevent_destroy, provider", Snippet: "directives {\n  $0\n}",
			Doc:     "**directives** — settings about how a resource is managed rather than what it is; never sent to the provider. Keys: `depends_on`, `provider`, `create_before_destroy`, `prevent_destroy`, `force_delete`.",
			Example: "directives {\n  depends_on      = [role]\n  prevent_destroy = true\n}"},
		{ID: ArgumentConstruct, Name: "argument", Closed: true, Blocks: []ConstructID{ValidationConstruct},
			Keys: []Key{
				{Name: "description", Value: StringValue, Detail: "what the argument is for", Snippet: "description = '$1'",
					Doc: "**description** — what the argument is for, shown when hovering the argument and its uses. A string literal."},
				{Name: "default", Detail: "the value when the caller sets none", Snippet: "default = ",
					Doc: "**default** — the value used when the module call leaves the argument out; without it the argument is required."},
			}},
		{ID: ValidationConstruct, Keyword: "validation", Name: "validation", Place: InArgument, Closed: true,
			Keys: []Key{
				{Name: "condition", Value: PredicateValue, Layout: Verbatim, Detail: "a validate expression on the argument", Snippet: "condition = "},
				{Name: "error_message", Value: StringValue, Detail: "shown when the condition is false", Snippet: "error_message = '$1'"},
			},
			Detail: "a check of the argument", Snippet: "validation {\n  condition     = $1\n  error_message = '$2'\n}",
			Doc:     "**validation** — a check of a module argument, made for each call of the module: `condition` (a validate expression on the argument, which may call `len()` or `length()`) and the `error_message` shown when it is false (without it, Carina says \"validation failed for argument …\"). May repeat.",
			Example: "validation {\n  condition     = length(name) <= 32\n  error_message = 'name is too long'\n}"},
	}
}

// table is the construct table with its lookups, built on first use rather than when the package
// loads (every process links this package, and most commands, version among them, never ask), and
// never changed after: every accessor hands out read-only views of it.
func table() *constructTable { return tableMemo.Get(newTable) }

var tableMemo lazy.Value[*constructTable]

type constructTable struct {
	list      []Construct
	byKeyword map[string]*Construct
	keywords  []string
}

func newTable() *constructTable {
	t := &constructTable{list: append(constructs(), recipeConstructs()...), byKeyword: map[string]*Construct{}}
	seen := map[string]bool{}
	addWord := func(w string) {
		if w != "" && !seen[w] {
			seen[w] = true
			t.keywords = append(t.keywords, w)
		}
	}
	for i := range t.list {
		c := &t.list[i]
		if c.Keyword != "" {
			t.byKeyword[c.Keyword] = c
		}
		addWord(c.Keyword)
		for _, p := range c.Parts {
			addWord(p)
		}
		for _, k := range c.Keys {
			if k.Keyword {
				addWord(k.Name)
			}
		}
	}
	sort.Strings(t.keywords)
	return t
}

// Constructs returns every construct, in table order: the statements in the order completion
// offers them, then the constructs without a keyword and the nested blocks. The table is shared:
// do not modify it.
func Constructs() []Construct { return table().list }

// ConstructOf returns the construct id (nil for NoConstruct).
func ConstructOf(id ConstructID) *Construct {
	list := table().list
	for i := range list {
		if list[i].ID == id {
			return &list[i]
		}
	}
	return nil
}

// ExpectsMore reports whether word, ending what has been written, must be followed by more: the
// keyword of a construct that stands as a statement or a value (let, wait, read, for ...) or a
// part of one's syntax (in, else). Block names (directives) and keys (until) are complete words.
func ExpectsMore(word string) bool {
	t := table()
	if c := t.byKeyword[word]; c != nil {
		return c.Place&(AtTop|InLet|InBody) != 0
	}
	for _, c := range t.list {
		if slices.Contains(c.Parts, word) {
			return true
		}
	}
	return false
}

// KeywordConstruct returns the construct the keyword word introduces, or nil.
func KeywordConstruct(word string) *Construct { return table().byKeyword[word] }
