package hover

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// wordHover handles an identifier from the syntax tree around it.
func (c *cursor) wordHover() *Hover {
	inner := c.at(0)
	if h := c.keywordSpanHover(inner); h != nil {
		return h
	}
	switch n := inner.(type) {
	case *grammar.Name:
		return c.nameHover(n, c.at(1))
	case *grammar.PathExpr:
		switch p := c.at(1).(type) {
		case *grammar.ResourceExpr:
			if p.Type == n {
				return c.resourceTypeHover(n, p.Read != nil)
			}
		case *grammar.AddressExpr:
			if p.Type == n {
				return c.resourceTypeHover(n, false)
			}
		}
		return c.referenceHover(n)
	case *grammar.FieldExpr:
		return c.referenceHover(n)
	case *grammar.TypeAtom:
		return c.typeAtomHover(n)
	case *grammar.DurationLit:
		return c.durationHover() // the unit of `30 min`
	}
	return nil
}

// keywordSpanHover handles a keyword the tree records as a span of its node.
func (c *cursor) keywordSpanHover(n grammar.Node) *Hover {
	kw := ""
	switch n := n.(type) {
	case *grammar.LetStmt:
		if c.onSpan(n.Let) {
			kw = "let"
		}
	case *grammar.WaitExpr:
		if c.onSpan(n.Kw) {
			return c.waitKeywordHover(n)
		}
	case *grammar.ResourceExpr:
		if n.Read != nil && c.onSpan(*n.Read) {
			kw = "read"
		}
	case *grammar.KeywordBlockExpr:
		if c.onSpan(n.Kw) {
			kw = n.Keyword
		}
	case *grammar.ProviderExpr:
		if c.onSpan(n.Kw) {
			kw = "provider"
		}
	case *grammar.ProviderStmt:
		if c.onSpan(n.Kw) {
			kw = "provider"
		}
	case *grammar.BackendStmt:
		if c.onSpan(n.Kw) {
			kw = "backend"
		}
	case *grammar.ArgumentsStmt:
		if c.onSpan(n.Kw) {
			kw = "arguments"
		}
	case *grammar.OutputsStmt:
		if c.onSpan(n.Kw) {
			kw = "attributes"
			if n.Exports {
				kw = "exports"
			}
		}
	case *grammar.StateBlockStmt:
		if c.onSpan(n.Kw) {
			kw = n.Kind
		}
	case *grammar.RequireStmt:
		if c.onSpan(n.Kw) {
			kw = "require"
		}
	case *grammar.FnStmt:
		if c.onSpan(n.Kw) {
			kw = "fn"
		}
	case *grammar.ForExpr:
		if c.onSpan(n.Kw) {
			kw = "for"
		}
	case *grammar.IfExpr:
		if c.onSpan(n.Kw) {
			kw = "if"
		}
	}
	if kw == "" {
		return nil
	}
	return c.keywordHover(kw)
}

// nameHover handles a name node: a declaration, an attribute key, a block name, a called
// function, a module alias or a wait target.
func (c *cursor) nameHover(n *grammar.Name, parent grammar.Node) *Hover {
	sp := c.abs(n.Span)
	switch p := parent.(type) {
	case *grammar.LetStmt, *grammar.ParamDecl, *grammar.FnStmt, *grammar.FnParam, *grammar.ForExpr:
		if d := c.declAt(c.f, sp); d != nil {
			return c.declHover(d, sp)
		}
	case *grammar.Attribute:
		if p.Key == n {
			return c.keyHover(p)
		}
	case *grammar.NestedBlock:
		return c.nestedBlockHover(p)
	case *grammar.CallExpr:
		return c.functionHover(p)
	case *grammar.ModuleCallExpr:
		return c.moduleAliasHover(n.Text, sp)
	case *grammar.WaitExpr:
		if d := c.refDecl(sp, n.Text); d != nil {
			return c.declHover(d, sp)
		}
		return card(sp, "`"+n.Text+"` is not declared in this configuration: a wait's target must be a resource, a `read` data source or another wait of the same directory.")
	case *grammar.OutputDecl:
		return c.outputDeclHover(p)
	case *grammar.ProviderStmt, *grammar.BackendStmt, *grammar.ProviderExpr:
		return c.providerKindHover(n)
	}
	return nil
}

// refAt returns the reference whose name is at the absolute span sp of the cursor's file.
func (c *cursor) refAt(sp grammar.Span) *workspace.Ref {
	for _, r := range c.cfg.Refs {
		if r.Stmt == c.st && r.Span == sp && r.File == c.f {
			return r
		}
	}
	return nil
}

