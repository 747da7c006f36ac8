package hover

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// typeHints are the inferred types of the lets, locals and loop variables declared in span of f
// (a partial application's is its function type), and of the parameters without a declared type
// whose calls all agree on one (types.Info.ParamType): what their hovers show.
func (e env) typeHints(f *workspace.File, span grammar.Span) []InlayHint {
	var out []InlayHint
	in := e.inference()
	for _, d := range e.cfg.Decls {
		if d.File != f || d.NameSpan.End < span.Start || d.NameSpan.Start > span.End || d.Name == "_" {
			continue
		}
		var t *types.Type
		switch d.Kind {
		case workspace.Value, workspace.Conditional, workspace.LocalLet, workspace.LoopVar:
			v, ok := in.DeclValue(d)
			if !ok {
				continue
			}
			t = types.Evaluated(v).TypeOf()
		case workspace.Param:
			p, ok := d.Node.(*grammar.FnParam)
			if !ok || p.Type != nil {
				continue
			}
			t = in.ParamType(d)
		default:
			continue
		}
		if !t.Known() {
			continue
		}
		out = append(out, InlayHint{
			Offset:  int(d.NameSpan.End),
			Label:   ": " + t.String(),
			Tooltip: "Type inferred by carina-lsp as Carina evaluates the configuration.",
		})
	}
	return out
}
