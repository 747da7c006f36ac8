package types

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/internal/lazy"
)

// Param is one parameter of a function's signature.
type Param struct {
	Name string
	Type *Type
	Doc  string // one line
	// Optional marks a parameter that may be left out (a user function's default, decrypt's
	// key).
	Optional bool
	Default  string // a user function's default, as written
}

// Builtin is one of Carina's built-in functions: its signature for the editor, and its
// evaluation on constants with Carina's messages.
type Builtin struct {
	Name    string
	Params  []Param
	Result  *Type
	Doc     string
	Example string
	// Arity is how many arguments a call needs; with fewer (at least one) it is a partial
	// application, a closure.
	Arity int
	eval  func(args []Value) (Value, error)
}

// Label writes the signature: `join(separator: String, list: list) -> String`.
func (b *Builtin) Label() string { return b.Signature().Label() }

// builtins are Carina's built-in functions, sorted by name. The data argument comes last, so
// that `x |> f(a)` is `f(a, x)`. The table is built on first use, not when the package loads:
// every process links this package, and most commands never call a function.
func builtins() []*Builtin { return builtinsMemo.Get(newBuiltins) }

var builtinsMemo lazy.Value[[]*Builtin]

func newBuiltins() []*Builtin {
	var (
		listAny     = ListOf(nil)
		mapAny      = MapOf(nil)
		listOfStr   = ListOf(StringType)
		number      = UnionOf(IntType, FloatType)
		lengthOf    = UnionOf(listAny, mapAny, StringType)
		collections = UnionOf(listAny, mapAny)
	)
	return []*Builtin{
		{Name: "cidr_subnet", Arity: 3, Result: StringType, eval: cidrSubnet,
			Params: []Param{{Name: "prefix", Type: StringType, Doc: "the network in CIDR notation, e.g. '10.0.0.0/16'"},
				{Name: "newbits", Type: IntType, Doc: "bits added to the prefix length"},
				{Name: "netnum", Type: IntType, Doc: "which subnet of that size, from 0"}},
			Doc:     "Calculates a subnet of a CIDR prefix: the prefix extended by `newbits` bits, numbered `netnum`.",
			Example: "cidr_subnet('10.0.0.0/16', 8, 1)  # '10.0.1.0/24'"},
		{Name: "concat", Arity: 2, Result: listAny, eval: concat,
			Params: []Param{{Name: "items", Type: listAny, Doc: "the elements to append"},
				{Name: "base_list", Type: listAny, Doc: "the list they are appended to"}},
			Doc:     "Concatenates two lists: `base_list` followed by `items`.",
			Example: "[1, 2] |> concat([3, 4])  # [1, 2, 3, 4]"},
		{Name: "decrypt", Arity: 1, Result: StringType, eval: decrypt,
			Params: []Param{{Name: "ciphertext", Type: StringType, Doc: "the encrypted value, e.g. from KMS"},
				{Name: "key", Type: StringType, Doc: "the key, when the ciphertext does not name it", Optional: true}},
			Doc:     "Decrypts a value with the provider's encryption support (e.g. AWS KMS) when the configuration is loaded; wrap the result in `secret()` to keep it out of plans and state.",
			Example: "secret(decrypt('AQICAHh…'))"},
		{Name: "env", Arity: 1, Result: StringType, eval: env,
			Params:  []Param{{Name: "name", Type: StringType, Doc: "the environment variable"}},
			Doc:     "Reads an environment variable of the process running Carina; an error when it is not set.",
			Example: "env('DB_PASSWORD')"},
		{Name: "flatten", Arity: 1, Result: listAny, eval: flattenList,
			Params:  []Param{{Name: "list", Type: listAny, Doc: "a list of lists"}},
			Doc:     "Flattens a list of lists into one list (one level).",
			Example: "flatten([[1, 2], [3]])  # [1, 2, 3]"},
		{Name: "join", Arity: 2, Result: StringType, eval: join,
			Params: []Param{{Name: "separator", Type: StringType, Doc: "put between the elements"},
				{Name: "list", Type: listAny, Doc: "the strings (or numbers, booleans, durations) to join"}},
			Doc:     "Joins a list of strings with a separator.",
			Example: "['a', 'b'] |> join('-')  # 'a-b'"},
		{Name: "keys", Arity: 1, Result: listOfStr, eval: keys,
			Params:  []Param{{Name: "map", Type: mapAny, Doc: "the map"}},
			Doc:     "Returns the keys of a map, sorted, as a list.",
			Example: "keys({ b = 1, a = 2 })  # ['a', 'b']"},
		{Name: "length", Arity: 1, Result: IntType, eval: length,
			Params:  []Param{{Name: "value", Type: lengthOf, Doc: "what to measure"}},
			Doc:     "Returns the number of elements of a list or map, or of bytes of a string.",
			Example: "length(subnets)"},
		{Name: "lookup", Arity: 3, Result: UnknownType, eval: lookup,
			Params: []Param{{Name: "map", Type: mapAny, Doc: "the map to look in"},
				{Name: "key", Type: StringType, Doc: "the key"},
				{Name: "default", Type: UnknownType, Doc: "returned when the key is missing"}},
			Doc:     "Returns the value of a key of a map, or the default when the map has no such key.",
			Example: "lookup(sizes, env, 't3.micro')"},
		{Name: "lower", Arity: 1, Result: StringType, eval: caseOf("lower", strings.ToLower),
			Params:  []Param{{Name: "string", Type: StringType, Doc: "the text"}},
			Doc:     "Converts a string to lower case.",
			Example: "lower('Prod')  # 'prod'"},
		{Name: "map", Arity: 2, Result: collections, eval: mapField,
			Params: []Param{{Name: "accessor", Type: StringType, Doc: "a field accessor starting with '.', e.g. '.subnet_id'"},
				{Name: "collection", Type: collections, Doc: "a list or map of maps"}},
			Doc:     "Extracts one field from every element of a list (or every value of a map) of maps.",
			Example: "subnets |> map('.subnet_id')"},
		{Name: "max", Arity: 2, Result: number, eval: minMax("max", func(a, b float64) bool { return a > b }),
			Params: []Param{{Name: "a", Type: number, Doc: "a number"}, {Name: "b", Type: number, Doc: "another number"}},
			Doc:    "Returns the larger of two numbers.", Example: "max(3, 5)  # 5"},
		{Name: "min", Arity: 2, Result: number, eval: minMax("min", func(a, b float64) bool { return a < b }),
			Params: []Param{{Name: "a", Type: number, Doc: "a number"}, {Name: "b", Type: number, Doc: "another number"}},
			Doc:    "Returns the smaller of two numbers.", Example: "min(3, 5)  # 3"},
		{Name: "replace", Arity: 3, Result: StringType, eval: replace,
			Params: []Param{{Name: "search", Type: StringType, Doc: "the text to find"},
				{Name: "replacement", Type: StringType, Doc: "what replaces it"},
				{Name: "string", Type: StringType, Doc: "the text to change"}},
			Doc:     "Replaces every occurrence of `search` in a string with `replacement`.",
			Example: "'hello-world' |> replace('-', '_')  # 'hello_world'"},
		{Name: "secret", Arity: 1, Result: SecretOf(nil), eval: secret,
			Params:  []Param{{Name: "value", Type: UnknownType, Doc: "the sensitive value"}},
			Doc:     "Marks a value as secret: sent to the provider, shown as `(secret)` in plans and stored only as a hash in state.",
			Example: "secret(env('DB_PASSWORD'))"},
		{Name: "split", Arity: 2, Result: listOfStr, eval: split,
			Params: []Param{{Name: "separator", Type: StringType, Doc: "where to cut"},
				{Name: "string", Type: StringType, Doc: "the text to split"}},
			Doc:     "Splits a string at each separator.",
			Example: "'a,b' |> split(',')  # ['a', 'b']"},
		{Name: "trim", Arity: 1, Result: StringType, eval: trim,
			Params:  []Param{{Name: "string", Type: StringType, Doc: "the text"}},
			Doc:     "Removes the white space at both ends of a string.",
			Example: "trim('  web ')  # 'web'"},
		{Name: "upper", Arity: 1, Result: StringType, eval: caseOf("upper", strings.ToUpper),
			Params:  []Param{{Name: "string", Type: StringType, Doc: "the text"}},
			Doc:     "Converts a string to upper case.",
			Example: "upper('prod')  # 'PROD'"},
		{Name: "values", Arity: 1, Result: listAny, eval: values,
			Params:  []Param{{Name: "map", Type: mapAny, Doc: "the map"}},
			Doc:     "Returns the values of a map, as a list in the order of its sorted keys.",
			Example: "values({ b = 1, a = 2 })  # [2, 1]"},
	}
}

