package cursor

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// classify sets the role of the token under the cursor, from the innermost node of the site's
// path and its parents, and what the thing resolves to.
func (r *resolver) classify(s *Site) {
	src := r.f.Text()
	s.Span = grammar.Span{Start: s.Tok.Start, End: s.Tok.End}
	s.Text = s.Tok.Text(src)
	s.Owner = r.owner(s.Stmt)
	switch s.Tok.Kind {
	case grammar.LineComment, grammar.BlockComment:
		s.Role = Comment
		return
	case grammar.String:
		if n := len(s.Path); n > 0 {
			if x, ok := s.Path[n-1].(*grammar.Name); ok {
				r.name(s, x, n-1) // a quoted key: 'aws:SourceArn' = ...
				return
			}
		}
		s.Role = String
		r.valueExpect(s)
		return
	case grammar.TemplateStart, grammar.TemplateMid, grammar.TemplateEnd, grammar.Heredoc:
		s.Role = String
		r.valueExpect(s)
		return
	case grammar.Int, grammar.Float, grammar.Duration:
		s.Role = Number
		r.valueExpect(s)
		return
	case grammar.Pipe, grammar.Compose, grammar.Coalesce:
		s.Role = Operator
		return
	case grammar.Ident:
	default:
		return
	}
	if len(s.Path) == 0 {
		r.guess(s)
		return
	}
	i := len(s.Path) - 1
	switch x := s.Path[i].(type) {
	case *grammar.Name:
		r.name(s, x, i)
	case *grammar.PathExpr:
		r.path(s, i, segAt(x.Parts, s.Stmt.Abs(grammar.Span{}).Start, s.Offset, s.sameStart))
	case *grammar.FieldExpr:
		segs := segments(x)
		r.path(s, i, segAt(segs, s.Stmt.Offset, s.Offset, s.sameStart))
	case *grammar.TypeAtom:
		s.Role = TypeName
		s.Span = s.Stmt.Abs(grammar.Span{Start: x.Span.Start, End: x.Span.Start + int32(len(x.Name))})
		if x.Name == "" || !s.Span.Contains(s.Offset) {
			s.Role, s.Span = None, grammar.Span{Start: s.Tok.Start, End: s.Tok.End}
		}
		if strings.Contains(x.Name, ".") {
			s.Schema = r.schemas.Declared(x.Name, false)
		}
	case *grammar.BoolLit, *grammar.NullLit:
		s.Role = Literal
		r.valueExpect(s)
	case *grammar.DurationLit:
		s.Role = Number // the unit word of `30 min`
		r.valueExpect(s)
	case *grammar.BadItem:
		r.badItem(s, i)
	case *grammar.BadStmt, *grammar.BadExpr:
		r.guess(s)
	default:
		r.keywordSpan(s, x, i)
	}
}

// segAt returns the index of the name holding the absolute offset off (names relative to base),
// preferring the one starting at off when start is set, or -1.
func segAt(names []grammar.Name, base, off int32, start bool) int {
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
	case isLiteral(s.Text):
		s.Role = Literal
	case grammar.IsKeyword(s.Text):
		s.Role = Keyword
		s.Construct = keywordConstruct(s.Text)
	}
}

func isLiteral(w string) bool { return w == "true" || w == "false" || w == "null" }

// guess classifies a word of text that did not parse (or of no statement) from the word and the
// token after it: a literal or keyword; a function before "("; a key before "=" or ":"; a
// reference when its first segment names a binding; a resource type when it is dotted and a
// schema knows it or a "{" follows; a built-in function.
func (r *resolver) guess(s *Site) {
	r.word(s)
	if s.Role != None {
		return
	}
	next := r.nextKind(s.Tok)
	first, _, dotted := strings.Cut(s.Text, ".")
	switch {
	case next == grammar.LParen && !dotted:
		s.Role = Function
		if r.cfg != nil {
			if ds := r.cfg.Functions[s.Text]; len(ds) > 0 {
				s.Decl = ds[0]
			}
		}
		s.Builtin = s.Decl == nil && grammar.IsBuiltinFunction(s.Text)
	case next == grammar.Assign || next == grammar.Colon:
		s.Role = Key
	case r.lookup(first) != nil:
		abs := splitName(s.Text, s.Tok.Start)
		k := segAt(abs, 0, s.Offset, s.sameStart)
		if k < 0 {
			return
		}
		s.Segments = abs
		s.Span, s.Text = abs[k].Span, abs[k].Text
		r.reference(s, abs, k, r.lookup(first))
	case dotted && (next == grammar.LBrace || r.schemas.Declared(s.Text, false) != nil):
		s.Role = ResourceType
		s.Schema = r.schemas.Declared(s.Text, false)
	case !dotted && grammar.IsBuiltinFunction(s.Text):
		s.Role, s.Builtin = Function, true
	}
}