// refDecl resolves the name at sp: through its recorded reference, else as a top-level binding.
func (c *cursor) refDecl(sp grammar.Span, name string) *workspace.Decl {
	if r := c.refAt(sp); r != nil {
		return r.Decl
	}
	return c.cfg.Lookup(name)
}

// segments flattens a reference expression into its names: `a.b[0].c` → a, b, c.
func segments(e grammar.Expr) []grammar.Name {
	switch e := e.(type) {
	case *grammar.PathExpr:
		return e.Parts
	case *grammar.FieldExpr:
		return append(segments(e.X), e.Fields...)
	case *grammar.IndexExpr:
		return segments(e.X)
	}
	return nil
}

// segmentAt returns the index of the segment holding offset o (relative), preferring the one that
// starts there over the one that ends there, or -1.
func segmentAt(segs []grammar.Name, o int32) int {
	for i, s := range segs {
		if s.Span.Start <= o && o < s.Span.End {
			return i
		}
	}
	for i, s := range segs {
		if s.Span.End == o {
			return i
		}
	}
	return -1
}

func texts(ns []grammar.Name) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.Text
	}
	return out
}

// referenceHover handles a name or dotted name in value position: a binding, an attribute of a
// binding, or (when the root is no binding) an enum value, an enum or a resource type.
func (c *cursor) referenceHover(e grammar.Expr) *Hover {
	segs := segments(e)
	k := segmentAt(segs, c.relOff())
	if k < 0 {
		return nil
	}
	root := segs[0]
	var d *workspace.Decl
	if r := c.refAt(c.abs(root.Span)); r != nil {
		d = r.Decl
	} else if c.st == nil || isBad(c.at(1)) {
		d = c.cfg.Lookup(root.Text)
	}
	if d != nil {
		if k == 0 {
			return c.declHover(d, c.abs(root.Span))
		}
		return c.memberHover(d, texts(segs[1:k+1]), c.abs(segs[k].Span))
	}
	return c.valueHover(e, segs, k)
}

func isBad(n grammar.Node) bool {
	switch n.(type) {
	case *grammar.BadStmt, *grammar.BadItem, *grammar.BadExpr:
		return true
	}
	return false
}

// fallbackHover answers from the word alone when the tree says nothing: keywords (also `else`,
// `in`, and words of statements that did not parse), bindings, resource types and functions.
func (c *cursor) fallbackHover() *Hover {
	switch c.at(0).(type) {
	case *grammar.Attribute, *grammar.NestedBlock, *grammar.Name:
		return nil // a key or name the tree already explained (or chose to leave alone)
	}
	if h := c.badItemHover(); h != nil {
		return h
	}
	if _, ok := keywordDoc(c.word); ok {
		if p, isPath := c.at(0).(*grammar.PathExpr); !isPath || len(p.Parts) == 1 && c.refDecl(c.abs(p.Span), c.word) == nil {
			return c.keywordHover(c.word)
		}
	}
	if !isBad(c.at(0)) {
		return nil
	}
	root, _, _ := strings.Cut(c.word, ".")
	if d := c.cfg.Lookup(root); d != nil && root == c.word {
		return c.declHover(d, c.tokSpan())
	}
	if rs := c.schemaFor(c.word, false); rs != nil {
		return card(c.tokSpan(), c.resourceCard(rs))
	}
	if _, ok := builtin(c.word); ok {
		return card(c.tokSpan(), builtinCard(c.word))
	}
	return nil
}

// badItemHover explains the first word of a block item that did not parse (`domain_name 'x'`,
// a key still without its "="), as the attribute it names.
func (c *cursor) badItemHover() *Hover {
	b, ok := c.at(0).(*grammar.BadItem)
	if !ok || b.Span.Start != c.rel().Start {
		return nil
	}
	res, segs, ok := c.schemaPath(len(c.path) - 2)
	if !ok || len(segs) > 0 && segs[0] == "directives" {
		return nil
	}
	rs := c.schemaOf(res)
	if rs == nil {
		return nil
	}
	segs = append(segs, c.word)
	ms, ok := walkMembers(rs, segs)
	if !ok {
		return nil
	}
	return card(c.tokSpan(), c.memberCard(rs, segs, ms, c.ownerDecl(), nil))
}

// operatorHover explains `|>`, `>>` and `??`.
func (c *cursor) operatorHover() *Hover {
	doc, ok := keywordDoc(c.word)
	if !ok {
		return nil
	}
	return card(c.tokSpan(), doc)
}