// LookupBuiltin returns the built-in function of that name, or nil.
func LookupBuiltin(name string) *Builtin {
	bs := builtins()
	i, ok := slices.BinarySearchFunc(bs, name, func(b *Builtin, n string) int { return strings.Compare(b.Name, n) })
	if !ok {
		return nil
	}
	return bs[i]
}

// Builtins returns Carina's built-in functions, sorted by name. The slice is shared: do not
// change it.
func Builtins() []*Builtin { return builtins() }

// errUnknownBuiltin is Carina's message for a call of a name that is no built-in.
func errUnknownBuiltin(name string) error { return fmt.Errorf("Unknown built-in function: %s", name) }

// evalBuiltin applies a built-in function to constant arguments as Carina does: fewer arguments
// than its arity (at least one) make a closure.
func evalBuiltin(name string, args []Value) (Value, error) {
	b := LookupBuiltin(name)
	if b == nil {
		return Value{}, errUnknownBuiltin(name)
	}
	if len(args) > 0 && len(args) < b.Arity {
		return Value{Shape: ClosureVal, Text: name, Elems: slices.Clone(args), Remaining: b.Arity - len(args)}, nil
	}
	for _, a := range args {
		if a.Shape == ClosureVal {
			return Value{}, fmt.Errorf("%s: closure '%s' (still needs %d arg(s)) cannot be used as a data argument; finish the partial application first", name, a.Text, a.Remaining)
		}
	}
	return b.eval(args)
}

