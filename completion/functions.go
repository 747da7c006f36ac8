package completion

import (
	"maps"
	"slices"

	"github.com/carina-rs/carina-lsp/types"
)

// functions offers the built-in and user functions, each inserted as a call `name($0)`: after
// `|>` or `>>`, and in any value position after the values and names; those whose result fits
// the expected type first.
func (c *completer) functions() {
	exp := c.expected()
	type fn struct {
		name, detail string
		fit          types.Fit
	}
	var fns []fn
	rank := func(t *types.Type) types.Fit {
		if exp == nil {
			return types.Unsure
		}
		return types.FitOf(exp, t)
	}
	in := c.cfg.Types(c.x)
	for _, b := range types.Builtins() {
		fns = append(fns, fn{b.Name, b.Signature().Label(), rank(b.Result)})
	}
	for _, n := range slices.Sorted(maps.Keys(c.cfg.Functions)) {
		if types.LookupBuiltin(n) != nil {
			continue
		}
		// The label signature help and hover show.
		sig, ok := in.FunctionSignature(n)
		if !ok {
			continue
		}
		fns = append(fns, fn{n, sig.Label(), rank(sig.Result)})
	}
	slices.SortStableFunc(fns, func(a, b fn) int { return int(b.fit) - int(a.fit) })
	for _, f := range fns {
		c.add(f.name, Function, escape(f.name)+"($0)", f.detail, "")
	}
}
