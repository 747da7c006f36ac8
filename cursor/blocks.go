package cursor

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// owner returns the top-level declaration a statement makes (the let's binding), or nil.
func (r *resolver) owner(st *grammar.Stmt) *workspace.Decl {
	if st == nil {
		return nil
	}
	if st == r.ownerSt {
		return r.ownerD
	}
	var d *workspace.Decl
	if l, ok := st.Node.(*grammar.LetStmt); ok && l.Name != nil {
		d = r.declAt(st.Abs(l.Name.Span))
	}
	r.ownerSt, r.ownerD = st, d
	return d
}

// blockCtx describes the block path[i] (a *g.Block) of statement st: what construct it belongs
// to and, inside a resource, its schema and attribute path.
func (r *resolver) blockCtx(st *grammar.Stmt, path []grammar.Node, i int) *BlockCtx {
	if b, ok := nodeAt(path, i).(*grammar.Block); ok && r.scratch {
		if b == r.lastBlock {
			return r.lastCtx // the keys of a block come one after the other
		}
		ctx, ok := r.memo[b]
		if !ok {
			ctx = r.describeBlock(st, path, i)
			if r.memo == nil {
				r.memo = map[*grammar.Block]*BlockCtx{}
			}
			r.memo[b] = ctx
		}
		r.lastBlock, r.lastCtx = b, ctx
		return ctx
	}
	return r.describeBlock(st, path, i)
}

// describeBlock is blockCtx without the memo.
func (r *resolver) describeBlock(st *grammar.Stmt, path []grammar.Node, i int) *BlockCtx {
	b, _ := nodeAt(path, i).(*grammar.Block)
	ctx := r.newBlockCtx()
	ctx.Node, ctx.Stmt, ctx.Owner = b, st, r.owner(st)
	switch p := nodeAt(path, i-1).(type) {
	case *grammar.ResourceExpr:
		ctx.Construct = grammar.ConstructOf(grammar.ResourceConstruct)
		if p.Read != nil {
			ctx.Construct = grammar.ConstructOf(grammar.ReadConstruct)
		}
		ctx.Read = p.Read != nil
		if p.Type != nil {
			ctx.Head = r.pathText(st, p.Type)
		}
		ctx.Schema = r.schemas.Declared(ctx.Head, ctx.Read)
		ctx.Path = []string{}
	case *grammar.NestedBlock:
		outer := r.blockCtx(st, path, i-2)
		name := ""
		if p.Name != nil {
			name = p.Name.Text
		}
		if c := grammar.ConstructOf(p.Construct); c != nil {
			ctx.Construct = c
			ctx.Place = grammar.InResource
			if outer.Construct.ID == grammar.ArgumentConstruct {
				ctx.Place = grammar.InArgument
			}
			break
		}
		r.inherit(ctx, outer, name)
	case *grammar.MapExpr:
		ctx.Map = true
		// The map is the value of a key (perhaps as an element of a list value): it holds what
		// that key's schema member holds.
		j := i - 2
		for j >= 0 {
			if _, ok := path[j].(*grammar.ListExpr); !ok {
				break
			}
			j--
		}
		if a, ok := nodeAt(path, j).(*grammar.Attribute); ok && a.Key != nil {
			if _, ok := nodeAt(path, j-1).(*grammar.Block); ok {
				outer := r.blockCtx(st, path, j-1)
				if outer.Construct == nil || outer.Construct.Keys == nil {
					r.inherit(ctx, outer, a.Key.Text)
				}
			}
		}
	case *grammar.WaitExpr:
		ctx.Construct = grammar.ConstructOf(grammar.WaitConstruct)
		ctx.Place = grammar.InLet
		if p.Target != nil {
			ctx.TargetN = p.Target.Text
			if ref := r.refAt(st.Abs(p.Target.Span).Start); ref != nil {
				ctx.Target = ref.Decl
			} else {
				ctx.Target = r.lookup(p.Target.Text)
			}
		}
	case *grammar.ProviderStmt:
		ctx.Construct, ctx.Place = grammar.ConstructOf(grammar.ProviderConstruct), grammar.AtTop
		if p.Kind != nil {
			ctx.Kind = p.Kind.Text
		}
	case *grammar.ProviderExpr:
		ctx.Construct, ctx.Place = grammar.ConstructOf(grammar.ProviderConstruct), grammar.InLet
		if p.Kind != nil {
			ctx.Kind = p.Kind.Text
		}
	case *grammar.BackendStmt:
		ctx.Construct, ctx.Place = grammar.ConstructOf(grammar.BackendConstruct), grammar.AtTop
		if p.Kind != nil {
			ctx.Kind = p.Kind.Text
		}
	case *grammar.KeywordBlockExpr:
		ctx.Construct, ctx.Place = grammar.ConstructOf(p.Construct), grammar.InLet
	case *grammar.ModuleCallExpr:
		ctx.Construct = grammar.ConstructOf(grammar.ModuleCallConstruct)
		if p.Name != nil {
			ctx.ModName = p.Name.Text
			if r.cfg != nil {
				ctx.Module = r.cfg.Modules[p.Name.Text]
			}
		}
	case *grammar.StateBlockStmt:
		ctx.Construct, ctx.Place, ctx.Kind = grammar.ConstructOf(p.Construct), grammar.AtTop, p.Construct.Keyword()
	case *grammar.ParamDecl:
		ctx.Construct = grammar.ConstructOf(grammar.ArgumentConstruct)
	}
	return ctx
}

