package format

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// tokState is what the printer did with a token.
type tokState uint8

const (
	pending tokState = iota
	written
	dropped // a comma the layout removes (or re-creates itself)
)

// printer writes a parsed file's tokens with a new layout. Significant tokens are addressed by
// their index in sig ("sig index"); comments and other trivia by their index in toks.
type printer struct {
	src   string
	toks  []grammar.Token // every token of the file, absolute offsets, ending with EOF
	sig   []int32         // toks indices of the significant tokens
	byPos []int32         // per byte offset: 1 + the sig index of the token starting there, or 0
	endAt []int32         // per byte offset: 1 + the sig index of the token ending there, or 0
	state []tokState      // per toks index
	unit  string          // one indentation level

	out       []byte
	lineStart int  // len(out) just after the current line's indentation
	needNL    bool // a line comment or a heredoc ended the current line

	indent int  // level of the line of the item being printed
	cont   int  // level of a continuation line forced inside an expression
	placed bool // the next token's position (and the comments before it) is already written

	base      int32 // offset of the statement being printed: its node spans are relative to it
	maxDone   int32 // highest toks index written so far
	unordered int   // > 0 while a sorted list writes its elements out of order

	stmts []stmtSpan
	err   error
}

func newPrinter(src string, toks []grammar.Token, opts Options) *printer {
	p := &printer{
		src:     src,
		toks:    toks,
		state:   make([]tokState, len(toks)),
		unit:    opts.unit(),
		out:     make([]byte, 0, len(src)+len(src)/8+16),
		maxDone: -1,
	}
	p.sig = make([]int32, 0, len(toks)/2+1)
	p.byPos = make([]int32, len(src)+1)
	p.endAt = make([]int32, len(src)+1)
	for i, t := range toks {
		if t.Kind != grammar.EOF && !t.Kind.Trivia() {
			p.sig = append(p.sig, int32(i))
			p.byPos[t.Start] = int32(len(p.sig))
			p.endAt[t.End] = int32(len(p.sig))
		}
	}
	return p
}

// fail records the first internal error.
func (p *printer) fail(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf("format: internal error: "+format, args...)
	}
}

// ---- Addressing ----

// tok returns the significant token with sig index k.
func (p *printer) tok(k int) grammar.Token { return p.toks[p.sig[k]] }

// kind returns the kind of the significant token k, EOF past the end.
func (p *printer) kind(k int) grammar.Kind {
	if k < 0 || k >= len(p.sig) {
		return grammar.EOF
	}
	return p.tok(k).Kind
}

// text returns the source text of the significant token k.
func (p *printer) text(k int) string {
	t := p.tok(k)
	return p.src[t.Start:t.End]
}

// at returns the sig index of the token starting at the absolute offset off.
func (p *printer) at(off int32) int {
	if off < 0 || int(off) >= len(p.byPos) || p.byPos[off] == 0 {
		panic(fmt.Sprintf("no token starts at offset %d", off))
	}
	return int(p.byPos[off]) - 1
}

// first returns the sig index of a node's first token.
func (p *printer) first(n grammar.Node) int { return p.at(p.base + n.Pos().Start) }

// last returns the sig index of a node's last token.
func (p *printer) last(n grammar.Node) int { return p.lastAt(p.base + n.Pos().End) }

// lastAt returns the sig index of the token ending at the absolute offset end.
func (p *printer) lastAt(end int32) int {
	if end < 0 || int(end) >= len(p.endAt) || p.endAt[end] == 0 {
		panic(fmt.Sprintf("no token ends at offset %d", end))
	}
	return int(p.endAt[end]) - 1
}

// ---- Gaps: the comments and newlines between two tokens ----

// comment is a comment in a gap.
type comment struct {
	i  int32 // toks index
	nl int   // newlines between the previous token or comment and this comment
}

// gap describes the trivia before a significant token: from the previous significant token that
// is not dropped (dropped commas are transparent) up to the token.
type gap struct {
	comments []comment
	nl       int  // newlines between the last comment (or the previous token) and the token
	newlines int  // all the newlines of the gap
	blank    bool // some run of newlines between two consecutive tokens or comments holds a blank line
}

// gap returns the gap before the significant token k (k == len(sig) for the end of the file).
func (p *printer) gap(k int) gap {
	j := k - 1
	for j >= 0 && p.state[p.sig[j]] == dropped {
		j--
	}
	from := int32(0)
	if j >= 0 {
		from = p.sig[j] + 1
	}
	to := int32(len(p.toks) - 1)
	if k < len(p.sig) {
		to = p.sig[k]
	}
	var g gap
	run := 0
	for i := from; i < to; i++ {
		switch t := p.toks[i]; {
		case t.Kind == grammar.Newline:
			run++
			g.newlines++
		case t.Kind == grammar.LineComment || t.Kind == grammar.BlockComment:
			g.comments = append(g.comments, comment{i: i, nl: run})
			if run >= 2 {
				g.blank = true
			}
			run = 0
		}
	}
	g.nl = run
	if run >= 2 {
		g.blank = true
	}
	return g
}

// inlinePrefix returns how many of the gap's first comments sit on the line of the token before
// the gap (a same-line comment after an item).
func (g gap) inlinePrefix() int {
	n := 0
	for n < len(g.comments) && g.comments[n].nl == 0 {
		n++
	}
	return n
}

// ---- Writing ----

func (p *printer) atLineStart() bool { return len(p.out) == p.lineStart }

