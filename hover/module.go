package hover

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// moduleAliasHover shows the card of the module a module call instantiates.
func (p *place) moduleAliasHover() *Hover {
	s := p.s
	switch {
	case s.Module != nil && s.Module.Decl != nil:
		return card(s.Span, p.moduleCard(s.Module.Decl))
	case s.Decl != nil:
		return p.declHover(s.Decl, s.Span)
	}
	return card(s.Span, code(s.Text)+" is no module of this configuration: import one with "+code("let "+s.Text+" = use { source = './modules/"+s.Text+"' }")+".")
}

// moduleCard describes a `use` alias: its source, the module's arguments and attributes.
func (e env) moduleCard(d *workspace.Decl) string {
	var m md
	m.fence("carina", lineAt(d.File, d.NameSpan.Start))
	imp := e.cfg.Modules[d.Name]
	if imp == nil || imp.Decl != d {
		for _, i := range e.cfg.Modules {
			if i.Decl == d {
				imp = i
			}
		}
	}
	head := "**module** " + code(d.Name)
	if imp != nil && imp.Source != "" {
		head += " — " + code(imp.Source)
	}
	m.para(head + ". Instantiate it with " + code(d.Name+" { … }") + " or " + code("let x = "+d.Name+" { … }") + ".")
	switch {
	case imp == nil:
	case imp.Config == nil:
		if imp.Err != nil {
			m.para("Cannot be loaded: " + imp.Err.Error())
		}
	default:
		var args []string
		for _, a := range imp.Config.Decls {
			if p, ok := a.Node.(*grammar.ParamDecl); ok && a.Kind == workspace.Argument {
				args = append(args, code(a.Name)+": "+e.paramSummary(a, p))
			}
		}
		if len(args) > 0 {
			m.para("**Arguments**")
			m.list(args)
		} else {
			m.para("No arguments.")
		}
		m.para(outputList("Attributes", imp.Config, false, ""))
	}
	m.para(e.declaredLine(d))
	return m.String()
}

// paramSummary writes an argument's type, whether it is required or its default, and its
// description on one line.
func (e env) paramSummary(d *workspace.Decl, p *grammar.ParamDecl) string {
	s := code(typeText(d, p))
	if p.Default != nil {
		s += " = " + code(nodeText(d.File, d.Stmt, p.Default))
	} else {
		s += " — **required**"
	}
	if desc := paramDescription(p); desc != "" {
		s += " — " + desc
	}
	return s
}

func typeText(d *workspace.Decl, p *grammar.ParamDecl) string {
	if p == nil || p.Type == nil {
		return "?"
	}
	return nodeText(d.File, d.Stmt, p.Type)
}

func paramDescription(p *grammar.ParamDecl) string {
	if p == nil || p.Body == nil {
		return ""
	}
	if a := p.Body.Attr("description"); a != nil {
		if s, ok := a.Value.(*grammar.StringLit); ok && !s.Interpolated() {
			return strings.TrimSpace(s.Value)
		}
	}
	return ""
}

// paramDetail describes a module argument declaration.
func (e env) paramDetail(d *workspace.Decl, p *grammar.ParamDecl) string {
	if p == nil {
		return ""
	}
	s := "Type " + code(typeText(d, p)) + "; "
	if p.Default != nil {
		s += "default " + code(nodeText(d.File, d.Stmt, p.Default)) + "."
	} else {
		s += "**required**: every call of the module must set it."
	}
	if desc := paramDescription(p); desc != "" {
		s += "\n\n" + desc
	}
	return s
}

// moduleArgHover explains an argument of a module call, from the module's `arguments` block.
func (p *place) moduleArgHover() *Hover {
	s := p.s
	key, sp, alias := s.Text, s.Span, ""
	if s.Block != nil {
		alias = s.Block.ModName
	}
	imp := s.Module
	switch {
	case imp == nil:
		return card(sp, "Argument "+code(key)+" of "+code(alias)+", which is no module of this configuration.")
	case imp.Config == nil:
		msg := "Argument " + code(key) + " of module " + code(alias) + " (" + code(imp.Source) + "), which cannot be loaded"
		if imp.Err != nil {
			msg += ": " + imp.Err.Error()
		}
		return card(sp, msg+".")
	}
	for _, d := range imp.Config.Decls {
		pd, ok := d.Node.(*grammar.ParamDecl)
		if !ok || d.Kind != workspace.Argument || d.Name != key {
			continue
		}
		var m md
		m.fence("carina", key+": "+typeText(d, pd))
		m.para("Argument " + code(key) + " of module " + code(alias) + " (" + code(imp.Source) + ").")
		m.para(p.paramDetail(d, pd))
		m.para("Declared in " + p.where(d) + ".")
		return card(sp, m.String())
	}
	var names []string
	for _, d := range imp.Config.Decls {
		if d.Kind == workspace.Argument {
			names = append(names, d.Name)
		}
	}
	msg := "Module " + code(alias) + " has no argument " + code(key)
	if len(names) > 0 {
		msg += "; its arguments: " + codes(names)
	}
	return card(sp, msg+".")
}

// outputList lists the attributes (or exports) of a configuration.
func outputList(title string, cfg *workspace.Config, exports bool, inst string) string {
	var items []string
	for _, o := range cfg.Outputs {
		if o.Exports != exports {
			continue
		}
		items = append(items, code(o.Name)+outputType(o))
	}
	if len(items) == 0 {
		return "No " + strings.ToLower(title) + "."
	}
	s := "**" + title + "**"
	if inst != "" {
		s += " (read as " + code(inst+".<name>") + ")"
	}
	return s + "\n\n- " + strings.Join(items, "\n- ")
}

