package hover

import (
	"sort"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// cursor is the place a hover is asked for: the token under it, the statement holding it and the
// chain of syntax nodes from the statement down to the innermost node containing the token.
type cursor struct {
	env
	f    *workspace.File
	tok  grammar.Token // absolute
	off  int32         // the cursor, absolute, within tok
	word string        // the token's text
	st   *grammar.Stmt // nil between statements
	path []grammar.Node
}

// newCursor locates offset in f; nil when no token worth a hover is there.
func newCursor(e env, f *workspace.File, offset int32) *cursor {
	tok, ok := tokenAt(f.AST.Tokens, offset)
	if !ok {
		return nil
	}
	c := &cursor{env: e, f: f, tok: tok, off: min(max(offset, tok.Start), tok.End), word: tok.Text(f.AST.Src)}
	c.st = f.AST.StmtAt(tok.Start)
	if c.st != nil && c.st.Node != nil {
		c.path = ancestors(c.st.Node, c.rel())
	}
	return c
}

// hoverable reports whether a token of kind k can be hovered.
func hoverable(k grammar.Kind) bool {
	switch k {
	case grammar.Ident, grammar.Duration, grammar.Int, grammar.String, grammar.TemplateStart, grammar.Heredoc,
		grammar.Pipe, grammar.Compose, grammar.Coalesce:
		return true
	}
	return false
}

// tokenAt returns the hoverable token containing off, or the one ending right at off (a cursor
// just after a word is on it).
func tokenAt(toks []grammar.Token, off int32) (grammar.Token, bool) {
	i := sort.Search(len(toks), func(i int) bool { return toks[i].End > off })
	if i < len(toks) && toks[i].Start <= off && hoverable(toks[i].Kind) {
		return toks[i], true
	}
	if i > 0 && toks[i-1].End == off && toks[i-1].Start < off && hoverable(toks[i-1].Kind) {
		return toks[i-1], true
	}
	return grammar.Token{}, false
}

// ancestors returns the nodes from root down to the innermost one whose span holds sp.
func ancestors(root grammar.Node, sp grammar.Span) []grammar.Node {
	path := []grammar.Node{root}
	for n := root; ; {
		var next grammar.Node
		for _, ch := range grammar.Children(n) {
			if p := ch.Pos(); p.Start <= sp.Start && sp.End <= p.End {
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

// rel is the token's span relative to its statement.
func (c *cursor) rel() grammar.Span {
	if c.st == nil {
		return grammar.Span{Start: c.tok.Start, End: c.tok.End}
	}
	return grammar.Span{Start: c.tok.Start - c.st.Offset, End: c.tok.End - c.st.Offset}
}

// relOff is the cursor relative to its statement.
func (c *cursor) relOff() int32 {
	if c.st == nil {
		return c.off
	}
	return c.off - c.st.Offset
}

// tokSpan is the token's absolute span.
func (c *cursor) tokSpan() grammar.Span { return grammar.Span{Start: c.tok.Start, End: c.tok.End} }

// abs converts a span of the cursor's statement to a span of the file.
func (c *cursor) abs(sp grammar.Span) grammar.Span {
	if c.st == nil {
		return sp
	}
	return c.st.Abs(sp)
}

// at returns the i-th node from the innermost (0 = innermost), or nil.
func (c *cursor) at(i int) grammar.Node {
	if i < 0 || i >= len(c.path) {
		return nil
	}
	return c.path[len(c.path)-1-i]
}

// onSpan reports whether the token is exactly the (relative) span sp.
func (c *cursor) onSpan(sp grammar.Span) bool { return sp == c.rel() }

// card builds a Hover over the absolute span sp.
func card(sp grammar.Span, md string) *Hover {
	if md == "" {
		return nil
	}
	return &Hover{Span: sp, Markdown: md}
}

// root returns the statement node the cursor is in, or nil.
func (c *cursor) root() grammar.Node {
	if len(c.path) == 0 {
		return nil
	}
	return c.path[0]
}
