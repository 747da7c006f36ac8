package hover

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// declHover shows the card of a declared name, hovered at sp.
func (e env) declHover(d *workspace.Decl, sp grammar.Span) *Hover {
	switch d.Kind {
	case workspace.Wait:
		return card(sp, e.waitCard(d))
	case workspace.Module:
		return card(sp, e.moduleCard(d))
	case workspace.Function:
		return card(sp, e.fnCard(d))
	}
	return card(sp, e.bindingCard(d))
}

// bindingCard is the card of a binding: its declaration line, what kind of thing it is, where it
// is declared and who uses it.
func (e env) bindingCard(d *workspace.Decl) string {
	var m md
	if p, ok := d.Node.(*grammar.ParamDecl); ok && d.Kind == workspace.Argument {
		decl := d.Name + ": " + typeText(d, p)
		if p.Default != nil {
			decl += " = " + nodeText(d.File, d.Stmt, p.Default)
		}
		m.fence("carina", decl)
	} else {
		m.fence("carina", lineAt(d.File, d.NameSpan.Start))
	}
	m.para(e.kindLine(d))
	m.para(e.declValueLine(d))
	m.para(e.closureLine(d))
	m.para(e.kindDetail(d))
	m.para(e.declaredLine(d))
	return m.String()
}

// closureLine is the signature of a let holding a partial application or a composition, as a
// call of it shows it; "" for any other declaration.
func (e env) closureLine(d *workspace.Decl) string {
	if d.Kind != workspace.Value {
		return ""
	}
	v, ok := e.inference().DeclValue(d)
	if !ok {
		return ""
	}
	sig, ok := types.ClosureSignature(d.Name, types.Evaluated(v))
	if !ok {
		return ""
	}
	return "**Signature** " + code(sig.Label())
}

// kindLine says what a declaration is, in one sentence.
func (e env) kindLine(d *workspace.Decl) string {
	name := code(d.Name)
	switch d.Kind {
	case workspace.Resource:
		s := fmt.Sprintf("%s — resource of type %s", name, code(d.ResourceType()))
		if rs := e.declSchema(d); rs != nil && rs.Description != "" {
			s += ": " + firstSentence(rs.Description)
		}
		return s
	case workspace.DataSource:
		s := fmt.Sprintf("%s — data source %s, read on every plan", name, code("read "+d.ResourceType()))
		if rs := e.declSchema(d); rs != nil && rs.Description != "" {
			s += ": " + firstSentence(rs.Description)
		}
		return s
	case workspace.Wait:
		return fmt.Sprintf("%s — wait on %s", name, code(targetName(d)))
	case workspace.Module:
		return fmt.Sprintf("%s — module imported with `use`", name)
	case workspace.ModuleCall:
		call := d.Value.(*grammar.ModuleCallExpr)
		s := fmt.Sprintf("%s — module call of %s", name, code(call.Name.Text))
		if imp := e.cfg.Modules[call.Name.Text]; imp != nil {
			s += " (" + code(imp.Source) + ")"
		}
		return s
	case workspace.Upstream:
		s := fmt.Sprintf("%s — upstream_state", name)
		if imp := e.cfg.Upstreams[d.Name]; imp != nil && imp.Source != "" {
			s += " of " + code(imp.Source) + ": the exports of another configuration"
		}
		return s
	case workspace.Provider:
		p := d.Value.(*grammar.ProviderExpr)
		return fmt.Sprintf("%s — named provider instance of kind %s; resources use it with `directives { provider = %s }`", name, code(p.Kind.Text), d.Name)
	case workspace.ForEach:
		s := fmt.Sprintf("%s — for expression", name)
		if r := e.cfg.ResourceOf(d); r != nil {
			s += fmt.Sprintf(": one %s per element, addressed %s, %s, … (or %s for a map)", code(r.Type.String()),
				code(d.Name+"[0]"), code(d.Name+"[1]"), code(d.Name+".key"))
		}
		return s
	case workspace.Conditional:
		s := fmt.Sprintf("%s — if expression", name)
		if r := e.cfg.ResourceOf(d); r != nil {
			s += fmt.Sprintf(": a %s when the condition holds", code(r.Type.String()))
		}
		return s
	case workspace.Argument:
		return fmt.Sprintf("%s — module argument", name)
	case workspace.Function:
		return fmt.Sprintf("%s — user-defined function", name)
	case workspace.LocalLet:
		return fmt.Sprintf("%s — local value, visible to the rest of its block (not sent to the provider)", name)
	case workspace.LoopVar:
		return fmt.Sprintf("%s — loop variable of a `for`", name)
	case workspace.Param:
		fn, _ := d.Stmt.Node.(*grammar.FnStmt)
		if fn != nil && fn.Name != nil {
			return fmt.Sprintf("%s — parameter of function %s", name, code(fn.Name.Text))
		}
		return fmt.Sprintf("%s — function parameter", name)
	}
	return fmt.Sprintf("%s — value", name)
}

// kindDetail adds what the kind line leaves out: the arguments of a module argument, the waits on
// a resource, the attributes of a module call, the exports of an upstream.
func (e env) kindDetail(d *workspace.Decl) string {
	switch d.Kind {
	case workspace.Resource, workspace.DataSource, workspace.ForEach, workspace.Conditional:
		var names []string
		for _, wi := range e.waitsOn(d) {
			names = append(names, wi.Decl.Name)
		}
		if len(names) > 0 {
			return "Waited on by " + codes(names) + "."
		}
	case workspace.Argument:
		p, _ := d.Node.(*grammar.ParamDecl)
		return e.paramDetail(d, p)
	case workspace.ModuleCall:
		call := d.Value.(*grammar.ModuleCallExpr)
		if imp := e.cfg.Modules[call.Name.Text]; imp != nil && imp.Config != nil {
			return outputList("Attributes", imp.Config, false, d.Name)
		}
	case workspace.Upstream:
		imp := e.cfg.Upstreams[d.Name]
		switch {
		case imp == nil:
		case imp.Config != nil:
			return outputList("Exports", imp.Config, true, d.Name)
		case imp.Err != nil:
			return "Cannot be read: " + imp.Err.Error()
		}
	case workspace.Function:
		if _, ok := d.Node.(*grammar.FnStmt); ok {
			return "Signature: " + code(e.fnSignature(d).Label())
		}
	}
	return ""
}

// declaredLine says where a declaration is and who references it.
func (e env) declaredLine(d *workspace.Decl) string {
	s := "Declared in " + e.where(d)
	var others []string
	for _, o := range e.cfg.Bindings[d.Name] {
		if o != d && d.TopLevel {
			others = append(others, e.where(o))
		}
	}
	if len(others) > 0 {
		s += " (also in " + strings.Join(others, " and ") + ")"
	}
	s += "."
	if !d.TopLevel || d.Name == "_" {
		return s
	}
	users, anon := e.users(d)
	switch {
	case len(users) > 0 && anon > 0:
		s += " Used by " + codes(users) + fmt.Sprintf(" and %s.", plural(uint64(anon), "anonymous statement", "anonymous statements"))
	case len(users) > 0:
		s += " Used by " + codes(users) + "."
	case anon > 0:
		s += fmt.Sprintf(" Used by %s.", plural(uint64(anon), "anonymous statement", "anonymous statements"))
	case d.Kind != workspace.Function:
		s += " Not referenced anywhere in this configuration."
	}
	return s
}

// targetName returns the name a wait declaration waits on, or "?".
func targetName(d *workspace.Decl) string {
	if w := d.WaitExpr(); w != nil && w.Target != nil {
		return w.Target.Text
	}
	return "?"
}
