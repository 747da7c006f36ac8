package hover

import (
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
	m.fence("carina", b.Signature().Label())
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

// signatureOf is the signature help of a function's signature: every label printed by types.
func signatureOf(ts types.Signature) Signature {
	sig := Signature{Label: ts.Label(), Doc: ts.Doc}
	for i, p := range ts.Params {
		sig.Params = append(sig.Params, Param{Label: ts.ParamLabel(i), Doc: p.Doc})
	}
	return sig
}

// functionHover explains the function of a call: what the call reaches as evaluation does (a let
// holding a partial application, a user function, a built-in).
func (p *place) functionHover() *Hover {
	s := p.s
	var md string
	in := p.inference()
	switch {
	case s.Decl != nil && s.Decl.Kind == workspace.Function:
		md = p.fnCard(s.Decl)
	default:
		sig, ok := in.CallSignature(s.File.Path, s.Stmt, s.Text)
		switch {
		case !ok:
		case sig.Closure:
			if d := p.closureDecl(s.Text); d != nil {
				md = p.closureCard(d, sig)
			}
		case sig.User:
			md = p.fnCard(p.cfg.Functions[s.Text][0])
		case sig.Builtin != nil:
			md = builtinCard(s.Text)
		}
	}
	if md != "" {
		if line := p.callValueLine(); line != "" {
			md += "\n\nThis call: " + line
		}
		return card(s.Span, md)
	}
	return card(s.Span, code(s.Text)+" is no built-in function and no `fn` of this configuration.")
}

// closureDecl is the let called name a call in the hovered file reaches, or nil.
func (p *place) closureDecl(name string) *workspace.Decl {
	var first *workspace.Decl
	for _, d := range p.cfg.Bindings[name] {
		if d.Kind != workspace.Value {
			continue
		}
		if d.File == p.s.File {
			return d
		}
		if first == nil {
			first = d
		}
	}
	return first
}

// closureCard describes a let holding a partial application or a composition, called.
func (e env) closureCard(d *workspace.Decl, sig types.Signature) string {
	var m md
	m.fence("carina", sig.Label())
	what := "a composition"
	if sig.Builtin != nil {
		what = "a partial application of " + code(sig.Builtin.Name)
	}
	m.para(code(d.Name) + " — " + what + ", declared " + code(lineAt(d.File, d.NameSpan.Start)) + ".")
	m.para(e.declaredLine(d))
	return m.String()
}

// fnCard describes a user function.
func (e env) fnCard(d *workspace.Decl) string {
	if _, ok := d.Node.(*grammar.FnStmt); !ok {
		return e.bindingCard(d)
	}
	var m md
	m.fence("carina", e.fnSignature(d).Declaration())
	m.para("User-defined function " + code(d.Name) + ".")
	m.para(e.declaredLine(d))
	return m.String()
}

// fnSignature is a user function's signature, as types gives it.
func (e env) fnSignature(d *workspace.Decl) types.Signature {
	sig, _ := e.inference().FunctionSignature(d.Name)
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
