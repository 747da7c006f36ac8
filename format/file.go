package format

import (
	"unicode"
	"unicode/utf8"

	"github.com/carina-rs/carina-lsp/grammar"
)

// file prints a whole file as the reference does: statements at column 0 separated by one blank
// line (none after a top-level fn, for or if, which the reference does not end with a line
// break), the comments between two statements on lines of their own before the second (a comment
// after a statement on its line included), a blank line kept between those comments and the
// statement, the comments after the last statement directly after it, and exactly one final
// newline.
func (p *printer) file(f *grammar.File) {
	p.stmts = make([]stmtSpan, 0, len(f.Stmts))
	var prev grammar.Node
	for i, st := range f.Stmts {
		k := p.at(st.Offset)
		g := p.gap(k)
		if i > 0 {
			p.out = append(p.out, '\n')
			if endsLine(prev) {
				p.out = append(p.out, '\n')
			}
		}
		for _, c := range g.comments {
			p.needNL = false
			p.writeComment(c.i)
			p.out = append(p.out, '\n')
		}
		if len(g.comments) > 0 && g.nl >= 2 {
			p.out = append(p.out, '\n')
		}
		p.needNL = false
		p.lineStart = len(p.out)
		p.indent, p.cont, p.placed = 0, 1, true
		p.base = st.Offset
		outStart := len(p.out)
		p.stmt(st.Node)
		p.stmts = append(p.stmts, stmtSpan{int(st.Offset), int(st.End), outStart, len(p.out)})
		prev = st.Node
		if p.err != nil {
			return
		}
	}
	g := p.gap(len(p.sig))
	if len(g.comments) > 0 && prev != nil && endsLine(prev) {
		p.out = append(p.out, '\n')
	}
	for _, c := range g.comments {
		p.needNL = false
		p.writeComment(c.i)
		p.out = append(p.out, '\n')
	}
	// Like the reference, trim all trailing white space (Unicode's, as Rust's trim_end does).
	end := len(p.out)
	for end > 0 {
		r, size := utf8.DecodeLastRune(p.out[:end])
		if !unicode.IsSpace(r) {
			break
		}
		end -= size
	}
	p.out = append(p.out[:end], '\n')
}

// endsLine reports whether the reference ends a top-level statement with a line break: not
// after `fn`, `for` and `if`.
func endsLine(n grammar.Node) bool {
	switch n := n.(type) {
	case *grammar.FnStmt:
		return false
	case *grammar.ExprStmt:
		switch n.X.(type) {
		case *grammar.ForExpr, *grammar.IfExpr:
			return false
		}
	}
	return true
}
