package hover

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// builtinCard is the hover of a built-in function.
func builtinCard(name string) string {
	b := types.LookupBuiltin(name)
	if b == nil {
		return ""
	}
	var m md
	m.fence("carina", b.Label())
	m.para("Built-in function. " + b.Doc)
	var items []string
	for _, p := range b.Params {
		items = append(items, code(p.Name)+" — "+p.Doc)
	}
	m.list(items)
	if b.Arity > 1 {
		m.para("With fewer arguments it is partially applied (a closure), and `x |> " + name + "(…)` passes `x` as the last argument.")
	} else {
		m.para("`x |> " + name + "()` passes `x` as its argument.")
	}
	m.fence("carina", b.Example)
	return m.String()
}

// builtinSignature is the signature of a built-in function.
func builtinSignature(b *types.Builtin) Signature {
	sig := Signature{Label: b.Label(), Doc: b.Doc}
	for _, p := range b.Params {
		label := p.Name + ": " + p.Type.String()
		if p.Optional {
			label = p.Name + "?: " + p.Type.String()
		}
		sig.Params = append(sig.Params, Param{Label: label, Doc: p.Doc})
	}
	return sig
}

// functionHover explains the function of a call: a user function of the configuration first (a
// user function cannot shadow a built-in), else the built-in.
func (p *place) functionHover() *Hover {
	s := p.s
	var md string
	switch {
	case s.Decl != nil && s.Decl.Kind == workspace.Function:
		md = p.fnCard(s.Decl)
	case len(p.cfg.Functions[s.Text]) > 0:
		md = p.fnCard(p.cfg.Functions[s.Text][0])
	case types.LookupBuiltin(s.Text) != nil:
		md = builtinCard(s.Text)
	}
	if md != "" {
		if line := p.callValueLine(); line != "" {
			md += "\n\nThis call: " + line
		}
		return card(s.Span, md)
	}
	return card(s.Span, code(s.Text)+" is no built-in function and no `fn` of this configuration.")
}

// fnCard describes a user function.
func (e env) fnCard(d *workspace.Decl) string {
	fn, ok := d.Node.(*grammar.FnStmt)
	if !ok {
		return e.bindingCard(d)
	}
	var m md
	m.fence("carina", "fn "+fnLabel(d.File, d.Stmt, fn).Label)
	m.para("User-defined function " + code(d.Name) + ".")
	m.para(e.declaredLine(d))
	return m.String()
}

// fnLabel builds the signature of a user function from its source.
func fnLabel(f *workspace.File, st *grammar.Stmt, fn *grammar.FnStmt) Signature {
	sig := Signature{}
	labels := make([]string, 0, len(fn.Params))
	for _, p := range fn.Params {
		l := p.Name.Text
		if p.Type != nil {
			l += ": " + nodeText(f, st, p.Type)
		}
		doc := ""
		if p.Default != nil {
			doc = "optional, default " + code(nodeText(f, st, p.Default))
			l += " = " + nodeText(f, st, p.Default)
		}
		sig.Params = append(sig.Params, Param{Label: l, Doc: doc})
		labels = append(labels, l)
	}
	name := "?"
	if fn.Name != nil {
		name = fn.Name.Text
	}
	sig.Label = name + "(" + strings.Join(labels, ", ") + ")"
	if fn.Return != nil {
		sig.Label += ": " + nodeText(f, st, fn.Return)
	}
	return sig
}

// callValueLine is the value line of the call whose function is hovered, or "".
func (p *place) callValueLine() string {
	for i := len(p.s.Path) - 1; i >= 0; i-- {
		if c, ok := p.s.Path[i].(*grammar.CallExpr); ok && c.Fn != nil && p.s.Stmt.Abs(c.Fn.Span) == p.s.Span {
			return p.exprValueLine(p.s.File, p.s.Stmt, c)
		}
	}
	return ""
}
