package cursor

import (
	"sort"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Locate returns what lies at byte offset offset of f, a file of cfg: the token there and its
// role, what it resolves to, and what a completion there offers (Slot). schemas may be nil. It
// never returns nil; a place with nothing to say has Role None.
func Locate(cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index) *Site {
	s, r := locate(cfg, f, offset, schemas)
	sl := r.slot(s.Offset)
	s.Slot = &sl
	return s
}

// LocateName is Locate without the Slot: what hover and navigation need.
func LocateName(cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index) *Site {
	s, _ := locate(cfg, f, offset, schemas)
	return s
}

func locate(cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index) (*Site, *resolver) {
	r := newResolver(cfg, f, schemas)
	src := f.Text()
	off := int32(min(max(offset, 0), len(src)))
	s := &Site{File: f, Offset: off, Tok: grammar.Token{Kind: grammar.EOF, Start: off, End: off}}
	if tok, ok := tokenAt(f.AST.Tokens, off); ok {
		s.Tok = tok
		s.sameStart = tok.Start == off
		s.Stmt = stmtHolding(f.AST.Stmts, tok.Start)
		if s.Stmt != nil {
			rel := grammar.Span{Start: tok.Start - s.Stmt.Offset, End: tok.End - s.Stmt.Offset}
			s.Path = descend(s.Stmt.Node, rel)
		}
		r.classify(s)
	}
	return s, r
}

// stmtHolding returns the statement (with a tree) whose text holds the absolute offset off, or nil.
func stmtHolding(stmts []*grammar.Stmt, off int32) *grammar.Stmt {
	i := sort.Search(len(stmts), func(i int) bool { return stmts[i].End > off })
	if i < len(stmts) && stmts[i].Offset <= off && stmts[i].Node != nil {
		return stmts[i]
	}
	return nil
}

// SlotAt returns what a completion at byte offset offset of f offers: Locate's Slot, without
// classifying the token there.
func SlotAt(cfg *workspace.Config, f *workspace.File, offset int, schemas *schema.Index) Slot {
	r := newResolver(cfg, f, schemas)
	return r.slot(int32(min(max(offset, 0), len(f.Text()))))
}

// significant reports whether a token of kind k can be under a cursor: anything but blanks.
func significant(k grammar.Kind) bool {
	return k != grammar.Space && k != grammar.Newline && k != grammar.EOF
}

// wordy reports whether a token of kind k is something a cursor can be on by being right after
// it: a word, a literal, a string, a comment, an operator with a meaning of its own. A template
// piece that starts with "}" is not: a cursor before the "}" is after the name inside ${ }.
func wordy(k grammar.Kind) bool {
	switch k {
	case grammar.Ident, grammar.String, grammar.TemplateStart, grammar.Heredoc, grammar.Int, grammar.Float, grammar.Duration, grammar.LineComment,
		grammar.BlockComment, grammar.Pipe, grammar.Compose, grammar.Coalesce:
		return true
	}
	return false
}

// tokenAt returns the token under a cursor at off: the one holding off; but a cursor right after
// a word (see wordy) is on that word unless another word starts at off (punctuation and blanks
// do not count). Blanks are no token.
func tokenAt(toks []grammar.Token, off int32) (grammar.Token, bool) {
	i := sort.Search(len(toks), func(i int) bool { return toks[i].End > off })
	j := i - 1
	for j >= 0 && toks[j].Start == toks[j].End {
		j-- // the end of input, at the end of the text
	}
	at := i < len(toks) && toks[i].Start <= off && significant(toks[i].Kind)
	before := j >= 0 && toks[j].End == off && significant(toks[j].Kind)
	switch {
	case at && (wordy(toks[i].Kind) || !before || !wordy(toks[j].Kind)):
		return toks[i], true
	case before:
		return toks[j], true
	}
	return grammar.Token{}, false
}

// descend returns the nodes from root down to the innermost one whose span holds sp (relative).
func descend(root grammar.Node, sp grammar.Span) []grammar.Node {
	path := make([]grammar.Node, 1, 16)
	path[0] = root
	var children []grammar.Node // one buffer for every level
	for n := root; ; {
		var next grammar.Node
		children = grammar.AppendChildren(children[:0], n)
		for _, ch := range children {
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
