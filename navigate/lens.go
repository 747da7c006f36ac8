package navigate

import (
	"slices"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// What a lens counts, and the locations LensLocations lists for it.
const (
	LensReferences = "references"
	LensDependents = "dependents"
	LensWaits      = "waits"
)

// Lens is what a code lens shows on a top-level binding: how many references it has, how many
// statements depend on it (read it, wait on it, list it), and the waits that wait on it. Each
// count is the length of what LensLocations lists for it, from the same query: a lens never
// counts what its command does not show.
type Lens struct {
	Decl       *workspace.Decl
	Select     grammar.Span // the binding's name
	References int
	Dependents int
	WaitedOn   []string // the waits' names
}

// lensDecls returns the top-level bindings of file f that can be depended on (not functions,
// arguments or the discard name), in file order.
func lensDecls(cfg *workspace.Config, f *workspace.File) []*workspace.Decl {
	var out []*workspace.Decl
	for _, d := range cfg.Decls {
		if d.TopLevel && d.File == f && d.Name != "_" && d.Kind != workspace.Function && d.Kind != workspace.Argument {
			out = append(out, d)
		}
	}
	slices.SortStableFunc(out, func(a, b *workspace.Decl) int { return int(a.NameSpan.Start - b.NameSpan.Start) })
	return out
}

// waitsOn returns the waits whose target is each binding (a wait naming itself left out).
func waitsOn(cfg *workspace.Config) map[*workspace.Decl][]*workspace.Decl {
	out := map[*workspace.Decl][]*workspace.Decl{}
	for _, w := range cfg.Waits {
		if w.Target != nil && w.Target.Decl != nil && w.Target.Decl != w.Decl {
			out[w.Target.Decl] = append(out[w.Target.Decl], w.Decl)
		}
	}
	return out
}

// Lenses returns the lens of every top-level binding of file f: counts only, from the queries
// LensLocations lists.
func Lenses(cfg *workspace.Config, f *workspace.File) []Lens {
	waits := waitsOn(cfg)
	var out []Lens
	for _, d := range lensDecls(cfg, f) {
		l := Lens{Decl: d, Select: d.NameSpan, References: len(cfg.RefsTo(d)), Dependents: len(dependents(cfg, d))}
		for _, w := range waits[d] {
			l.WaitedOn = append(l.WaitedOn, w.Name)
		}
		out = append(out, l)
	}
	return out
}

// LensLocations returns the locations of what the lens of d counts: its references
// (LensReferences: what find references answers without the declaration), the statements that
// depend on it (LensDependents: its incoming calls, at their names) or the waits on it
// (LensWaits).
func LensLocations(cfg *workspace.Config, d *workspace.Decl, what string) []Location {
	var out []Location
	switch what {
	case LensReferences:
		for _, r := range cfg.RefsTo(d) {
			out = append(out, refLocation(r))
		}
	case LensDependents:
		for _, c := range Incoming(nodeOfDecl(cfg, d)) {
			out = append(out, Location{Path: c.Node.Path, Span: c.Node.Select})
		}
	case LensWaits:
		for _, w := range waitsOn(cfg)[d] {
			out = append(out, declLocation(w))
		}
	}
	return out
}
