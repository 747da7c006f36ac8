package hover

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// inference returns the configuration's inference, read with the hover's schemas.
func (e env) inference() *types.Info { return e.cfg.Types(e.schemas) }

// valueLine says what inference knows of a value: its type and, when Carina computes it before
// apply, the value itself.
func valueLine(v types.Value) string {
	v = types.Evaluated(v)
	t := v.TypeOf()
	line := "**Type** " + code(inferredTypeText(t))
	switch {
	case v.Concrete():
		line += " · value " + code(v.Source())
	case v.Shape == types.Ref:
		line += " · known after apply (" + code(v.Source()) + ")"
	case v.Shape == types.Call:
		line += " · computed by " + code(v.Source()) + " when Carina resolves the configuration"
	case v.Shape == types.Interp:
		line += " · known after apply (" + code(v.Source()) + ")"
	case v.Shape == types.ClosureVal:
		what := "a partial application of " + code(v.Text)
		if sig, ok := types.ClosureSignature(v.Text, v); ok && sig.Builtin == nil {
			what = "a composition of " + plural(uint64(len(v.Elems)), "stage", "stages")
		}
		line = "**Type** " + code(inferredTypeText(t)) + " · " + what +
			": it needs " + plural(uint64(v.Remaining), "more argument", "more arguments") + ", given by a call or a pipe"
	}
	return line
}

// inferredTypeText writes a type for a card; an unknown type is known after apply.
func inferredTypeText(t *types.Type) string {
	if !t.Known() {
		return "known after apply"
	}
	return t.String()
}

// declValueLine is the value line of a declaration whose value inference computes: a let, a
// local, a loop variable, a parameter, an argument; "" for the others (their cards say what
// they are).
func (e env) declValueLine(d *workspace.Decl) string {
	switch d.Kind {
	case workspace.Value, workspace.LocalLet, workspace.LoopVar, workspace.Param, workspace.Conditional:
	default:
		return ""
	}
	if d.Kind == workspace.LoopVar {
		vs := e.inference().LoopValues(d, 6)
		if len(vs) > 1 || len(vs) == 1 && vs[0].Concrete() {
			line := "**Type** " + code(inferredTypeText(vs[0].TypeOf())) + " · one value an iteration: "
			for i, v := range vs {
				if i == 5 {
					line += ", …"
					break
				}
				if i > 0 {
					line += ", "
				}
				line += code(v.Source())
			}
			return line
		}
	}
	v, ok := e.inference().DeclValue(d)
	if !ok {
		return ""
	}
	return valueLine(v)
}

// exprValueLine is the value line of an expression of a statement, or "".
func (e env) exprValueLine(f *workspace.File, st *grammar.Stmt, x grammar.Expr) string {
	if f == nil || st == nil || x == nil {
		return ""
	}
	v, ok := e.inference().ExprValue(f.Path, st, x)
	if !ok {
		return ""
	}
	return valueLine(v)
}
