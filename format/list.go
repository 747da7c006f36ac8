package format

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// seq is a bracketed, comma-separated sequence: a list's elements or a call's arguments.
type seq struct {
	open, close  int // sig indices of the brackets
	elems        []grammar.Expr
	first, last  []int
	gaps         []gap // before each element
	closeGap     gap
	newlines     bool // a line break at the sequence's own level
	comments     bool // a comment at its own level
	lineComments bool // a line comment at its own level
}

// newSeq analyses the sequence between the brackets open and close and drops its commas (the
// layout writes its own).
func (p *printer) newSeq(open, close int, elems []grammar.Expr) *seq {
	s := &seq{open: open, close: close, elems: elems, first: make([]int, len(elems)), last: make([]int, len(elems))}
	prev := open
	for i, x := range elems {
		s.first[i], s.last[i] = p.first(x), p.last(x)
		p.dropCommas(prev+1, s.first[i]-1)
		prev = s.last[i]
	}
	p.dropCommas(prev+1, close-1)
	s.gaps = make([]gap, len(elems))
	note := func(g gap) {
		s.newlines = s.newlines || g.newlines > 0
		s.comments = s.comments || len(g.comments) > 0
		for _, c := range g.comments {
			s.lineComments = s.lineComments || p.toks[c.i].Kind == grammar.LineComment
		}
	}
	for i := range elems {
		s.gaps[i] = p.gap(s.first[i])
		note(s.gaps[i])
	}
	s.closeGap = p.gap(close)
	note(s.closeGap)
	return s
}

// list prints a list. As in the reference, a list written over several lines (a line break at
// its own level) is printed one element per line with a trailing comma, any other on one line
// as `[a, b]`; a wait's depends_on goes on one line unless it holds comments. A `directives`
// depends_on list is sorted.
func (p *printer) list(l *grammar.ListExpr, sep string, mode valueMode) {
	s := p.newSeq(p.first(l), p.last(l), l.Elems)
	multi := s.newlines
	if mode == valueSingleList && !s.comments {
		multi = false
	}
	order := p.order(s, mode == valueSorted)
	p.emit(s.open, sep)
	if multi {
		p.multiline(s, order, true)
	} else {
		p.oneLine(s, order)
	}
}

// call prints a function call `f(a, b)` on one line, as the reference does, unless a line
// comment sits between its arguments: then one argument a line, the comments kept.
func (p *printer) call(c *grammar.CallExpr, sep string) {
	fn := p.first(c)
	p.emit(fn, sep)
	s := p.newSeq(fn+1, p.last(c), c.Args)
	order := p.order(s, false)
	p.emit(s.open, "")
	if s.lineComments {
		p.multiline(s, order, false)
	} else {
		p.oneLine(s, order)
	}
}

// order returns the order to print the elements in: the source order, or sorted by their text.
func (p *printer) order(s *seq, sorted bool) []int {
	order := make([]int, len(s.elems))
	for i := range order {
		order[i] = i
	}
	if !sorted || len(order) < 2 {
		return order
	}
	keys := make([]string, len(s.elems))
	for i := range s.elems {
		var b strings.Builder
		for k := s.first[i]; k <= s.last[i]; k++ {
			t := p.text(k)
			if p.kind(k) == grammar.String {
				t = normQuotes(t)
			}
			b.WriteString(t)
		}
		keys[i] = b.String()
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
	return order
}

// oneLine prints the elements after the opening bracket as `a, b, c` and the closing bracket.
func (p *printer) oneLine(s *seq, order []int) {
	if !slices.IsSorted(order) {
		p.unordered++
		for n, i := range order {
			if n > 0 {
				p.synth(", ")
			}
			for _, c := range s.gaps[i].comments {
				p.writeComment(c.i)
				p.synth(" ")
			}
			p.placed = true
			p.expr(s.elems[i], "")
		}
		p.unordered--
		p.emit(s.close, "")
		return
	}
	for n, i := range order {
		sep := ""
		if n > 0 {
			p.synth(",")
			sep = " "
		}
		p.expr(s.elems[i], sep)
	}
	p.emit(s.close, "")
}

// multiline prints the elements one per line at the next level, each followed by a comma
// (after the last one only when trailing), then the closing bracket at the current level. A
// comment on an element's line stays after it (and its comma); other comments lead the next
// element; comments after the last element stay before the closing bracket.
func (p *printer) multiline(s *seq, order []int, trailing bool) {
	n := len(s.elems)
	lead := make([][]comment, n)
	trail := make([][]int32, n)
	for i := range n {
		cs := s.gaps[i].comments
		if i > 0 {
			k := s.gaps[i].inlinePrefix()
			trail[i-1] = commentIdx(cs[:k])
			cs = cs[k:]
		}
		lead[i] = cs
	}
	tail := s.closeGap.comments
	if n > 0 {
		k := s.closeGap.inlinePrefix()
		trail[n-1] = commentIdx(tail[:k])
		tail = tail[k:]
	}
	outer, outerCont := p.indent, p.cont
	level := outer + 1
	sorted := slices.IsSorted(order)
	if !sorted {
		p.unordered++
	}
	for pos, i := range order {
		for _, c := range lead[i] {
			p.lineAt(level)
			p.writeComment(c.i)
		}
		p.place(level)
		p.indent, p.cont = level, level+1
		p.expr(s.elems[i], "")
		switch {
		case p.needNL && pos == n-1:
			// The element ends with a heredoc, whose closing marker must stay alone on its
			// line: the optional trailing comma is left out.
		case p.needNL:
			p.lineAt(level)
			p.synth(",")
		case trailing || pos < n-1:
			p.synth(",")
		}
		for _, c := range trail[i] {
			if p.needNL {
				p.lineAt(p.cont)
			} else {
				p.out = append(p.out, ' ')
			}
			p.writeComment(c)
		}
	}
	if !sorted {
		p.unordered--
	}
	for _, c := range tail {
		p.lineAt(level)
		p.writeComment(c.i)
	}
	p.indent, p.cont = outer, outerCont
	p.place(outer)
	p.emit(s.close, "")
	p.cont = outerCont
}
