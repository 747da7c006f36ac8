package completion

import (
	"maps"
	"slices"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// functions offers the built-in and user functions, each inserted as a call `name($0)`: after
// `|>` or `>>`, and in any value position after the values and names; those whose result fits
// the expected type first.
func (c *completer) functions() { c.calls(grammar.EOF) } // EOF: after no operator

// calls offers the functions; after an operator op, `|>` or `>>`, also the lets holding a partial
// application that a call here applies (declared earlier in the file; Carina applies them before
// a function of their name: types.Info.CallsBinding), written bare after `>>`. Elsewhere the
// names in scope offer them.
func (c *completer) calls(op grammar.Kind) {
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
	lets := map[string]bool{}
	for _, n := range c.bindingNames() {
		if op != grammar.Pipe && op != grammar.Compose {
			break
		}
		d := c.cfg.LookupIn(n, c.f)
		if d == nil || d.File != c.f || d.Kind != workspace.Value || !in.CallsBinding(c.f.Path, c.sl.Stmt, d) {
			continue
		}
		if sig, ok := in.CallSignature(c.f.Path, c.sl.Stmt, n); ok {
			lets[n] = true
			fns = append(fns, fn{n, sig.Label(), rank(sig.Result)})
		}
	}
	for _, b := range types.Builtins() {
		if !lets[b.Name] {
			fns = append(fns, fn{b.Name, b.Signature().Label(), rank(b.Result)})
		}
	}
	for _, n := range slices.Sorted(maps.Keys(c.cfg.Functions)) {
		if types.LookupBuiltin(n) != nil || lets[n] {
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
		insert := escape(f.name) + "($0)"
		if op == grammar.Compose && lets[f.name] {
			insert = escape(f.name)
		}
		c.add(f.name, Function, insert, f.detail, "")
	}
}