// applyClosure gives a closure more arguments: with all it needs, the function runs.
func applyClosure(c Value, args []Value) (Value, error) {
	if c.Text == composeName {
		if len(args) != 1 {
			return Value{}, fmt.Errorf("composed function expects exactly 1 argument, got %d", len(args))
		}
		r := args[0]
		for _, stage := range c.Elems {
			var err error
			if r, err = applyClosure(stage, []Value{r}); err != nil {
				return Value{}, err
			}
		}
		return r, nil
	}
	if len(args) > c.Remaining {
		s := "s"
		if c.Remaining == 1 {
			s = ""
		}
		return Value{}, fmt.Errorf("%s() closure expects %d more argument%s, got %d", c.Text, c.Remaining, s, len(args))
	}
	all := append(slices.Clone(c.Elems), args...)
	if c.Remaining == len(args) {
		return evalBuiltin(c.Text, all)
	}
	return Value{Shape: ClosureVal, Text: c.Text, Elems: all, Remaining: c.Remaining - len(args)}, nil
}

// composeName is the function of a composition `f >> g`.
const composeName = "__compose__"

func argCount(name, what string, want int, args []Value) error {
	if len(args) != want {
		return fmt.Errorf("%s() expects %d argument%s%s, got %d", name, want, plural(want), what, len(args))
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func cidrSubnet(args []Value) (Value, error) {
	if err := argCount("cidr_subnet", " (prefix, newbits, netnum)", 3, args); err != nil {
		return Value{}, err
	}
	if args[0].Shape != Str {
		return Value{}, fmt.Errorf("cidr_subnet() first argument (prefix) must be a string, got %s", args[0].BuiltinShapeName())
	}
	if args[1].Shape != IntVal {
		return Value{}, fmt.Errorf("cidr_subnet() second argument (newbits) must be an integer, got %s", args[1].BuiltinShapeName())
	}
	if args[2].Shape != IntVal {
		return Value{}, fmt.Errorf("cidr_subnet() third argument (netnum) must be an integer, got %s", args[2].BuiltinShapeName())
	}
	newbits, netnum := args[1].Int, args[2].Int
	if newbits < 0 {
		return Value{}, fmt.Errorf("cidr_subnet() newbits must be non-negative, got %d", newbits)
	}
	if netnum < 0 {
		return Value{}, fmt.Errorf("cidr_subnet() netnum must be non-negative, got %d", netnum)
	}
	prefix := args[0].Text
	parts := strings.Split(prefix, "/")
	if len(parts) != 2 {
		return Value{}, fmt.Errorf("cidr_subnet() invalid CIDR format: '%s' (expected 'address/prefix')", prefix)
	}
	addr, ok := parseIPv4Strict(parts[0])
	if !ok {
		return Value{}, fmt.Errorf("cidr_subnet() invalid IP address '%s': invalid IPv4 address syntax", parts[0])
	}
	plen, err := rustU32(parts[1])
	if err != nil {
		return Value{}, fmt.Errorf("cidr_subnet() invalid prefix length '%s': %s", parts[1], err)
	}
	if plen > 32 {
		return Value{}, fmt.Errorf("cidr_subnet() prefix length %d exceeds maximum of 32", plen)
	}
	// Carina casts newbits to 32 bits before adding (and shifts by it modulo 64).
	nb := uint32(newbits)
	sum := plen + nb
	if sum > 32 || sum < plen {
		return Value{}, fmt.Errorf("cidr_subnet() resulting prefix length %d (%d+%d) exceeds maximum of 32", sum, plen, nb)
	}
	max := uint64(1) << (nb & 63)
	if uint64(netnum) >= max {
		return Value{}, fmt.Errorf("cidr_subnet() netnum %d is out of range for %d additional bits (max %d)", netnum, nb, max-1)
	}
	var mask uint32
	if plen > 0 {
		mask = ^uint32(0) << (32 - plen)
	}
	host := 32 - sum
	var off uint32
	if host < 32 {
		off = uint32(netnum) << host
	}
	a := addr&mask | off
	return StrOf(fmt.Sprintf("%d.%d.%d.%d/%d", a>>24, a>>16&255, a>>8&255, a&255, sum)), nil
}

// parseIPv4Strict reads a dotted quad as Rust's Ipv4Addr does: four decimal octets, no leading
// zeros, no signs.
func parseIPv4Strict(s string) (uint32, bool) {
	octets := strings.Split(s, ".")
	if len(octets) != 4 {
		return 0, false
	}
	var a uint32
	for _, o := range octets {
		if o == "" || len(o) > 3 || len(o) > 1 && o[0] == '0' {
			return 0, false
		}
		n := 0
		for i := 0; i < len(o); i++ {
			if o[i] < '0' || o[i] > '9' {
				return 0, false
			}
			n = n*10 + int(o[i]-'0')
		}
		if n > 255 {
			return 0, false
		}
		a = a<<8 | uint32(n)
	}
	return a, true
}

// rustU32 parses as Rust's u32::from_str, with its error texts.
func rustU32(s string) (uint32, error) {
	t := strings.TrimPrefix(s, "+")
	if s == "" || t == "" && s != "" {
		if s == "" {
			return 0, fmt.Errorf("cannot parse integer from empty string")
		}
		return 0, fmt.Errorf("invalid digit found in string")
	}
	var n uint64
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return 0, fmt.Errorf("invalid digit found in string")
		}
		n = n*10 + uint64(t[i]-'0')
		if n > 1<<32-1 {
			return 0, fmt.Errorf("number too large to fit in target type")
		}
	}
	return uint32(n), nil
}

