package semantictokens

import (
	"strings"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// blockCtx says what kind of block a classifier is in: it decides whether a key or a nested
// block name is a keyword or a property.
type blockCtx uint8

const (
	ctxPlain      blockCtx = iota // maps, provider/backend/use bodies, nested blocks
	ctxResource                   // the body of a resource or read: `directives` is a keyword
	ctxDirectives                 // directives { }: `depends_on` is a keyword
	ctxWait                       // wait { }: until, depends_on and timeout are keywords
	ctxParam                      // an argument's detail block: `validation` is a keyword
)

// classifier walks the syntax tree of the statements of one file and records the classification
// of the names it finds, as absolute spans. Lexical kinds (strings, numbers, operators) are left
// to the token pass.
type classifier struct {
	refs map[int32]*workspace.Ref // the file's references by the absolute start of their name
	fns  map[string][]*workspace.Decl
	st   *g.Stmt
	out  []Token
}

// newClassifier returns a classifier for the statements of f within [lo, hi).
func newClassifier(cfg *workspace.Config, f *workspace.File, lo, hi int32) *classifier {
	c := &classifier{refs: map[int32]*workspace.Ref{}, out: make([]Token, 0, (hi-lo)/8+1)}
	if cfg != nil {
		c.fns = cfg.Functions
		for _, r := range cfg.Refs {
			if r.Span.Start >= lo && r.Span.Start < hi && (r.File == f || r.File != nil && r.File.Path == f.Path) {
				c.refs[r.Span.Start] = r
			}
		}
	}
	return c
}

// add records a classification for a span relative to the current statement.
func (c *classifier) add(s g.Span, typ int, mods uint32) {
	if s.End <= s.Start {
		return
	}
	c.out = append(c.out, Token{Span: c.st.Abs(s), Type: typ, Mods: mods})
}

func (c *classifier) name(n *g.Name, typ int, mods uint32) {
	if n != nil {
		c.add(n.Span, typ, mods)
	}
}

func (c *classifier) ref(s g.Span) *workspace.Ref { return c.refs[c.st.Abs(s).Start] }

// stmt classifies one top-level statement.
func (c *classifier) stmt(st *g.Stmt) {
	c.st = st
	switch n := st.Node.(type) {
	case *g.LetStmt:
		c.let(n)
	case *g.ResourceStmt:
		c.expr(n.Resource)
	case *g.ModuleCallStmt:
		c.expr(n.Call)
	case *g.ProviderStmt:
		c.add(n.Kw, TypeKeyword, 0)
		c.name(n.Kind, TypeNamespace, 0)
		c.block(n.Body, ctxPlain)
	case *g.BackendStmt:
		c.add(n.Kw, TypeKeyword, 0)
		c.name(n.Kind, TypeType, 0)
		c.block(n.Body, ctxPlain)
	case *g.ArgumentsStmt:
		c.add(n.Kw, TypeKeyword, 0)
		for _, p := range n.Params {
			c.name(p.Name, TypeVariable, ModDeclaration|ModReadonly)
			c.typ(p.Type)
			if p.Body != nil {
				c.block(p.Body, ctxParam)
			} else {
				c.expr(p.Default)
			}
		}
	case *g.OutputsStmt:
		c.add(n.Kw, TypeKeyword, 0)
		for _, it := range n.Items {
			c.name(it.Name, TypeProperty, ModDeclaration)
			c.typ(it.Type)
			c.expr(it.Value)
		}
	case *g.StateBlockStmt:
		c.add(n.Kw, TypeKeyword, 0)
		c.block(n.Body, ctxPlain)
	case *g.RequireStmt:
		c.add(n.Kw, TypeKeyword, 0)
		c.expr(n.Cond)
		c.expr(n.Message)
	case *g.FnStmt:
		c.add(n.Kw, TypeKeyword, 0)
		c.name(n.Name, TypeFunction, ModDeclaration)
		for _, p := range n.Params {
			c.name(p.Name, TypeParameter, ModDeclaration)
			c.typ(p.Type)
			c.expr(p.Default)
		}
		c.typ(n.Return)
		for _, l := range n.Lets {
			c.let(l)
		}
		c.expr(n.Result)
	case *g.ExprStmt:
		c.expr(n.X)
	}
}

// let classifies `let name = value`, top-level or local.
func (c *classifier) let(n *g.LetStmt) {
	c.add(n.Let, TypeKeyword, 0)
	if kb, ok := n.Value.(*g.KeywordBlockExpr); ok && kb.Keyword == "use" {
		c.name(n.Name, TypeNamespace, ModDeclaration)
	} else {
		c.name(n.Name, TypeVariable, ModDeclaration|ModReadonly)
	}
	c.expr(n.Value)
}

// block classifies the items of a block body.
func (c *classifier) block(b *g.Block, ctx blockCtx) {
	if b == nil {
		return
	}
	for _, it := range b.Items {
		switch it := it.(type) {
		case *g.Attribute:
			typ := TypeProperty
			switch k := it.Key.Text; {
			case ctx == ctxWait && (k == "until" || k == "depends_on" || k == "timeout"),
				ctx == ctxDirectives && k == "depends_on":
				typ = TypeKeyword
			}
			if it.Quoted {
				typ = TypeProperty // 'until' = ... is a quoted key, never the keyword
			}
			c.name(it.Key, typ, 0)
			c.expr(it.Value)
		case *g.NestedBlock:
			inner := ctxPlain
			switch {
			case ctx == ctxResource && it.Name.Text == "directives":
				c.name(it.Name, TypeKeyword, 0)
				inner = ctxDirectives
			case ctx == ctxParam && it.Name.Text == "validation":
				c.name(it.Name, TypeKeyword, 0)
			default:
				c.name(it.Name, TypeProperty, 0)
			}
			c.block(it.Body, inner)
		case *g.LetStmt:
			c.let(it)
		}
	}
}

// expr classifies the names of an expression.
func (c *classifier) expr(e g.Expr) {
	switch e := e.(type) {
	case nil:
	case *g.PathExpr:
		if e != nil {
			c.path(e)
		}
	case *g.IndexExpr:
		c.expr(e.X)
		c.expr(e.Index)
	case *g.FieldExpr:
		c.expr(e.X)
		for i := range e.Fields {
			c.add(e.Fields[i].Span, TypeProperty, 0)
		}
	case *g.StringLit:
		if e != nil {
			for _, p := range e.Parts {
				c.expr(p.Expr)
			}
		}
	case *g.BoolLit:
		c.add(e.Span, TypeKeyword, 0)
	case *g.NullLit:
		c.add(e.Span, TypeKeyword, 0)
	case *g.DurationLit:
		// `30 min` (reported as an error) is a number and a unit word: the word is part of the
		// duration.
		if i := strings.LastIndexAny(e.Text, " \t"); i >= 0 {
			c.add(g.Span{Start: e.Span.End - int32(len(e.Text)-i-1), End: e.Span.End}, TypeNumber, 0)
		}
	case *g.ListExpr:
		for _, x := range e.Elems {
			c.expr(x)
		}
	case *g.MapExpr:
		c.block(e.Body, ctxPlain)
	case *g.CallExpr:
		c.call(e)
	case *g.BinaryExpr:
		c.expr(e.X)
		c.expr(e.Y)
	case *g.UnaryExpr:
		c.expr(e.X)
	case *g.ParenExpr:
		c.expr(e.X)
	case *g.ResourceExpr:
		if e.Read != nil {
			c.add(*e.Read, TypeKeyword, 0)
		}
		c.resourceType(e.Type)
		c.block(e.Body, ctxResource)
	case *g.ModuleCallExpr:
		c.name(e.Name, TypeNamespace, 0)
		c.block(e.Body, ctxPlain)
	case *g.KeywordBlockExpr:
		c.add(e.Kw, TypeKeyword, 0)
		c.block(e.Body, ctxPlain)
	case *g.ProviderExpr:
		c.add(e.Kw, TypeKeyword, 0)
		c.name(e.Kind, TypeNamespace, 0)
		c.block(e.Body, ctxPlain)
	case *g.WaitExpr:
		c.add(e.Kw, TypeKeyword, 0)
		c.name(e.Target, TypeVariable, ModReadonly)
		c.block(e.Body, ctxWait)
	case *g.ForExpr:
		c.add(e.Kw, TypeKeyword, 0)
		for _, b := range e.Bindings {
			c.name(b, TypeParameter, ModDeclaration)
		}
		c.expr(e.Iter)
		c.body(e.Body)
	case *g.IfExpr:
		c.add(e.Kw, TypeKeyword, 0)
		c.expr(e.Cond)
		c.body(e.Then)
		c.body(e.Else)
	case *g.AddressExpr:
		c.resourceType(e.Type)
	}
}

func (c *classifier) body(b *g.Body) {
	if b == nil {
		return
	}
	for _, l := range b.Lets {
		c.let(l)
	}
	c.expr(b.Result)
}

// call classifies a function call: a user function, or a built-in one (defaultLibrary).
func (c *classifier) call(e *g.CallExpr) {
	var mods uint32
	if r := c.ref(e.Fn.Span); (r == nil || r.Decl == nil) && len(c.fns[e.Fn.Text]) == 0 && g.IsBuiltinFunction(e.Fn.Text) {
		mods = ModDefaultLibrary
	}
	c.add(e.Fn.Span, TypeFunction, mods)
	for _, a := range e.Args {
		c.expr(a)
	}
}

// path classifies a name or dotted name in value position through the reference it is: a
// binding (then its attribute segments are properties), a loop variable or parameter, a module
// alias, or, resolving to nothing, an enum value.
func (c *classifier) path(e *g.PathExpr) {
	if len(e.Parts) == 0 {
		return
	}
	r := c.ref(e.Parts[0].Span)
	if r == nil || r.Decl == nil {
		if len(e.Parts) == 1 && e.Parts[0].Text == "null" {
			c.add(e.Span, TypeKeyword, 0)
			return
		}
		c.add(e.Span, TypeEnumMember, 0)
		return
	}
	typ, mods := refType(r.Decl.Kind)
	c.add(e.Parts[0].Span, typ, mods)
	for i := 1; i < len(e.Parts); i++ {
		c.add(e.Parts[i].Span, TypeProperty, 0)
	}
}

// refType is the classification of a reference to a declaration of kind k.
func refType(k workspace.DeclKind) (int, uint32) {
	switch k {
	case workspace.Module:
		return TypeNamespace, 0
	case workspace.Function:
		return TypeFunction, 0
	case workspace.LoopVar, workspace.Param:
		return TypeParameter, 0
	}
	return TypeVariable, ModReadonly
}

// resourceType classifies `aws.acm.Certificate`: the provider segment as a namespace, the rest
// as one type.
func (c *classifier) resourceType(p *g.PathExpr) {
	if p == nil || len(p.Parts) == 0 {
		return
	}
	if len(p.Parts) == 1 {
		c.add(p.Span, TypeType, 0)
		return
	}
	c.add(p.Parts[0].Span, TypeNamespace, 0)
	c.add(g.Span{Start: p.Parts[1].Span.Start, End: p.Span.End}, TypeType, 0)
}

// typ classifies a type annotation.
func (c *classifier) typ(t *g.TypeExpr) {
	if t == nil {
		return
	}
	for _, a := range t.Atoms {
		switch {
		case a.Lit != nil:
		case strings.Contains(a.Name, "."):
			parts := strings.Split(a.Name, ".")
			ns := g.Span{Start: a.Span.Start, End: a.Span.Start + int32(len(parts[0]))}
			c.add(ns, TypeNamespace, 0)
			c.add(g.Span{Start: ns.End + 1, End: a.Span.Start + int32(len(a.Name))}, TypeType, 0)
		case a.Name != "":
			c.add(g.Span{Start: a.Span.Start, End: a.Span.Start + int32(len(a.Name))}, TypeType, 0)
		}
		c.typ(a.Elem)
		for _, f := range a.Fields {
			c.name(f.Name, TypeProperty, ModDeclaration)
			c.typ(f.Type)
		}
	}
}
