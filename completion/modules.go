package completion

import (
	"slices"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// inString completes inside a string: the directories of a use or upstream_state source.
func (c *completer) inString() {
	sl := c.sl
	t := sl.StringTok
	if sl.In != cursor.InBlock || sl.Block.Construct == nil || sl.Pos != cursor.PosValue || len(sl.Rhs) != 0 {
		return
	}
	if k := sl.Block.Construct.Key(sl.Key); k == nil || k.Value != grammar.PathValue || sl.Block.Construct.Keys == nil {
		return
	}
	c.edit = grammar.Span{Start: t.Start + 1, End: sl.Word.End}
	c.folders(c.src[t.Start+1:sl.Word.End], false)
}

// paramInfo is one argument of a module with where it is declared.
type paramInfo struct {
	decl  *workspace.Decl
	param *grammar.ParamDecl
}

// moduleParams returns the arguments a module declares, in declaration order.
func moduleParams(imp *workspace.Import) []paramInfo {
	if imp == nil || imp.Config == nil {
		return nil
	}
	var out []paramInfo
	for _, d := range imp.Config.Decls {
		if p, ok := d.Node.(*grammar.ParamDecl); ok && d.Kind == workspace.Argument && p.Name != nil {
			out = append(out, paramInfo{d, p})
		}
	}
	return out
}

// moduleCall completes inside a module call `net { }`: the module's arguments (required first)
// not given yet, and values of an argument's type.
func (c *completer) moduleCall() {
	sl := c.sl
	params := moduleParams(sl.Block.Module)
	switch sl.Pos {
	case cursor.PosKey:
		if _, _, ok := sl.Qualified(); ok {
			return
		}
		c.provide("module arguments", func() {
			present := c.present()
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
		})
	case cursor.PosValue:
		var w want
		if i := slices.IndexFunc(params, func(p paramInfo) bool { return p.param.Name.Text == sl.Key }); i >= 0 {
			w.decl = declTypeOf(params[i].param.Type)
		}
		c.value(w, sl.Rhs)
	}
}

// paramDescription returns the description an argument's detail block gives.
func paramDescription(p *grammar.ParamDecl) string {
	if a := p.Body.Attr("description"); a != nil {
		if s, ok := a.Value.(*grammar.StringLit); ok {
			return s.Value
		}
	}
	return ""
}