// nextKind returns the kind of the first significant token after t (EOF at the end).
func (r *resolver) nextKind(t grammar.Token) grammar.Kind {
	toks := r.f.AST.Tokens
	i := tokenIndex(toks, t.Start)
	if i >= len(toks) {
		return grammar.EOF
	}
	return nextSignificant(toks, i).Kind
}

// splitName splits a dotted word starting at the absolute offset start into its names.
func splitName(text string, start int32) []grammar.Name {
	var out []grammar.Name
	off := start
	for part := range strings.SplitSeq(text, ".") {
		out = append(out, grammar.Name{Text: part, Span: grammar.Span{Start: off, End: off + int32(len(part))}})
		off += int32(len(part)) + 1
	}
	return out
}

// keywordConstruct returns the construct a keyword belongs to: the one it introduces, or the one
// whose syntax or keys it is part of.
func keywordConstruct(word string) *grammar.Construct {
	if c := grammar.KeywordConstruct(word); c != nil {
		return c
	}
	for _, c := range grammar.Constructs() {
		for _, p := range c.Parts {
			if p == word {
				return grammar.ConstructOf(c.ID)
			}
		}
		if k := c.Key(word); k != nil && k.Keyword {
			return grammar.ConstructOf(c.ID)
		}
	}
	return nil
}

// keywordSpan classifies a token that is one of the keyword spans a node records (let, wait,
// read, provider ...), or a word inside the node's span that no child holds (`in`, `else`, or a
// word the parser skipped, which is guessed). The
// keyword of a construct that is the value of a let (path[i-1]) records the let's binding.
func (r *resolver) keywordSpan(s *Site, n grammar.Node, i int) {
	rel := s.Span.Shift(-s.Stmt.Offset)
	kw, ok := grammar.KeywordSpan(n)
	if id := grammar.NodeConstruct(n); ok && kw == rel {
		s.Role, s.Construct = Keyword, grammar.ConstructOf(id)
		if l, ok := nodeAt(s.Path, i-1).(*grammar.LetStmt); ok && l.Value == n && l.Name != nil {
			s.Decl = r.declAt(s.Stmt.Abs(l.Name.Span))
		}
		return
	}
	r.guess(s) // `in`, `else`, or a word the parser skipped
}

// name classifies a name node (path[i]) by what holds it.
func (r *resolver) name(s *Site, x *grammar.Name, i int) {
	st := s.Stmt
	s.Span = st.Abs(x.Span)
	s.Text = x.Text
	switch p := nodeAt(s.Path, i-1).(type) {
	case *grammar.LetStmt, *grammar.ParamDecl, *grammar.FnStmt, *grammar.FnParam, *grammar.ForExpr:
		s.Role = Declaration
		s.Decl = r.declAt(s.Span)
	case *grammar.Attribute:
		if p.Key != x {
			return
		}
		r.key(s, p.Quoted, i-2)
	case *grammar.NestedBlock:
		r.nestedBlock(s, x, i-1)
	case *grammar.ProviderStmt, *grammar.ProviderExpr:
		s.Role = ProviderName
	case *grammar.BackendStmt:
		s.Role = BackendType
	case *grammar.WaitExpr:
		s.Role = Reference
		if s.Ref = r.refAt(s.Span.Start); s.Ref != nil {
			s.Decl = s.Ref.Decl
		} else {
			s.Decl = r.lookup(x.Text)
		}
		s.Segments = []grammar.Name{{Text: x.Text, Span: s.Span}}
	case *grammar.ModuleCallExpr:
		s.Role = Reference
		if s.Ref = r.refAt(s.Span.Start); s.Ref != nil {
			s.Decl = s.Ref.Decl
		}
		if r.cfg != nil {
			s.Module = r.cfg.Modules[x.Text]
		}
		s.Segments = []grammar.Name{{Text: x.Text, Span: s.Span}}
	case *grammar.CallExpr:
		s.Role = Function
		if s.Ref = r.refAt(s.Span.Start); s.Ref != nil {
			s.Decl = s.Ref.Decl
		}
		s.Builtin = s.Decl == nil && grammar.IsBuiltinFunction(x.Text)
	case *grammar.OutputDecl:
		s.Role = Output
		if r.cfg != nil {
			for _, o := range r.cfg.Outputs {
				if o.Stmt == st && o.Decl == p && samePath(o.File, r.f) {
					s.Output = o
				}
			}
		}
	case *grammar.TypeField:
		s.Role = Field
	}
}