func concat(args []Value) (Value, error) {
	if err := argCount("concat", " (items, base_list)", 2, args); err != nil {
		return Value{}, err
	}
	if args[0].Shape != ListVal {
		return Value{}, fmt.Errorf("concat() first argument must be a list, got %s", args[0].BuiltinShapeName())
	}
	if args[1].Shape != ListVal {
		return Value{}, fmt.Errorf("concat() second argument must be a list, got %s", args[1].BuiltinShapeName())
	}
	return Value{Shape: ListVal, Elems: append(slices.Clone(args[1].Elems), args[0].Elems...)}, nil
}

func decrypt(args []Value) (Value, error) {
	if len(args) < 1 || len(args) > 2 {
		return Value{}, fmt.Errorf("decrypt() expects 1 or 2 arguments (ciphertext[, key]), got %d", len(args))
	}
	if args[0].Shape != Str {
		return Value{}, fmt.Errorf("decrypt() first argument must be a string (ciphertext), got %s", args[0].BuiltinShapeName())
	}
	if len(args) == 2 && args[1].Shape != Str {
		return Value{}, fmt.Errorf("decrypt() second argument must be a string (key), got %s", args[1].BuiltinShapeName())
	}
	// The plain text is known only where the provider's key service answers; Carina has it while
	// it evaluates.
	return Value{Shape: Unknowable, Type: StringType, opaque: true}, nil
}

