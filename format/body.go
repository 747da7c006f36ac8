package format

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// emptyForm is how a body with nothing inside (no item, no comment) is printed.
type emptyForm uint8

const (
	bodyBraces emptyForm = iota // `{}` on the header line
	bodyAlways                  // `{`, a line break, `}`: the reference always opens these
)

// style is how the comments and blank lines between the entries of a body are laid out.
type style uint8

const (
	// styleBlock is the reference's layout of resource-like bodies: a comment on an entry's line
	// stays there, other comments lead the next entry; a blank line before an entry (or its
	// comments) starts a new alignment group and is printed above the comments; an attribute
	// whose value is a non-empty map forms a group of its own.
	styleBlock style = iota
	// styleMap is the reference's layout of map literals: every comment leads the next entry on
	// a line of its own; any blank line in a gap is kept (one) above that gap's comments; the
	// whole map aligns as one group.
	styleMap
	// styleFaithful keeps comments and blank lines where they are (runs of blank lines become
	// one): for the bodies whose comments the reference drops (arguments, attributes, exports,
	// import/removed/moved, wait, fn, for, if). A blank line starts a new alignment group.
	styleFaithful
)

// entry is one item of a body.
type entry struct {
	first   int  // sig index of its first token
	key     int  // length of its key for the alignment, -1 when it does not align
	isolate bool // styleBlock: an attribute with a non-empty map value, alone in its group
	let     bool // a local let (for the for/if body quirk)
	visual  int  // level its line is indented to, when not the body's level (0: none)
	print   func(pad int)
}

// entries is the content of a body and how to lay it out.
type entries struct {
	list  []entry
	style style
	// letQuirk reproduces the reference's for/if bodies: a local let is indented twice and
	// followed by a blank line.
	letQuirk bool
}

// piece is a blank line (comment == noComment) or a comment line before an entry or the
// closing brace.
type piece struct{ comment int32 }

// noComment marks a piece that is a blank line.
const noComment = -1

// body prints `{ entries }` for a Block.
func (p *printer) body(b *grammar.Block, sep string, empty emptyForm, es entries) {
	p.items(p.at(p.base+b.Open.Start), p.at(p.base+b.Close.Start), sep, empty, es)
}

// items prints the opening brace open (after sep), the entries one per line at the next level,
// and the closing brace close at the current level.
func (p *printer) items(open, close int, sep string, empty emptyForm, es entries) {
	p.emit(open, sep)
	closeGap := p.gap(close)
	if len(es.list) == 0 && len(closeGap.comments) == 0 {
		if empty == bodyAlways {
			cont := p.cont
			p.place(p.indent)
			p.emit(close, "")
			p.cont = cont
			return
		}
		p.emit(close, "")
		return
	}
	outer, outerCont := p.indent, p.cont
	level := outer + 1

	pre, inline, trailing, group := p.layout(es, closeGap)
	pads := alignPads(es.list, group)

	for j := range es.list {
		e := &es.list[j]
		line := level
		if e.visual > 0 {
			line = e.visual
		}
		p.writePieces(pre[j], line)
		p.place(line)
		p.indent, p.cont = level, level+1
		e.print(pads[group[j]])
		p.writeInline(inline[j])
	}
	p.writePieces(trailing, level)
	p.indent, p.cont = outer, outerCont
	p.place(outer)
	p.emit(close, "")
	p.cont = outerCont
}

// writePieces writes blank lines and comment lines.
func (p *printer) writePieces(ps []piece, level int) {
	for _, pc := range ps {
		if pc.comment < 0 {
			p.blankLine()
			continue
		}
		p.lineAt(level)
		p.writeComment(pc.comment)
	}
}

// writeInline writes the comments that follow an entry on its last line.
func (p *printer) writeInline(cs []int32) {
	for n, c := range cs {
		switch {
		case p.needNL:
			p.lineAt(p.cont)
		case n == 0:
			p.out = append(p.out, "  "...)
		default:
			p.out = append(p.out, ' ')
		}
		p.writeComment(c)
	}
}

