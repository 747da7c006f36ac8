package cursor

import (
	"sort"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Walk calls yield with the Site of every name-like token of f (identifiers: names, keywords,
// literal words; and quoted keys) that overlaps span (the whole file when span is nil), in file
// order: what Locate says with the cursor at the token's start. A dotted name gets one Site a
// segment, except the segments the Site before covers (a qualified enum value, a resource type
// are one Site). Walk stops when yield returns false.
//
// It walks the syntax tree of each statement once, alongside the tokens, and describes each block
// once, so a whole file costs about one pass. The Site is passed by value (built on the stack);
// its slices (Segments, Attr) and its block context are buffers of the walk, overwritten by the
// Sites after it: they are valid only during the call. Sites from Walk have no Slot.
func Walk(cfg *workspace.Config, f *workspace.File, span *grammar.Span, schemas *schema.Index, yield func(Site) bool) {
	src := f.Text()
	lo, hi := int32(0), int32(len(src))
	if span != nil {
		lo, hi = max(span.Start, 0), min(span.End, hi)
	}
	toks := f.AST.Tokens
	w := &walker{
		r:     newResolver(cfg, f, schemas),
		toks:  toks,
		i:     sort.Search(len(toks), func(i int) bool { return toks[i].End > lo }),
		hi:    hi,
		yield: yield,
	}
	w.r.scratch = true
	stmts := f.AST.Stmts
	si := sort.Search(len(stmts), func(i int) bool { return stmts[i].End > lo })
	sj := si
	for sj < len(stmts) && stmts[sj].Offset < hi {
		sj++
	}
	for _, st := range stmts[si:sj] {
		w.loose(st.Offset)
		if st.Node == nil || w.done() {
			continue
		}
		w.st, w.end = st, st.End
		w.r.reset() // blocks are described once per statement
		w.visit(st.Node, true)
		w.st = nil
	}
	w.loose(hi)
}

// walker walks the tokens of a file alongside the syntax tree of their statements.
type walker struct {
	r     *resolver
	toks  []grammar.Token
	i     int   // the next token
	hi    int32 // tokens starting at or after hi are not walked
	st    *grammar.Stmt
	end   int32          // the statement's end
	path  []grammar.Node // from the statement's root to the node being visited
	kids  []grammar.Node // the children of the nodes on the path, a stack
	yield func(Site) bool
	stop  bool
}

// done reports whether the walk is over: yield said stop, or the tokens ran out.
func (w *walker) done() bool {
	return w.stop || w.i >= len(w.toks) || w.toks[w.i].Start >= w.hi || w.toks[w.i].Kind == grammar.EOF
}

// skip passes the tokens of the statement that are no names: only names are yielded, so which
// node holds the others does not matter.
func (w *walker) skip() {
	for ; w.i < len(w.toks); w.i++ {
		t := &w.toks[w.i]
		if t.Kind == grammar.Ident || t.Kind == grammar.String || t.Kind == grammar.EOF || t.Start >= w.end {
			return
		}
	}
}

// loose walks the tokens that start before off outside any statement.
func (w *walker) loose(off int32) {
	for !w.done() && w.toks[w.i].Start < off {
		w.emit(nil)
		w.i++
	}
}

// visit walks the tokens the node n holds (the statement's root holds every token before the
// statement's end) with n on the path: the ones a child holds through the child, the others as
// n's own. Children are in source order, so the only child that may hold a token is the first
// one that does not end before it.
func (w *walker) visit(n grammar.Node, root bool) {
	w.path = append(w.path, n)
	np := n.Pos()
	base := len(w.kids)
	switch n.(type) {
	case *grammar.Name, *grammar.PathExpr, *grammar.BoolLit, *grammar.NullLit, *grammar.DurationLit, *grammar.IntLit, *grammar.FloatLit:
		// leaves: no children to ask for
	default:
		w.kids = grammar.AppendChildren(w.kids, n)
	}
	kids := w.kids[base:] // the children visited below append after them and cut back
	k := 0
	for {
		w.skip()
		if w.done() {
			break
		}
		t := w.toks[w.i]
		if t.Start >= w.end {
			break
		}
		rel := grammar.Span{Start: t.Start - w.st.Offset, End: t.End - w.st.Offset}
		if !root && !(np.Start <= rel.Start && rel.End <= np.End) {
			break
		}
		for k < len(kids) {
			if p := kids[k].Pos(); p.End > p.Start && p.End > rel.Start {
				break
			}
			k++
		}
		if k < len(kids) {
			if p := kids[k].Pos(); p.Start <= rel.Start && rel.End <= p.End {
				w.visit(kids[k], false)
				continue
			}
		}
		w.emit(w.path)
		w.i++
	}
	w.kids = w.kids[:base]
	w.path = w.path[:len(w.path)-1]
}

// emit yields the Sites of the current token, an identifier with the given path.
func (w *walker) emit(path []grammar.Node) {
	t := w.toks[w.i]
	if w.stop || t.Kind != grammar.Ident && !(t.Kind == grammar.String && quotedKey(path)) {
		return
	}
	st := w.st
	if path == nil {
		st = nil
	}
	for off := t.Start; ; {
		s := Site{File: w.r.f, Offset: off, Tok: t, Stmt: st, Path: path, sameStart: true}
		w.r.classify(&s)
		if !w.yield(s) {
			w.stop = true
			return
		}
		// The next segment of a dotted name the Site does not cover.
		next := int32(-1)
		for _, n := range s.Segments {
			if n.Span.Start >= s.Span.End && n.Span.Start > off && n.Span.Start < t.End {
				next = n.Span.Start
				break
			}
		}
		if next < 0 {
			return
		}
		off = next
	}
}

// quotedKey reports whether a string token with this path is a quoted key: its innermost node is
// a name.
func quotedKey(path []grammar.Node) bool {
	if n := len(path); n > 0 {
		_, ok := path[n-1].(*grammar.Name)
		return ok
	}
	return false
}
