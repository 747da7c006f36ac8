package hover

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// typeHints are the inferred types of the lets, locals and loop variables declared in span of f,
// and of the parameters without a declared type whose calls all agree on one.
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
			v = types.Evaluated(v)
			if v.Shape == types.ClosureVal {
				continue
			}
			t = v.TypeOf()
		case workspace.Param:
			p, ok := d.Node.(*grammar.FnParam)
			if !ok || p.Type != nil {
				continue
			}
			t = e.callersType(in, d)
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

// callersType is the one type every call of a parameter's function passes it, or nil.
func (e env) callersType(in *types.Info, param *workspace.Decl) *types.Type {
	fn, ok := param.Stmt.Node.(*grammar.FnStmt)
	if !ok || fn.Name == nil {
		return nil
	}
	index := -1
	for i, p := range fn.Params {
		if p != nil && p == param.Node {
			index = i
		}
	}
	if index < 0 {
		return nil
	}
	var fnDecl *workspace.Decl
	for _, d := range e.cfg.Functions[fn.Name.Text] {
		if d.Stmt == param.Stmt {
			fnDecl = d
		}
	}
	if fnDecl == nil {
		return nil
	}
	var t *types.Type
	for _, r := range e.cfg.RefsTo(fnDecl) {
		c, ok := r.Expr.(*grammar.CallExpr)
		if !ok || index >= len(c.Args) {
			return nil // a pipe's argument or a default: not told here
		}
		v, ok := in.ExprValue(r.File.Path, r.Stmt, c.Args[index])
		if !ok {
			return nil
		}
		at := types.Evaluated(v).TypeOf()
		switch {
		case !at.Known():
			return nil
		case t == nil:
			t = at
		case !types.Identical(t, at):
			return nil
		}
	}
	return t
}