// inherit makes ctx the block (or map) written under name in the block outer: inside a resource,
// the same schema one attribute deeper.
func (r *resolver) inherit(ctx, outer *BlockCtx, name string) {
	if outer.Path == nil {
		return // not inside a resource body
	}
	ctx.Construct = outer.Construct
	ctx.Head, ctx.Read, ctx.Schema = outer.Head, outer.Read, outer.Schema
	if !r.scratch {
		ctx.Path = append(slices.Clone(outer.Path), name)
		return
	}
	start := len(r.paths) // the statement's paths share one buffer
	r.paths = append(append(r.paths, outer.Path...), name)
	ctx.Path = r.paths[start:len(r.paths):len(r.paths)]
}

// keyExpect is what the value of key in block ctx expects.
func (r *resolver) keyExpect(ctx *BlockCtx, key string) Expectation {
	if ctx == nil {
		return Expectation{}
	}
	if k := ctx.Construct.Key(key); k != nil && ctx.Construct.Keys != nil {
		e := Expectation{Key: k, Block: ctx}
		if k.Value == grammar.RegionValue {
			e.Region = ctx.Kind
		}
		return e
	}
	if ctx.Module != nil && ctx.Module.Config != nil {
		if p := moduleParam(ctx.Module.Config, key); p != nil {
			return Expectation{Param: p, Block: ctx}
		}
	}
	if ctx.Schema != nil && ctx.Path != nil {
		m := schema.Named(ctx.Members(), key)
		if m == nil {
			m, _ = ctx.Schema.Lookup(append(slices.Clone(ctx.Path), key))
		}
		if m != nil {
			desc := "for attribute `" + key + "` of `" + ctx.Schema.Type + "`"
			if len(ctx.Path) > 0 {
				desc = "for attribute `" + strings.Join(ctx.Path, ".") + "." + key + "` of `" + ctx.Schema.Type + "`"
			}
			return Expectation{Schema: ctx.Schema, Type: m.Type, Block: ctx, Desc: desc}
		}
	}
	return Expectation{Block: ctx}
}

// moduleParam returns the argument called name a module declares, or nil.
func moduleParam(cfg *workspace.Config, name string) *grammar.ParamDecl {
	for _, d := range cfg.Decls {
		if d.Kind == workspace.Argument && d.Name == name {
			if p, ok := d.Node.(*grammar.ParamDecl); ok {
				return p
			}
		}
	}
	return nil
}

// expect is what the value position path[i] of statement st expects.
func (r *resolver) expect(st *grammar.Stmt, path []grammar.Node, i int) Expectation {
	node := nodeAt(path, i)
	switch p := nodeAt(path, i-1).(type) {
	case *grammar.Attribute:
		if p.Value != node || p.Key == nil {
			return Expectation{}
		}
		if _, ok := nodeAt(path, i-2).(*grammar.Block); !ok {
			return Expectation{}
		}
		return r.keyExpect(r.blockCtx(st, path, i-2), p.Key.Text)
	case *grammar.ListExpr:
		e := r.expect(st, path, i-1)
		if e.Type != nil && e.Schema != nil {
			if t := e.Schema.Resolve(e.Type); t != nil && t.Kind == schema.KindList {
				e.Type = t.Element
			}
		}
		return e
	case *grammar.ParenExpr:
		return r.expect(st, path, i-1)
	case *grammar.BinaryExpr:
		if p.Y != node || p.Op != grammar.Eq && p.Op != grammar.NotEq {
			return Expectation{}
		}
		return r.compared(st, p.X, r.inPredicate(st, path, i-1))
	case *grammar.ParamDecl:
		if p.Default == node {
			return Expectation{Param: p}
		}
	}
	return Expectation{}
}

// compared is what the right of a comparison with x expects: a value of the type of the
// attribute x reads.
func (r *resolver) compared(st *grammar.Stmt, x grammar.Expr, literal bool) Expectation {
	segs := segments(x)
	if len(segs) < 2 {
		return Expectation{Literal: literal}
	}
	var d *workspace.Decl
	if ref := r.refAt(st.Abs(segs[0].Span).Start); ref != nil {
		d = ref.Decl
	}
	rs := r.declSchema(d)
	if rs == nil {
		return Expectation{Literal: literal}
	}
	m, ok := rs.Lookup(texts(segs[1:]))
	if !ok {
		return Expectation{Literal: literal}
	}
	return Expectation{Schema: rs, Type: m.Type, Literal: literal,
		Desc: "compared with `" + strings.Join(texts(segs), ".") + "` (`" + rs.Type + "`)"}
}

// inPredicate reports whether path[i] lies in the value of a predicate key (until, condition).
func (r *resolver) inPredicate(st *grammar.Stmt, path []grammar.Node, i int) bool {
	for j := i; j > 0; j-- {
		a, ok := path[j].(*grammar.Attribute)
		if !ok {
			continue
		}
		if _, ok := nodeAt(path, j-1).(*grammar.Block); !ok || a.Key == nil {
			return false
		}
		ctx := r.blockCtx(st, path, j-1)
		k := ctx.Construct.Key(a.Key.Text)
		return k != nil && ctx.Construct.Keys != nil && k.Value == grammar.PredicateValue
	}
	return false
}

// enumExpected returns the enum a value position expects, with the regions of a region enum.
func (r *resolver) enumExpected(e Expectation) *schema.Enum {
	if e.Type != nil {
		return r.withRegions(EnumOf(e.Schema, e.Type))
	}
	if e.Key != nil && e.Key.Value == grammar.RegionValue && e.Region != "" {
		return r.withRegions(r.schemas.Enum(e.Region + ".Region"))
	}
	return nil
}

// nodeAt returns path[i], or nil outside the path.
func nodeAt(path []grammar.Node, i int) grammar.Node {
	if i < 0 || i >= len(path) {
		return nil
	}
	return path[i]
}
