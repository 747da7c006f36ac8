package completion

import (
	"slices"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// sourceBlock completes inside `use { }` and `upstream_state { }`: the source key, and
// directories as its value.
func (c *completer) sourceBlock(fr *frame) {
	pos := c.cur.position(fr)
	switch pos.kind {
	case posKey:
		detail := "the module's directory"
		if fr.kind == fUpstream {
			detail = "the directory of the configuration whose exports to read"
		}
		c.keys(fr, []keywordSnippet{{"source", "source = '$1'", detail}})
	case posValue:
		if pos.key == "source" && len(pos.rhs) == 0 && c.cur.text == "" {
			c.folders("", true)
		}
	}
}

// inString completes inside a string: the directories of a use or upstream_state source.
func (c *completer) inString(fr *frame) {
	t := c.cur.toks[c.cur.inStr]
	if t.Kind != g.String || (fr.kind != fUse && fr.kind != fUpstream) {
		return
	}
	pos := c.cur.position(fr)
	if pos.kind != posValue || pos.key != "source" || len(pos.rhs) != 0 {
		return
	}
	c.edit = g.Span{Start: t.Start + 1, End: c.cur.offset}
	c.folders(c.src[t.Start+1:c.cur.offset], false)
}

// paramInfo is one argument of a module with where it is declared.
type paramInfo struct {
	decl  *workspace.Decl
	param *g.ParamDecl
}

// moduleParams returns the arguments a module declares, in declaration order.
func moduleParams(imp *workspace.Import) []paramInfo {
	if imp == nil || imp.Config == nil {
		return nil
	}
	var out []paramInfo
	for _, d := range imp.Config.Decls {
		if p, ok := d.Node.(*g.ParamDecl); ok && d.Kind == workspace.Argument && p.Name != nil {
			out = append(out, paramInfo{d, p})
		}
	}
	return out
}

// moduleCall completes inside a module call `net { }`: the module's arguments (required first)
// not given yet, and values of an argument's type.
func (c *completer) moduleCall(fr *frame) {
	params := moduleParams(c.cfg.Modules[fr.head])
	pos := c.cur.position(fr)
	switch pos.kind {
	case posKey:
		if _, _, ok := c.cur.qualified(); ok {
			return
		}
		present := c.presentKeys(fr)
		for _, required := range [2]bool{true, false} {
			for _, p := range params {
				name := p.param.Name.Text
				if (p.param.Default == nil) != required || present[name] {
					continue
				}
				detail := "argument"
				if p.param.Type != nil {
					detail = nodeText(p.decl.File, p.decl.Stmt, p.param.Type)
				}
				if required {
					detail += " (required)"
				}
				c.text(name, Property, name+" = ", detail, paramDescription(p.param))
			}
		}
	case posValue:
		var w want
		if i := slices.IndexFunc(params, func(p paramInfo) bool { return p.param.Name.Text == pos.key }); i >= 0 {
			w.decl = declTypeOf(params[i].param.Type)
		}
		c.value(fr, w, pos.rhs)
	}
}

// paramDescription returns the description an argument's detail block gives.
func paramDescription(p *g.ParamDecl) string {
	if a := p.Body.Attr("description"); a != nil {
		if s, ok := a.Value.(*g.StringLit); ok {
			return s.Value
		}
	}
	return ""
}