func outputType(o *workspace.Output) string {
	if o.Decl.Type != nil {
		return ": " + code(nodeText(o.File, o.Stmt, o.Decl.Type))
	}
	if o.Decl.Value != nil {
		v := nodeText(o.File, o.Stmt, o.Decl.Value)
		if len(v) > 60 {
			v = v[:57] + "…"
		}
		return " = " + code(v)
	}
	return ""
}

// findOutput returns the attribute (or export) called name of cfg.
func findOutput(cfg *workspace.Config, name string, exports bool) *workspace.Output {
	for _, o := range cfg.Outputs {
		if o.Exports == exports && o.Name == name {
			return o
		}
	}
	return nil
}

// outputCard describes one attribute or export, declared in another configuration.
func (e env) outputCard(o *workspace.Output, what string) string {
	var m md
	m.fence("carina", lineAt(o.File, o.Stmt.Abs(o.Decl.Name.Span).Start))
	m.para(what + ", declared in " + e.whereAt(o.File, o.Stmt.Abs(o.Decl.Name.Span).Start) + ".")
	return m.String()
}

// moduleOutputCard describes `call.name`: an attribute of the module a call instantiates.
func (e env) moduleOutputCard(d *workspace.Decl, name string) string {
	call := d.Value.(*grammar.ModuleCallExpr)
	imp := e.cfg.Modules[call.Name.Text]
	switch {
	case imp == nil:
		return "Attribute " + code(name) + " of the call " + code(d.Name) + " of " + code(call.Name.Text) + ", which is no module of this configuration."
	case imp.Config == nil:
		s := "Attribute " + code(name) + " of module " + code(call.Name.Text) + " (" + code(imp.Source) + "), which cannot be loaded"
		if imp.Err != nil {
			s += ": " + imp.Err.Error()
		}
		return s + "."
	}
	if o := findOutput(imp.Config, name, false); o != nil {
		return e.outputCard(o, fmt.Sprintf("Attribute %s of module %s (%s), read through the call %s", code(name), code(call.Name.Text), code(imp.Source), code(d.Name)))
	}
	if b := imp.Config.Lookup(name); b != nil {
		return e.bindingCard(b) + "\n\nA binding inside module " + code(call.Name.Text) + ", reached through the call " + code(d.Name) + "."
	}
	return "Module " + code(call.Name.Text) + " has no attribute " + code(name) + "."
}

// upstreamExportCard describes `orgs.name`: an export of the configuration upstream_state reads.
func (e env) upstreamExportCard(d *workspace.Decl, name string) string {
	imp := e.cfg.Upstreams[d.Name]
	switch {
	case imp == nil:
		return ""
	case imp.Config == nil:
		s := "Export " + code(name) + " of " + code(imp.Source) + " (upstream_state " + code(d.Name) + "), which cannot be read"
		if imp.Err != nil {
			s += ": " + imp.Err.Error()
		}
		return s + "."
	}
	if o := findOutput(imp.Config, name, true); o != nil {
		return e.outputCard(o, fmt.Sprintf("Export %s of %s (upstream_state %s): its value in that configuration's state", code(name), code(imp.Source), code(d.Name)))
	}
	return code(imp.Source) + " exports no " + code(name) + "."
}

// outputDeclHover explains the name of an entry of this configuration's attributes or exports.
func (p *place) outputDeclHover() *Hover {
	s := p.s
	exports := false
	if s.Output != nil {
		exports = s.Output.Exports
	} else if st, ok := s.Stmt.Node.(*grammar.OutputsStmt); ok {
		exports = st.Exports
	}
	var m md
	m.fence("carina", lineAt(s.File, s.Span.Start))
	if exports {
		m.para("Export " + code(s.Text) + " — published in this configuration's state; another configuration reads it as " +
			code("<binding>."+s.Text) + " after " + code("let <binding> = upstream_state { source = '…' }") + ".")
	} else {
		m.para("Module attribute " + code(s.Text) + " — what a caller reads as " + code("<call>."+s.Text) + " after " + code("let <call> = <module> { … }") + ".")
	}
	return card(s.Span, m.String())
}

// sourceHover explains the source of a `use` or `upstream_state` (its key or its string, hovered
// at sp): the card of the module or of the binding.
func (p *place) sourceHover(sp grammar.Span) *Hover {
	var b *cursor.BlockCtx
	if p.s.Role == cursor.Key {
		b = p.s.Block
	} else {
		b = p.s.Expect.Block
	}
	if b == nil || b.Construct == nil || b.Owner == nil {
		return nil
	}
	d := b.Owner
	if kb, ok := d.Value.(*grammar.KeywordBlockExpr); !ok || kb.Body != b.Node {
		return nil // the use or upstream_state is not the statement's value
	}
	if b.Construct.ID == grammar.UseConstruct {
		return card(sp, p.moduleCard(d))
	}
	return card(sp, p.bindingCard(d))
}

// stringHover handles a string: the source of a `use` or `upstream_state`, the value of the key
// the construct table says takes a directory.
func (p *place) stringHover() *Hover {
	s := p.s
	e := s.Expect
	if e.Key == nil || e.Key.Value != grammar.PathValue || len(s.Path) == 0 {
		return nil
	}
	lit, ok := s.Path[len(s.Path)-1].(*grammar.StringLit)
	if !ok {
		return nil
	}
	return p.sourceHover(s.Stmt.Abs(lit.Span))
}
