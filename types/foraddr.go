package types

import (
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Carina binds each item of a `let x = for ...` it expands at parse time to an address of its
// own: `x.key` over a map, `x[0]`, `x[1]`, ... over a list. A subscript `x['key']` reads that
// binding, and one of a key the map lacks reads none.

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

// forItems returns the addresses' keys of the items a top-level `for` binding called name makes
// over a map known at parse time; isFor says name is such a binding (over a map, a list or a
// value known after apply).
func (in *Info) forItems(name string) (keys []string, isFor bool) {
	keys, _, isFor = in.forExpansion(name)
	return keys, isFor
}

// forExpansion is forItems, with the number of items a `for` over a list known at parse time
// makes (-1 when none is). in.mu must be held.
func (in *Info) forExpansion(name string) (keys []string, n int, isFor bool) {
	// Asked for every dotted read of the binding: its iterable is evaluated once.
	if x, ok := in.forExps[name]; ok {
		return x.keys, x.n, x.isFor
	}
	keys, n, isFor = in.expandFor(name)
	if in.forExps == nil {
		in.forExps = map[string]forExp{}
	}
	in.forExps[name] = forExp{keys, n, isFor}
	return keys, n, isFor
}

// forDeferred reports whether the top-level for declaration d made no resource binding while
// Carina parsed: it iterates a value known only after apply, or an empty list or map. in.mu must
// be held.
func (in *Info) forDeferred(d Decl, info DeclInfo) bool {
	it, ok := in.forIter(d, info)
	return ok && (it.Shape != MapVal && it.Shape != ListVal || len(it.Elems) == 0)
}

// forIter returns the value a top-level for declaration iterates, as Carina evaluates it while it
// parses, evaluated once a declaration; ok is false where the iterable is an error or d is no for
// expression. in.mu must be held.
func (in *Info) forIter(d Decl, info DeclInfo) (Value, bool) {
	if r, ok := in.forIters[d]; ok {
		return r.v, r.ok
	}
	var r forIterResult
	if x, ok := info.Value.(*grammar.ForExpr); ok {
		e := &evaluator{in: in, v: view{seeded: true, file: info.File, pos: stmtOffset(info.Stmt)}, st: info.Stmt}
		it, err := e.eval(x.Iter)
		r = forIterResult{it, err == nil}
	}
	if in.forIters == nil {
		in.forIters = map[Decl]forIterResult{}
	}
	in.forIters[d] = r
	return r.v, r.ok
}

// forIterResult is what forIter found of one declaration.
type forIterResult struct {
	v  Value
	ok bool
}

// forExp is what forExpansion found of one name.
type forExp struct {
	keys  []string
	n     int
	isFor bool
}

func (in *Info) expandFor(name string) (keys []string, n int, isFor bool) {
	n = -1
	for _, d := range in.env.Bindings(name) {
		info := d.Info()
		if info.Kind != DeclFor {
			continue
		}
		isFor = true
		x, isExpr := info.Value.(*grammar.ForExpr)
		it, ok := in.forIter(d, info)
		switch {
		case !isExpr || !ok:
		case it.Shape == MapVal && len(x.Bindings) == 2 && !x.Paren:
			keys = append(keys, it.Keys...)
		case it.Shape == ListVal && (len(x.Bindings) == 1 || x.Paren):
			n = max(n, len(it.Elems))
		}
	}
	return keys, n, isFor
}

// inferenceBinding says why Carina's export inference knows no binding called name, the binding
// of a reference (`vpc`, `vpcs.dev`, `vpcs[0]`): "" when it knows it (a resource, a data source,
// a module call, an upstream state, an item of a for it expanded). It knows only what holds
// attributes: not a wait, nor a for binding read by its bare name.
func (in *Info) inferenceBinding(name string) string {
	if in.env == nil || !in.known(rootName(name)) {
		return "" // an undefined binding: reported as one
	}
	unknown := "unknown binding `" + name + "`"
	if head, idx, ok := strings.Cut(name, "["); ok {
		_, n, isFor := in.forExpansion(head)
		i, err := strconv.Atoi(strings.TrimSuffix(idx, "]"))
		if isFor && n >= 0 && (err != nil || i >= n) {
			return unknown
		}
		return ""
	}
	if in.forItemKnown(name) {
		return ""
	}
	for _, d := range in.env.Bindings(name) {
		switch d.Info().Kind {
		case DeclWait:
			return unknown + " (a wait holds no attributes: read its target's, or declare the export's type)"
		case DeclFor:
			if keys, n, _ := in.forExpansion(name); n >= 0 || len(keys) > 0 {
				return unknown + " (a for binding holds no attributes: read one of its items, " + name + "['key'] or " + name + "[0], or declare the export's type)"
			}
		}
	}
	return ""
}

// rootName is the binding a reference's name starts with: `vpcs` of `vpcs[0]`.
func rootName(name string) string {
	if i := strings.IndexAny(name, "[]"); i >= 0 {
		return name[:i]
	}
	return name
}