// layout decides, for each entry, the blank lines and comments before it (pre), the comments
// after it on its line (inline) and its alignment group, and the lines before the closing brace.
func (p *printer) layout(es entries, closeGap gap) (pre [][]piece, inline [][]int32, trailing []piece, group []int) {
	n := len(es.list)
	pre = make([][]piece, n)
	inline = make([][]int32, n)
	group = make([]int, n)
	g := 0
	for j := range es.list {
		gp := p.gap(es.list[j].first)
		cs := gp.comments
		if j > 0 && es.style != styleMap {
			k := gp.inlinePrefix()
			inline[j-1] = commentIdx(cs[:k])
			cs = cs[k:]
		}
		forced := j > 0 && es.letQuirk && es.list[j-1].let
		var ps []piece
		if forced {
			ps = append(ps, piece{noComment})
		}
		newGroup := false
		switch es.style {
		case styleBlock:
			// The reference splits only on a blank line after the last comment, then prints it
			// above the comments, and drops a blank line above them: it would drop, on a second
			// run, the blank line it printed on the first. Splitting on any blank line of the
			// gap gives the reference's first output and keeps it.
			if j > 0 && (gp.blank || es.list[j].isolate || es.list[j-1].isolate) {
				newGroup = true
				if !forced {
					ps = append(ps, piece{noComment})
				}
			}
			ps = appendComments(ps, cs)
		case styleMap:
			if j > 0 && gp.blank {
				ps = append(ps, piece{noComment})
			}
			ps = appendComments(ps, cs)
		case styleFaithful:
			for i, c := range cs {
				if c.nl >= 2 && (j > 0 || i > 0) && !(forced && i == 0) {
					ps = append(ps, piece{noComment})
					newGroup = true
				}
				ps = append(ps, piece{c.i})
			}
			if gp.nl >= 2 && (j > 0 || len(cs) > 0) && !(forced && len(cs) == 0) {
				ps = append(ps, piece{noComment})
				newGroup = true
			}
		}
		if newGroup {
			g++
		}
		group[j] = g
		pre[j] = ps
	}
	cs := closeGap.comments
	if n > 0 && es.style != styleMap {
		k := closeGap.inlinePrefix()
		inline[n-1] = commentIdx(cs[:k])
		cs = cs[k:]
	}
	forced := n > 0 && es.letQuirk && es.list[n-1].let
	if forced {
		trailing = append(trailing, piece{noComment})
	}
	switch es.style {
	case styleBlock:
		trailing = appendComments(trailing, cs)
	case styleMap:
		if n > 0 && closeGap.blank && len(cs) > 0 {
			trailing = append(trailing, piece{noComment})
		}
		trailing = appendComments(trailing, cs)
	case styleFaithful:
		for i, c := range cs {
			if c.nl >= 2 && (n > 0 || i > 0) && !(forced && i == 0) {
				trailing = append(trailing, piece{noComment})
			}
			trailing = append(trailing, piece{c.i})
		}
	}
	return pre, inline, trailing, group
}

func appendComments(ps []piece, cs []comment) []piece {
	for _, c := range cs {
		ps = append(ps, piece{c.i})
	}
	return ps
}

func commentIdx(cs []comment) []int32 {
	if len(cs) == 0 {
		return nil
	}
	out := make([]int32, len(cs))
	for i, c := range cs {
		out[i] = c.i
	}
	return out
}

// alignPads returns, per alignment group, the width keys are padded to: the longest key of the
// group's aligning entries.
func alignPads(list []entry, group []int) []int {
	pads := make([]int, 1)
	for j, e := range list {
		for len(pads) <= group[j] {
			pads = append(pads, 0)
		}
		if e.key > pads[group[j]] {
			pads[group[j]] = e.key
		}
	}
	return pads
}
