package cursor

import (
	"strings"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// classify sets the role of the token under the cursor, from the innermost node of the site's
// path and its parents, and what the thing resolves to.
func (r *resolver) classify(s *Site) {
	src := r.f.Text()
	s.Span = g.Span{Start: s.Tok.Start, End: s.Tok.End}
	s.Text = s.Tok.Text(src)
	switch s.Tok.Kind {
	case g.LineComment, g.BlockComment:
		s.Role = Comment
		return
	case g.String, g.TemplateStart, g.TemplateMid, g.TemplateEnd, g.Heredoc:
		s.Role = String
		r.valueExpect(s)
		return
	case g.Int, g.Float, g.Duration:
		s.Role = Number
		r.valueExpect(s)
		return
	case g.Pipe, g.Compose, g.Coalesce:
		s.Role = Operator
		return
	case g.Ident:
	default:
		return
	}
	if len(s.Path) == 0 {
		r.word(s)
		return
	}
	i := len(s.Path) - 1
	switch x := s.Path[i].(type) {
	case *g.Name:
		r.name(s, x, i)
	case *g.PathExpr:
		r.path(s, i, segAt(x.Parts, s.Stmt.Abs(g.Span{}).Start, s.Offset, s.sameStart))
	case *g.FieldExpr:
		segs := segments(x)
		r.path(s, i, segAt(segs, s.Stmt.Offset, s.Offset, s.sameStart))
	case *g.TypeAtom:
		s.Role = TypeName
		s.Span = s.Stmt.Abs(g.Span{Start: x.Span.Start, End: x.Span.Start + int32(len(x.Name))})
		if x.Name == "" || !s.Span.Contains(s.Offset) {
			s.Role, s.Span = None, g.Span{Start: s.Tok.Start, End: s.Tok.End}
		}
		if strings.Contains(x.Name, ".") {
			s.Schema = r.schemas.Declared(x.Name, false)
		}
	case *g.BoolLit, *g.NullLit:
		s.Role = Literal
		r.valueExpect(s)
	case *g.DurationLit:
		s.Role = Number // the unit word of `30 min`
	case *g.BadItem:
		r.badItem(s, i)
	default:
		r.keywordSpan(s, x)
	}
}

// segAt returns the index of the name holding the absolute offset off (names relative to base),
// preferring the one starting at off when start is set, or -1.
func segAt(names []g.Name, base, off int32, start bool) int {
	for k, n := range names {
		sp := n.Span.Shift(base)
		if sp.Start <= off && off < sp.End {
			return k
		}
	}
	for k, n := range names {
		if n.Span.Shift(base).End == off && !start {
			return k
		}
	}
	for k, n := range names {
		if n.Span.Shift(base).End == off {
			return k
		}
	}
	return -1
}

// word classifies a word the tree has no node for: a keyword (also `in`, `else`, and the words of
// text that did not parse) or a literal word.
func (r *resolver) word(s *Site) {
	switch {
	case s.Text == "true" || s.Text == "false" || s.Text == "null":
		s.Role = Literal
	case g.IsKeyword(s.Text):
		s.Role = Keyword
		s.Construct = keywordConstruct(s.Text)
	}
}

// keywordConstruct returns the construct a keyword belongs to: the one it introduces, or the one
// whose syntax or keys it is part of.
func keywordConstruct(word string) *g.Construct {
	if c := g.KeywordConstruct(word); c != nil {
		return c
	}
	for _, c := range g.Constructs() {
		for _, p := range c.Parts {
			if p == word {
				return g.ConstructOf(c.ID)
			}
		}
		if k := c.Key(word); k != nil && k.Keyword {
			return g.ConstructOf(c.ID)
		}
	}
	return nil
}

// keywordSpan classifies a token that is one of the keyword spans a node records (let, wait,
// read, provider ...), or a word inside the node's span that no child holds (`in`, `else`).
func (r *resolver) keywordSpan(s *Site, n g.Node) {
	rel := s.Span.Shift(-s.Stmt.Offset)
	var kw g.Span
	id := g.NoConstruct
	switch n := n.(type) {
	case *g.LetStmt:
		kw, id = n.Let, g.LetConstruct
	case *g.WaitExpr:
		kw, id = n.Kw, g.WaitConstruct
	case *g.ResourceExpr:
		if n.Read != nil {
			kw, id = *n.Read, g.ReadConstruct
		}
	case *g.KeywordBlockExpr:
		kw, id = n.Kw, g.KeywordConstruct(n.Keyword).ID
	case *g.ProviderExpr:
		kw, id = n.Kw, g.ProviderConstruct
	case *g.ProviderStmt:
		kw, id = n.Kw, g.ProviderConstruct
	case *g.BackendStmt:
		kw, id = n.Kw, g.BackendConstruct
	case *g.ArgumentsStmt:
		kw, id = n.Kw, g.ArgumentsConstruct
	case *g.OutputsStmt:
		kw, id = n.Kw, g.AttributesConstruct
		if n.Exports {
			id = g.ExportsConstruct
		}
	case *g.StateBlockStmt:
		kw, id = n.Kw, g.KeywordConstruct(n.Kind).ID
	case *g.RequireStmt:
		kw, id = n.Kw, g.RequireConstruct
	case *g.FnStmt:
		kw, id = n.Kw, g.FnConstruct
	case *g.ForExpr:
		kw, id = n.Kw, g.ForConstruct
	case *g.IfExpr:
		kw, id = n.Kw, g.IfConstruct
	}
	if id != g.NoConstruct && kw == rel {
		s.Role, s.Construct = Keyword, g.ConstructOf(id)
		return
	}
	r.word(s)
}

// name classifies a name node (path[i]) by what holds it.
func (r *resolver) name(s *Site, x *g.Name, i int) {
	st := s.Stmt
	s.Span = st.Abs(x.Span)
	s.Text = x.Text
	switch p := nodeAt(s.Path, i-1).(type) {
	case *g.LetStmt, *g.ParamDecl, *g.FnStmt, *g.FnParam, *g.ForExpr:
		s.Role = Declaration
		s.Decl = r.declAt(s.Span)
	case *g.Attribute:
		if p.Key != x {
			return
		}
		r.key(s, p.Quoted, i-2)
	case *g.NestedBlock:
		r.nestedBlock(s, x, i-1)
	case *g.ProviderStmt, *g.ProviderExpr:
		s.Role = ProviderName
	case *g.BackendStmt:
		s.Role = BackendType
	case *g.WaitExpr, *g.ModuleCallExpr:
		s.Role = Reference
		if s.Ref = r.refAt(s.Span.Start); s.Ref != nil {
			s.Decl = s.Ref.Decl
		}
		s.Segments = []g.Name{{Text: x.Text, Span: s.Span}}
	case *g.CallExpr:
		s.Role = Function
		if s.Ref = r.refAt(s.Span.Start); s.Ref != nil {
			s.Decl = s.Ref.Decl
		}
		s.Builtin = s.Decl == nil && g.IsBuiltinFunction(x.Text)
	case *g.OutputDecl:
		s.Role = Output
		if r.cfg != nil {
			for _, o := range r.cfg.Outputs {
				if o.Stmt == st && o.Decl == p && samePath(o.File, r.f) {
					s.Output = o
				}
			}
		}
	case *g.TypeField:
		s.Role = Field
	}
}

// key classifies the key of an attribute of the block path[bi]: a construct key, a module call's
// argument, or an attribute of a resource (or a field below one).
func (r *resolver) key(s *Site, quoted bool, bi int) {
	s.Role = Key
	if _, ok := nodeAt(s.Path, bi).(*g.Block); !ok {
		return
	}
	ctx := r.blockCtx(s.Stmt, s.Path, bi)
	s.Block = ctx
	s.Construct = ctx.Construct
	if ctx.Construct != nil && ctx.Construct.Keys != nil {
		if !quoted {
			s.KeyDef = ctx.Construct.Key(s.Text)
		}
		return
	}
	if ctx.Construct != nil && ctx.Construct.ID == g.ModuleCallConstruct {
		s.Role = ArgumentKey
		s.Module = ctx.Module
		if ctx.Module != nil && ctx.Module.Config != nil {
			s.Param = moduleParam(ctx.Module.Config, s.Text)
		}
		return
	}
	r.member(s, ctx)
}

// member resolves the schema member a key or block name names in block ctx.
func (r *resolver) member(s *Site, ctx *BlockCtx) {
	if ctx.Path == nil {
		return
	}
	s.Schema = ctx.Schema
	s.Attr = append(append([]string{}, ctx.Path...), s.Text)
	if ctx.Schema != nil {
		if m, ok := ctx.Schema.Lookup(s.Attr); ok {
			s.Member = m
		}
	}
}

// nestedBlock classifies the name of the nested block path[ni]: a keyword block the outer
// construct takes (directives, validation), or a schema attribute written as a block.
func (r *resolver) nestedBlock(s *Site, x *g.Name, ni int) {
	if _, ok := nodeAt(s.Path, ni-1).(*g.Block); !ok {
		s.Role = BlockName
		return
	}
	outer := r.blockCtx(s.Stmt, s.Path, ni-1)
	if c := g.KeywordConstruct(x.Text); c != nil && outer.Construct.Takes(c.ID) {
		s.Role, s.Construct = Keyword, c
		return
	}
	s.Role = BlockName
	s.Block = outer
	r.member(s, outer)
}

// badItem classifies the first word of a block item that did not parse (`domain_name 'x'`, a key
// still without its "=") as the key it starts.
func (r *resolver) badItem(s *Site, i int) {
	b := s.Path[i].(*g.BadItem)
	if s.Stmt.Abs(b.Span).Start != s.Tok.Start || strings.Contains(s.Text, ".") {
		r.word(s)
		return
	}
	if g.IsKeyword(s.Text) {
		r.word(s)
		return
	}
	r.key(s, false, i-1)
}

// path classifies segment k of the reference-like expression path[i]: a resource type, a
// reference to a binding and its attribute segments, an enum value, or an unresolved name.
func (r *resolver) path(s *Site, i, k int) {
	st := s.Stmt
	x := s.Path[i]
	segs := segments(x.(g.Expr))
	if k < 0 || k >= len(segs) {
		return
	}
	abs := absNames(st, segs)
	s.Segments = abs
	s.Span, s.Text = abs[k].Span, abs[k].Text
	if p, ok := x.(*g.PathExpr); ok {
		switch parent := nodeAt(s.Path, i-1).(type) {
		case *g.ResourceExpr:
			if parent.Type == p {
				r.resourceType(s, p, parent.Read != nil)
				return
			}
		case *g.AddressExpr:
			if parent.Type == p {
				r.resourceType(s, p, false)
				return
			}
		}
	}
	ref := r.refAt(abs[0].Span.Start)
	if ref != nil && ref.Decl != nil {
		s.Ref, s.Decl = ref, ref.Decl
		if k == 0 {
			s.Role = Reference
			return
		}
		s.Role = Member
		s.Seg = k - 1
		s.Attr = texts(segs[1 : k+1])
		switch ref.Decl.Kind {
		case workspace.Resource, workspace.DataSource, workspace.Wait, workspace.ForEach, workspace.Conditional:
			if s.Schema = r.declSchema(ref.Decl); s.Schema != nil {
				s.Member, _ = s.Schema.Lookup(s.Attr)
			}
		}
		return
	}
	s.Ref = ref
	whole := g.Span{Start: abs[0].Span.Start, End: abs[len(abs)-1].Span.End}
	text := strings.Join(texts(segs), ".")
	s.Expect = r.expect(st, s.Path, i)
	if en := r.enumExpected(s.Expect); en != nil {
		if m, ok := en.Resolve(text); ok {
			s.Role, s.Enum, s.Value, s.Span, s.Text = EnumValue, en, m.Value, whole, text
			return
		}
	}
	if en, v, ok := r.qualifiedEnum(texts(segs)); ok {
		s.Role, s.Enum, s.Value, s.Span, s.Text = EnumValue, en, v, whole, text
		return
	}
	if k < len(segs)-1 {
		// a prefix of a qualified value: aws.acm.Certificate, aws.acm.Certificate.Status
		prefix := strings.Join(texts(segs[:k+1]), ".")
		sp := g.Span{Start: abs[0].Span.Start, End: abs[k].Span.End}
		if rs := r.schemas.Declared(prefix, false); rs != nil {
			s.Role, s.Schema, s.Span, s.Text = ResourceType, rs, sp, prefix
			return
		}
		if en := r.withRegions(r.schemas.Enum(prefix)); en != nil {
			s.Role, s.Enum, s.Span, s.Text = EnumValue, en, sp, prefix
			return
		}
	}
	if len(segs) == 1 && (segs[0].Text == "null" || segs[0].Text == "true" || segs[0].Text == "false") {
		s.Role = Literal
		return
	}
	if len(segs) == 1 && g.IsKeyword(segs[0].Text) && isBad(nodeAt(s.Path, i-1)) {
		r.word(s)
		return
	}
	s.Role = Reference // unresolved
}

// resourceType classifies the type of a resource, data source or address.
func (r *resolver) resourceType(s *Site, p *g.PathExpr, read bool) {
	s.Role = ResourceType
	s.Span = s.Stmt.Abs(p.Span)
	s.Text = p.String()
	s.Schema = r.schemas.Declared(s.Text, read)
}

// valueExpect records what the value position of the innermost node expects.
func (r *resolver) valueExpect(s *Site) {
	if len(s.Path) > 0 && s.Stmt != nil {
		s.Expect = r.expect(s.Stmt, s.Path, len(s.Path)-1)
	}
}

func isBad(n g.Node) bool {
	switch n.(type) {
	case *g.BadStmt, *g.BadItem, *g.BadExpr:
		return true
	}
	return false
}
