package cursor

import (
	"sort"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Locate returns what lies at byte offset offset of f, a file of cfg: the token there and its
// role, what it resolves to, and what a completion there offers (Slot). schemas may be nil. It
// never returns nil; a place with nothing to say has Role None.
func Locate(cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index) *Site {
	r := newResolver(cfg, f, schemas)
	src := f.Text()
	off := int32(min(max(offset, 0), len(src)))
	s := &Site{File: f, Offset: off, Tok: g.Token{Kind: g.EOF, Start: off, End: off}}
	if tok, ok := tokenAt(f.AST.Tokens, off); ok {
		s.Tok = tok
		s.sameStart = tok.Start == off
		s.Stmt = f.AST.StmtAt(tok.Start)
		if s.Stmt != nil && s.Stmt.Node != nil && tok.Start < s.Stmt.End {
			rel := g.Span{Start: tok.Start - s.Stmt.Offset, End: tok.End - s.Stmt.Offset}
			s.Path = descend(s.Stmt.Node, rel)
		} else {
			s.Stmt = nil
		}
		r.classify(s)
	}
	s.Slot = r.slot(off)
	return s
}

// SlotAt returns what a completion at byte offset offset of f offers: Locate's Slot, without
// classifying the token there.
func SlotAt(cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index) Slot {
	r := newResolver(cfg, f, schemas)
	return r.slot(int32(min(max(offset, 0), len(f.Text()))))
}

// significant reports whether a token of kind k can be under a cursor: anything but blanks.
func significant(k g.Kind) bool { return k != g.Space && k != g.Newline && k != g.EOF }

// tokenAt returns the token holding off, or the one ending at off when off starts none (a cursor
// right after a word is on it). Blanks are no token.
func tokenAt(toks []g.Token, off int32) (g.Token, bool) {
	i := sort.Search(len(toks), func(i int) bool { return toks[i].End > off })
	if i < len(toks) && toks[i].Start <= off && significant(toks[i].Kind) {
		return toks[i], true
	}
	if i > 0 && toks[i-1].End == off && toks[i-1].Start < off && significant(toks[i-1].Kind) {
		return toks[i-1], true
	}
	return g.Token{}, false
}

// descend returns the nodes from root down to the innermost one whose span holds sp (relative).
func descend(root g.Node, sp g.Span) []g.Node {
	path := []g.Node{root}
	for n := root; ; {
		var next g.Node
		for _, ch := range g.Children(n) {
			if p := ch.Pos(); p.Start <= sp.Start && sp.End <= p.End && p.End > p.Start {
				next = ch
				break
			}
		}
		if next == nil {
			return path
		}
		path = append(path, next)
		n = next
	}
}

// at returns the i-th node of a path from its innermost end (0: the innermost), or nil.
func at(path []g.Node, i int) g.Node {
	if i < 0 || i >= len(path) {
		return nil
	}
	return path[len(path)-1-i]
}