func env(args []Value) (Value, error) {
	if err := argCount("env", " (variable name)", 1, args); err != nil {
		return Value{}, err
	}
	if args[0].Shape != Str {
		return Value{}, fmt.Errorf("env() argument must be a string, got %s", args[0].BuiltinShapeName())
	}
	// The variable is read where Carina runs, not here; Carina has it while it evaluates.
	return Value{Shape: Unknowable, Type: StringType, opaque: true}, nil
}

func flattenList(args []Value) (Value, error) {
	if err := argCount("flatten", "", 1, args); err != nil {
		return Value{}, err
	}
	if args[0].Shape != ListVal {
		return Value{}, fmt.Errorf("flatten() argument must be a List, got %s", args[0].BuiltinShapeName())
	}
	var out []Value
	for _, e := range args[0].Elems {
		if e.Shape == ListVal {
			out = append(out, e.Elems...)
		} else {
			out = append(out, e)
		}
	}
	return Value{Shape: ListVal, Elems: out}, nil
}

func join(args []Value) (Value, error) {
	if err := argCount("join", " (separator, list)", 2, args); err != nil {
		return Value{}, err
	}
	if args[0].Shape != Str {
		return Value{}, fmt.Errorf("join() first argument must be a string, got %s", args[0].BuiltinShapeName())
	}
	if args[1].Shape != ListVal {
		return Value{}, fmt.Errorf("join() second argument must be a list, got %s", args[1].BuiltinShapeName())
	}
	parts := make([]string, len(args[1].Elems))
	for i, e := range args[1].Elems {
		s, ok := e.text()
		if !ok {
			// Carina writes such an element in its internal notation: the result is a string,
			// but not one worth showing.
			return UnknownOf(StringType), nil
		}
		parts[i] = s
	}
	return StrOf(strings.Join(parts, args[0].Text)), nil
}

// text writes a scalar constant as Carina's join and interpolation do.
func (v Value) text() (string, bool) {
	switch v.Shape {
	case Str:
		return v.Text, true
	case IntVal:
		return strconv.FormatInt(v.Int, 10), true
	case FloatVal:
		return formatFloat(v.Float), true
	case BoolVal:
		return strconv.FormatBool(v.Bool), true
	case DurationVal:
		return RenderDuration(v.Int), true
	}
	return "", false
}

