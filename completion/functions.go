package completion

import (
	"maps"
	"slices"
	"strconv"

	"github.com/carina-rs/carina-lsp/grammar"
)

// builtinArity is how many arguments each of Carina's built-in functions (grammar.BuiltinFunctions)
// takes, for the items' details.
var builtinArity = map[string]int{"cidr_subnet": 3, "concat": 2, "decrypt": 1, "env": 1, "flatten": 1,
	"join": 2, "keys": 1, "length": 1, "lookup": 3, "lower": 1, "map": 2, "max": 2, "min": 2, "replace": 3,
	"secret": 1, "split": 2, "trim": 1, "upper": 1, "values": 1}

// functions offers the built-in and user functions, each inserted as a call `name($0)`: after
// `|>` or `>>`, and in any value position after the values and names.
func (c *completer) functions() {
	names := grammar.BuiltinFunctions()
	for _, name := range names {
		c.add(name, Function, escape(name)+"($0)", "built-in, "+strconv.Itoa(builtinArity[name])+" argument(s)", "")
	}
	for _, n := range slices.Sorted(maps.Keys(c.cfg.Functions)) {
		if !slices.Contains(names, n) {
			c.add(n, Function, escape(n)+"($0)", "function", "")
		}
	}
}
