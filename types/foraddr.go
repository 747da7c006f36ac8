package types

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Carina binds each item of a `let x = for ...` over a map known at parse time to an address of
// its own, `x.key` (a list's items are `x[0]`, ..., which a reference finds through `x`): a
// subscript `x['key']` reads that binding, and one of a key the map lacks reads none.

// forItemKnown reports whether name, `x.key`, is the address of an item of a top-level `for`
// binding x over a static map.
func (in *Info) forItemKnown(name string) bool {
	head, rest, ok := strings.Cut(name, ".")
	if !ok {
		return false
	}
	keys, _ := in.forItems(head)
	return slices.Contains(keys, rest)
}

// forItems returns the keys of the items a top-level `for` binding called name makes over a map
// known at parse time; isFor says name is such a binding (over a map, a list or a value known
// after apply).
func (in *Info) forItems(name string) (keys []string, isFor bool) {
	for _, d := range in.env.Bindings(name) {
		info := d.Info()
		if info.Kind != DeclFor {
			continue
		}
		isFor = true
		x, ok := info.Value.(*grammar.ForExpr)
		if !ok || len(x.Bindings) != 2 || x.Paren {
			continue
		}
		e := &evaluator{in: in, v: view{seeded: true, file: info.File, pos: stmtOffset(info.Stmt)}, st: info.Stmt}
		if it, err := e.eval(x.Iter); err == nil && it.Shape == MapVal {
			keys = append(keys, it.Keys...)
		}
	}
	return keys, isFor
}