// lineAt ends the current line and indents the next one to level.
func (p *printer) lineAt(level int) {
	p.out = append(p.out, '\n')
	for range level {
		p.out = append(p.out, p.unit...)
	}
	p.lineStart = len(p.out)
	p.needNL = false
}

// blankLine ends the current line with an empty line after it; the next lineAt starts the line
// after that.
func (p *printer) blankLine() { p.out = append(p.out, '\n') }

// place writes a line break to level for the item whose first token comes next.
func (p *printer) place(level int) {
	p.lineAt(level)
	p.cont = level + 1
	p.placed = true
}

// mark records that the token with toks index i has been written.
func (p *printer) mark(i int32) {
	if p.state[i] != pending {
		p.fail("token %d (%q) written twice", i, p.src[p.toks[i].Start:p.toks[i].End])
		return
	}
	p.state[i] = written
	if i < p.maxDone && p.unordered == 0 {
		p.fail("token %d (%q) written out of order", i, p.src[p.toks[i].Start:p.toks[i].End])
	}
	p.maxDone = max(p.maxDone, i)
}

// writeTok writes the significant token k: a double-quoted literal with single quotes when
// safe, everything else as it is.
func (p *printer) writeTok(k int) {
	i := p.sig[k]
	t := p.toks[i]
	if p.needNL {
		p.lineAt(p.cont)
	}
	text := p.src[t.Start:t.End]
	if t.Kind == grammar.String {
		text = normQuotes(text)
	}
	p.out = append(p.out, text...)
	p.mark(i)
	if t.Kind == grammar.Heredoc {
		p.needNL = true // the closing marker must stay alone on its line
	}
}

// writeComment writes the comment with toks index i.
func (p *printer) writeComment(i int32) {
	if p.needNL {
		p.lineAt(p.cont)
	}
	t := p.toks[i]
	p.out = append(p.out, p.src[t.Start:t.End]...)
	p.mark(i)
	if t.Kind == grammar.LineComment {
		p.needNL = true
	}
}

// synth writes text the layout adds (a comma).
func (p *printer) synth(text string) {
	if p.needNL {
		p.lineAt(p.cont)
	}
	p.out = append(p.out, text...)
}

// drop removes the comma k from the output.
func (p *printer) drop(k int) {
	if p.kind(k) != grammar.Comma {
		p.fail("dropping %q, which is not a comma", p.text(k))
		return
	}
	p.state[p.sig[k]] = dropped
}

// dropCommas drops every comma among the significant tokens from..to (inclusive).
func (p *printer) dropCommas(from, to int) {
	for k := from; k <= to; k++ {
		if p.kind(k) == grammar.Comma {
			p.drop(k)
		}
	}
}

// emit writes the significant token k. Unless its position was placed, sep separates it from
// what precedes, and the comments before it stay where they are: on the previous token's line
// when they were there, else on a line of their own; after a line comment the token goes on a
// continuation line.
func (p *printer) emit(k int, sep string) {
	if p.placed {
		p.placed = false
		p.writeTok(k)
		return
	}
	g := p.gap(k)
	wrote := false
	for _, c := range g.comments {
		if p.state[c.i] != pending {
			continue
		}
		switch {
		case p.needNL || c.nl > 0:
			p.lineAt(p.cont)
		case !p.atLineStart() && !p.afterOpener():
			p.out = append(p.out, ' ')
		}
		p.writeComment(c.i)
		wrote = true
	}
	switch {
	case p.needNL:
		p.lineAt(p.cont)
	case wrote:
		if !closer(p.kind(k)) {
			p.out = append(p.out, ' ')
		}
	default:
		p.out = append(p.out, sep...)
	}
	p.writeTok(k)
}

// afterOpener reports whether the output ends with "[" or "(", after which a comment follows
// without a space.
func (p *printer) afterOpener() bool {
	n := len(p.out)
	return n > 0 && (p.out[n-1] == '[' || p.out[n-1] == '(')
}

// closer reports whether tokens of kind k close a bracket or separate items, so that no space
// goes before them after a comment.
func closer(k grammar.Kind) bool {
	switch k {
	case grammar.RBrace, grammar.RBracket, grammar.RParen, grammar.Comma:
		return true
	}
	return false
}

// verbatim writes the significant tokens from..to and everything between them as they are in
// the source (line breaks as "\n"): validate expressions and interpolated strings, whose inner
// spacing is significant or deliberately kept. The first token is written with emit.
func (p *printer) verbatim(from, to int, sep string) {
	p.emit(from, sep)
	for i := p.sig[from] + 1; i <= p.sig[to]; i++ {
		t := p.toks[i]
		switch t.Kind {
		case grammar.Newline:
			p.out = append(p.out, '\n')
			p.lineStart = -1
			continue
		case grammar.Space:
			p.out = append(p.out, p.src[t.Start:t.End]...)
			continue
		}
		p.out = append(p.out, p.src[t.Start:t.End]...)
		p.mark(i)
		if t.Kind == grammar.Heredoc {
			p.needNL = true
		}
	}
}

// spaces returns n spaces.
func spaces(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat(" ", n)
}

// verify checks that every token and comment of the file was written exactly once (commas may
// have been dropped): the guarantee that formatting loses nothing.
func (p *printer) verify() {
	for i, t := range p.toks {
		switch {
		case t.Kind == grammar.EOF || t.Kind == grammar.Space || t.Kind == grammar.Newline:
		case p.state[i] == written:
		case p.state[i] == dropped && t.Kind == grammar.Comma:
		default:
			p.fail("token %d (%q) not written", i, p.src[t.Start:t.End])
			return
		}
	}
}