// key classifies the key of an attribute of the block path[bi]: a construct key, a module call's
// argument, or an attribute of a resource (or a field below one).
func (r *resolver) key(s *Site, quoted bool, bi int) {
	s.Role = Key
	if _, ok := nodeAt(s.Path, bi).(*grammar.Block); !ok {
		return
	}
	ctx := r.blockCtx(s.Stmt, s.Path, bi)
	s.Block = ctx
	s.Construct = ctx.Construct
	if ctx.Construct != nil && ctx.Construct.Keys != nil {
		if !quoted {
			s.KeyDef = ctx.Construct.Key(s.Text)
		}
		if s.KeyDef != nil && s.KeyDef.Keyword {
			s.Role = Keyword // the construct table says this key is a keyword of the language
		}
		return
	}
	if ctx.Construct != nil && ctx.Construct.ID == grammar.ModuleCallConstruct {
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
	s.Attr = r.attrPath(ctx.Path, nil, s.Text)
	if ctx.Schema != nil {
		// The block's members are looked up once; a key of a map is no member of it, but the
		// schema has a member standing for the map's values.
		if s.Member = schema.Named(ctx.Members(), s.Text); s.Member == nil {
			s.Member, _ = ctx.Schema.Lookup(s.Attr)
		}
	}
}

// nestedBlock classifies the name of the nested block path[ni]: a keyword block the outer
// construct takes (directives, validation), or a schema attribute written as a block.
func (r *resolver) nestedBlock(s *Site, x *grammar.Name, ni int) {
	if _, ok := nodeAt(s.Path, ni-1).(*grammar.Block); !ok {
		s.Role = BlockName
		return
	}
	outer := r.blockCtx(s.Stmt, s.Path, ni-1)
	// A keyword names a block only where the outer construct takes it: elsewhere the same word
	// is a schema attribute written as a block.
	if c := grammar.KeywordConstruct(x.Text); c != nil && outer.Construct.Takes(c.ID) {
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
	b := s.Path[i].(*grammar.BadItem)
	// Only the item's first word can be a key being typed; a dotted word, a keyword or a literal
	// starts something else (a resource type, a local let, a value).
	if s.Stmt.Abs(b.Span).Start != s.Tok.Start || strings.Contains(s.Text, ".") || grammar.IsKeyword(s.Text) || isLiteral(s.Text) {
		r.guess(s)
		return
	}
	r.key(s, false, i-1)
}

// path classifies segment k of the reference-like expression path[i]: a resource type, a
// reference to a binding and its attribute segments, an enum value, or an unresolved name.
func (r *resolver) path(s *Site, i, k int) {
	st := s.Stmt
	x := s.Path[i]
	segs := segments(x.(grammar.Expr))
	if k < 0 || k >= len(segs) {
		return
	}
	abs := r.absNames(st, segs)
	s.Segments = abs
	s.Span, s.Text = abs[k].Span, abs[k].Text
	if p, ok := x.(*grammar.PathExpr); ok {
		switch parent := nodeAt(s.Path, i-1).(type) {
		case *grammar.ResourceExpr:
			if parent.Type == p {
				r.resourceType(s, p, parent.Read != nil)
				return
			}
		case *grammar.AddressExpr:
			if parent.Type == p {
				r.resourceType(s, p, false)
				return
			}
		}
	}
	parent := nodeAt(s.Path, i-1)
	ref := r.refAt(abs[0].Span.Start)
	s.Ref = ref
	var d *workspace.Decl
	if ref != nil {
		d = ref.Decl
	} else if isBad(parent) {
		d = r.lookup(segs[0].Text) // the model records no references in text that did not parse
	}
	if d != nil {
		r.reference(s, abs, k, d)
		return
	}
	whole := grammar.Span{Start: abs[0].Span.Start, End: abs[len(abs)-1].Span.End}
	var text string
	if p, ok := x.(*grammar.PathExpr); ok {
		text = r.pathText(st, p)
	} else {
		text = strings.Join(texts(segs), ".")
	}
	s.Expect = r.expect(st, s.Path, i)
	if k < len(segs)-1 {
		// a prefix of a qualified value: aws.acm.Certificate, aws.acm.Certificate.Status
		sp := grammar.Span{Start: abs[0].Span.Start, End: abs[k].Span.End}
		n := k // the dots
		for _, seg := range segs[:k+1] {
			n += len(seg.Text)
		}
		prefix := text[:n]
		if rs := r.schemas.Declared(prefix, false); rs != nil {
			s.Role, s.Schema, s.Span, s.Text = ResourceType, rs, sp, prefix
			return
		}
		if en := r.withRegions(r.schemas.Enum(prefix)); en != nil {
			s.Role, s.Enum, s.Span, s.Text = EnumValue, en, sp, prefix
			return
		}
	}
	// What the position expects decides first: a bare `dns` there is a value of that enum, not
	// a name that resolves to nothing.
	if en := r.enumExpected(s.Expect); en != nil {
		if m, ok := en.Resolve(text); ok {
			s.Role, s.Enum, s.Value, s.Span, s.Text = EnumValue, en, m.Value, whole, text
			return
		}
	}
	if en, v, ok := r.qualifiedEnum(text); ok {
		s.Role, s.Enum, s.Value, s.Span, s.Text = EnumValue, en, v, whole, text
		return
	}
	if len(segs) > 1 {
		// a whole enum or resource type written as a value: aws.acm.Certificate.Status
		if en := r.withRegions(r.schemas.Enum(text)); en != nil {
			s.Role, s.Enum, s.Span, s.Text = EnumValue, en, whole, text
			return
		}
		if rs := r.schemas.Declared(text, false); rs != nil {
			s.Role, s.Schema, s.Span, s.Text = ResourceType, rs, whole, text
			return
		}
	}
	if len(segs) == 1 && (isLiteral(text) || grammar.IsKeyword(text)) {
		r.word(s) // a keyword no binding can be named after: `wait` while typing
		return
	}
	// An unresolved name: an enum value no schema tells, or a mistake.
	s.Role = Reference
	if k > 0 {
		s.Role, s.Seg, s.Attr = Member, k-1, r.attrPath(nil, abs[1:k+1], "")
	}
}

// reference classifies segment k of the names abs of a reference whose root resolves to d: the
// root is a Reference, a later segment a Member with its attribute path and, for a resource (or
// what stands for one), its schema member.
func (r *resolver) reference(s *Site, abs []grammar.Name, k int, d *workspace.Decl) {
	s.Decl = d
	if k == 0 {
		s.Role = Reference
		return
	}
	s.Role = Member
	s.Seg = k - 1
	s.Attr = r.attrPath(nil, abs[1:k+1], "")
	// A wait passes its target's attributes through, and a for or an if stands for the resources
	// it expands to: each has the schema of the resource behind it (DeclSchema).
	switch d.Kind {
	case workspace.Resource, workspace.DataSource, workspace.Wait, workspace.ForEach, workspace.Conditional:
		if s.Schema = r.declSchema(d); s.Schema != nil {
			s.Member, _ = s.Schema.Lookup(s.Attr)
		}
	}
}

// pathText returns the dotted name p of statement st as written: the source text, unless the
// parser joined it across blanks.
func (r *resolver) pathText(st *grammar.Stmt, p *grammar.PathExpr) string {
	sp := st.Abs(p.Span)
	src := r.f.Text()
	if sp.Start < 0 || sp.End > int32(len(src)) || sp.Start > sp.End {
		return p.String()
	}
	t := src[sp.Start:sp.End]
	for i := 0; i < len(t); i++ {
		if c := t[i]; !isWordByte(c) && c != '.' {
			return p.String() // blanks or a comment between the names
		}
	}
	return t
}

// resourceType classifies the type of a resource, data source or address.
func (r *resolver) resourceType(s *Site, p *grammar.PathExpr, read bool) {
	s.Role = ResourceType
	s.Span = s.Stmt.Abs(p.Span)
	s.Text = r.pathText(s.Stmt, p)
	s.Schema = r.schemas.Declared(s.Text, read)
}

// valueExpect records what the value position of the innermost node expects.
func (r *resolver) valueExpect(s *Site) {
	if len(s.Path) > 0 && s.Stmt != nil {
		s.Expect = r.expect(s.Stmt, s.Path, len(s.Path)-1)
	}
}

func isBad(n grammar.Node) bool {
	switch n.(type) {
	case *grammar.BadStmt, *grammar.BadItem, *grammar.BadExpr:
		return true
	}
	return false
}