func keys(args []Value) (Value, error) {
	if err := argCount("keys", "", 1, args); err != nil {
		return Value{}, err
	}
	if args[0].Shape != MapVal {
		return Value{}, fmt.Errorf("keys() argument must be a Map, got %s", args[0].BuiltinShapeName())
	}
	ks := slices.Sorted(slices.Values(args[0].Keys))
	out := make([]Value, len(ks))
	for i, k := range ks {
		out[i] = StrOf(k)
	}
	return Value{Shape: ListVal, Elems: out}, nil
}

func values(args []Value) (Value, error) {
	if err := argCount("values", "", 1, args); err != nil {
		return Value{}, err
	}
	m := args[0]
	if m.Shape != MapVal {
		return Value{}, fmt.Errorf("values() argument must be a Map, got %s", m.BuiltinShapeName())
	}
	ks := slices.Sorted(slices.Values(m.Keys))
	out := make([]Value, len(ks))
	for i, k := range ks {
		out[i], _ = m.Get(k)
	}
	return Value{Shape: ListVal, Elems: out}, nil
}

func length(args []Value) (Value, error) {
	if err := argCount("length", "", 1, args); err != nil {
		return Value{}, err
	}
	switch a := args[0]; a.Shape {
	case ListVal, MapVal:
		return IntOf(int64(len(a.Elems))), nil
	case Str:
		return IntOf(int64(len(a.Text))), nil
	default:
		return Value{}, fmt.Errorf("length() argument must be a List, Map, or String, got %s", a.BuiltinShapeName())
	}
}

func lookup(args []Value) (Value, error) {
	if err := argCount("lookup", " (map, key, default)", 3, args); err != nil {
		return Value{}, err
	}
	if args[0].Shape != MapVal {
		return Value{}, fmt.Errorf("lookup() first argument must be a map, got %s", args[0].BuiltinShapeName())
	}
	if args[1].Shape != Str {
		return Value{}, fmt.Errorf("lookup() second argument must be a string, got %s", args[1].BuiltinShapeName())
	}
	if v, ok := args[0].Get(args[1].Text); ok {
		return v, nil
	}
	return args[2], nil
}

func caseOf(name string, conv func(string) string) func([]Value) (Value, error) {
	return func(args []Value) (Value, error) {
		if err := argCount(name, " (string)", 1, args); err != nil {
			return Value{}, err
		}
		if args[0].Shape != Str {
			return Value{}, fmt.Errorf("%s() argument must be a string, got %s", name, args[0].BuiltinShapeName())
		}
		return StrOf(conv(args[0].Text)), nil
	}
}

func mapField(args []Value) (Value, error) {
	if len(args) != 2 {
		return Value{}, fmt.Errorf("map() requires 2 arguments, got %d", len(args))
	}
	if args[0].Shape != Str || !strings.HasPrefix(args[0].Text, ".") {
		return Value{}, fmt.Errorf(`map() first argument must be a field accessor string starting with '.' (e.g., ".field_name")`)
	}
	field := args[0].Text[1:]
	switch c := args[1]; c.Shape {
	case ListVal:
		out := make([]Value, len(c.Elems))
		for i, e := range c.Elems {
			if e.Shape != MapVal {
				return Value{}, fmt.Errorf("map() expects list of maps, got list of %s", e.BuiltinShapeName())
			}
			v, ok := e.Get(field)
			if !ok {
				return Value{}, fmt.Errorf("map(): field '%s' not found in map element", field)
			}
			out[i] = v
		}
		return Value{Shape: ListVal, Elems: out}, nil
	case MapVal:
		out := Value{Shape: MapVal, Keys: slices.Clone(c.Keys), Elems: make([]Value, len(c.Elems))}
		for i, e := range c.Elems {
			if e.Shape != MapVal {
				return Value{}, fmt.Errorf("map() expects map of maps, got map with %s value", e.BuiltinShapeName())
			}
			v, ok := e.Get(field)
			if !ok {
				return Value{}, fmt.Errorf("map(): field '%s' not found in map value for key '%s'", field, c.Keys[i])
			}
			out.Elems[i] = v
		}
		return out, nil
	default:
		return Value{}, fmt.Errorf("map() second argument must be a list or map, got %s", c.BuiltinShapeName())
	}
}

func minMax(name string, first func(a, b float64) bool) func([]Value) (Value, error) {
	return func(args []Value) (Value, error) {
		if err := argCount(name, "", 2, args); err != nil {
			return Value{}, err
		}
		a, b := args[0], args[1]
		num := func(v Value) (float64, bool) {
			switch v.Shape {
			case IntVal:
				return float64(v.Int), true
			case FloatVal:
				return v.Float, true
			}
			return 0, false
		}
		x, okA := num(a)
		y, okB := num(b)
		if !okA || !okB {
			return Value{}, fmt.Errorf("%s() arguments must be Int or Float, got %s and %s", name, a.BuiltinShapeName(), b.BuiltinShapeName())
		}
		if a.Shape == IntVal && b.Shape == IntVal {
			if first(x, y) {
				return a, nil
			}
			return b, nil
		}
		if first(x, y) {
			return Value{Shape: FloatVal, Float: x}, nil
		}
		return Value{Shape: FloatVal, Float: y}, nil
	}
}

func replace(args []Value) (Value, error) {
	if err := argCount("replace", " (search, replacement, string)", 3, args); err != nil {
		return Value{}, err
	}
	for i, what := range []string{"first", "second", "third"} {
		if args[i].Shape != Str {
			return Value{}, fmt.Errorf("replace() %s argument must be a string, got %s", what, args[i].BuiltinShapeName())
		}
	}
	if args[0].Text == "" {
		// Rust inserts the replacement between every character (and at both ends).
		var b strings.Builder
		b.WriteString(args[1].Text)
		for _, r := range args[2].Text {
			b.WriteRune(r)
			b.WriteString(args[1].Text)
		}
		return StrOf(b.String()), nil
	}
	return StrOf(strings.ReplaceAll(args[2].Text, args[0].Text, args[1].Text)), nil
}

func secret(args []Value) (Value, error) {
	if err := argCount("secret", "", 1, args); err != nil {
		return Value{}, err
	}
	return Value{Shape: SecretVal, Elems: []Value{args[0]}}, nil
}

func split(args []Value) (Value, error) {
	if err := argCount("split", " (separator, string)", 2, args); err != nil {
		return Value{}, err
	}
	if args[0].Shape != Str {
		return Value{}, fmt.Errorf("split() first argument must be a string, got %s", args[0].BuiltinShapeName())
	}
	if args[1].Shape != Str {
		return Value{}, fmt.Errorf("split() second argument must be a string, got %s", args[1].BuiltinShapeName())
	}
	var parts []string
	if args[0].Text == "" {
		// Rust's split on "" yields "" around every character.
		parts = append(parts, "")
		for _, r := range args[1].Text {
			parts = append(parts, string(r))
		}
		parts = append(parts, "")
	} else {
		parts = strings.Split(args[1].Text, args[0].Text)
	}
	out := make([]Value, len(parts))
	for i, p := range parts {
		out[i] = StrOf(p)
	}
	return Value{Shape: ListVal, Elems: out}, nil
}

func trim(args []Value) (Value, error) {
	if err := argCount("trim", " (string)", 1, args); err != nil {
		return Value{}, err
	}
	if args[0].Shape != Str {
		return Value{}, fmt.Errorf("trim() argument must be a string, got %s", args[0].BuiltinShapeName())
	}
	return StrOf(strings.TrimSpace(args[0].Text)), nil
}
