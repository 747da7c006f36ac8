// Package grammar owns the Carina language's syntax; it knows nothing of schemas or of LSP.
//
// Lex is the lexer that never fails (every byte is in exactly one token; lexical problems are
// flags on tokens), Split cuts the tokens into top-level statements, and a Parser parses each
// statement on its own (hand-written recursive descent with per-item recovery; participle for
// type annotations) into the syntax tree of ast.go, with spans relative to the statement and
// SyntaxErrors that say what was expected where. Parser.ParseDoc and Parser.Reparse keep a
// document as a Doc, whose statements sit in chunks that an edit rebuilds only around itself, an
// unchanged statement's parse being shared from the cache; Doc.File (and Parser.Parse) give the
// flat File.
//
// The construct table (Constructs, ConstructOf) describes every construct of the language: its
// keyword, where it stands, its keys and their value kinds, and the texts the editor shows. The
// keyword list, the parser's dispatch and key validation (KeyedBlockOf, KeyedBlock.Validate) are
// derived from it, and other packages name constructs by ConstructID, so no package but this one
// spells a keyword.
package grammar

import (
	"sort"
	"sync"
	"unicode/utf8"
)

// Doc is one version of a document as the incremental parser holds it: its tokens, statements,
// lexical horizons and syntax errors in chunks of a few dozen statements. An edit rebuilds the
// chunks around it and moves the others by changing their shift, so re-parsing after a keystroke
// costs the statements it touched (and one small header per chunk), not the size of the file.
// File gives the flat parse (every token and statement with absolute offsets), built once per
// version on first use. A Doc is immutable and safe for concurrent use.
type Doc struct {
	src      string
	chunks   []chunkRef
	balanced bool // the brackets of the whole text balance (how it was split)
	nStmts   int
	nToks    int

	fileOnce sync.Once
	file     *File
	errOnce  sync.Once
	errs     []SyntaxError
}

// chunkRef places a chunk in a version: its offsets plus shift are the version's, and the global
// indexes of its first statement and token.
type chunkRef struct {
	shift     int32
	firstStmt int
	firstTok  int
	c         *chunk
}

// chunk is a run of whole statements with the tokens from its start to the next chunk's start
// (comments after its last statement included). Its offsets are those of the version that made
// it; it is shared, unchanged, by the later versions that only moved it.
type chunk struct {
	start    int32 // the chunk's first byte: its first statement's offset, or 0 for the first chunk
	toks     []Token
	stmts    []*Stmt
	far      []Far
	errs     []SyntaxError // its statements' errors, and those of its comments and invalid bytes
	horizon  int32         // the largest Horizon in far; -1 when far is empty
	brackets *bracketRun   // what its tokens leave unmatched; nil when all its statements close
	split    splitFlags    // the union of its statements' split flags
}

// bracketRun is a run of tokens with its matched brackets cancelled: the closers left over at
// its start (each given as the opener it needs) and the openers left open at its end. broken
// records a closer that met an opener of another kind inside the run: the text cannot balance.
type bracketRun struct {
	closers []Kind
	openers []Kind
	broken  bool
}

// chunkStmts is how many statements a chunk holds at most.
const chunkStmts = 48

// Src returns the document's text.
func (d *Doc) Src() string { return d.src }

// Errors returns every syntax error of the document, absolute spans, in file order. It costs the
// number of chunks and errors, not the size of the file.
func (d *Doc) Errors() []SyntaxError {
	d.errOnce.Do(func() {
		if d.file != nil {
			d.errs = d.file.Errors
			return
		}
		n := 0
		for _, r := range d.chunks {
			n += len(r.c.errs)
		}
		errs := make([]SyntaxError, 0, n)
		for _, r := range d.chunks {
			for _, e := range r.c.errs {
				errs = append(errs, shiftError(e, r.shift))
			}
		}
		d.errs = errs
	})
	return d.errs
}

// File returns the flat parse of the document, building it on first use (in time proportional
// to the file).
func (d *Doc) File() *File {
	d.fileOnce.Do(func() {
		if d.file != nil {
			return
		}
		toks := make([]Token, 0, d.nToks)
		stmts := make([]*Stmt, 0, d.nStmts)
		moved := 0
		for _, r := range d.chunks {
			if r.shift != 0 {
				moved += len(r.c.stmts)
			}
		}
		block := make([]Stmt, moved)
		for _, r := range d.chunks {
			if r.shift == 0 {
				toks = append(toks, r.c.toks...)
				stmts = append(stmts, r.c.stmts...)
				continue
			}
			for _, t := range r.c.toks {
				t.Start += r.shift
				t.End += r.shift
				toks = append(toks, t)
			}
			for _, s := range r.c.stmts {
				b := &block[0]
				block = block[1:]
				*b = Stmt{Offset: s.Offset + r.shift, End: s.End + r.shift, closed: s.closed, split: s.split, Parsed: s.Parsed}
				stmts = append(stmts, b)
			}
		}
		d.file = &File{Src: d.src, Tokens: toks, Stmts: stmts, Errors: d.Errors()}
	})
	return d.file
}

func shiftError(e SyntaxError, by int32) SyntaxError {
	if by == 0 {
		return e
	}
	e.Span = e.Span.Shift(by)
	if e.Fix != nil {
		fx := *e.Fix
		fx.Span = fx.Span.Shift(by)
		e.Fix = &fx
	}
	return e
}

// The statements and tokens of a Doc by global index.

func (d *Doc) chunkOfStmt(i int) int {
	return sort.Search(len(d.chunks), func(k int) bool { return d.chunks[k].firstStmt > i }) - 1
}

func (d *Doc) chunkOfTok(i int) int {
	return sort.Search(len(d.chunks), func(k int) bool { return d.chunks[k].firstTok > i }) - 1
}

// stmt returns statement i's offset and end.
func (d *Doc) stmt(i int) (off, end int32) {
	r := d.chunks[d.chunkOfStmt(i)]
	s := r.c.stmts[i-r.firstStmt]
	return s.Offset + r.shift, s.End + r.shift
}

// stmtSplit returns statement i's split flags.
func (d *Doc) stmtSplit(i int) splitFlags {
	r := d.chunks[d.chunkOfStmt(i)]
	return r.c.stmts[i-r.firstStmt].split
}

// tok returns token i.
func (d *Doc) tok(i int) Token {
	r := d.chunks[d.chunkOfTok(i)]
	t := r.c.toks[i-r.firstTok]
	t.Start += r.shift
	t.End += r.shift
	return t
}

// tokAt returns the index of the first token starting at or after off.
func (d *Doc) tokAt(off int32) int {
	return sort.Search(d.nToks, func(i int) bool { return d.tok(i).Start >= off })
}

// chunkStart returns where chunk k of d begins.
func (d *Doc) chunkStart(k int) int32 { return d.chunks[k].c.start + d.chunks[k].shift }

// newDoc makes the Doc of a flat parse whose errors are not collected yet: its chunks view the
// parse's slices (nothing is copied), and the file's errors are the chunks' errors.
func newDoc(f *File, far []Far, balanced bool, size int) *Doc {
	d := &Doc{src: f.Src, balanced: balanced, nStmts: len(f.Stmts), nToks: len(f.Tokens)}
	d.chunks = appendChunks(nil, f.Src, f.Tokens, f.Stmts, far, 0, 0, 0, size)
	f.Errors = d.Errors()
	d.file = f
	return d
}

// appendChunks cuts a run of whole statements, with its tokens (from start) and lexical
// horizons, all in the offsets of src, into chunks of at most size statements, appended to out
// with the given global indexes of the run's first statement and token.
func appendChunks(out []chunkRef, src string, toks []Token, stmts []*Stmt, far []Far, start int32, firstStmt, firstTok, size int) []chunkRef {
	for first := true; first || len(stmts) > 0; first = false {
		n := min(size, len(stmts))
		if rest := len(stmts) - n; rest > 0 && rest < size/2 {
			n = len(stmts) - len(stmts)/2 // two halves rather than a tiny last chunk
		}
		c := &chunk{start: start, stmts: stmts[:n:n], horizon: -1}
		// The chunk ends where the next one begins: at its first statement.
		nt, nf := len(toks), len(far)
		if n < len(stmts) {
			next := stmts[n].Offset
			nt = sort.Search(len(toks), func(i int) bool { return toks[i].Start >= next })
			nf = sort.Search(len(far), func(i int) bool { return far[i].Start >= next })
			start = next
		}
		c.toks, toks = toks[:nt:nt], toks[nt:]
		c.far, far = far[:nf:nf], far[nf:]
		for _, f := range c.far {
			c.horizon = max(c.horizon, f.Horizon)
		}
		c.errs = chunkErrors(src, c)
		for _, s := range c.stmts {
			c.split |= s.split
			if !s.closed && c.brackets == nil {
				c.brackets = bracketsOf(c.toks)
			}
		}
		out = append(out, chunkRef{firstStmt: firstStmt, firstTok: firstTok, c: c})
		firstStmt += n
		firstTok += nt
		stmts = stmts[n:]
	}
	return out
}

// chunkErrors collects the errors of a chunk's statements (made absolute) and the lexical
// problems of the comments between them, in file order, and reports invalid UTF-8 in its strings
// and comments. Only tokens in far can be unterminated comments.
func chunkErrors(src string, c *chunk) []SyntaxError {
	var errs []SyntaxError
	si := 0
	for _, fl := range c.far {
		i := sort.Search(len(c.toks), func(i int) bool { return c.toks[i].Start >= fl.Start })
		if i >= len(c.toks) {
			continue
		}
		t := c.toks[i]
		if t.Kind != BlockComment || t.Flags&Unterminated == 0 {
			continue
		}
		for si < len(c.stmts) && c.stmts[si].End <= t.Start {
			si++
		}
		if si < len(c.stmts) && c.stmts[si].Offset <= t.Start {
			continue // inside a statement: reported with it
		}
		errs = append(errs, tokenProblems(src, t)...)
	}
	for _, s := range c.stmts {
		for _, e := range s.Errors {
			errs = append(errs, shiftError(e, s.Offset))
		}
	}
	if n := len(c.toks); n > 0 && !utf8.ValidString(src[c.toks[0].Start:c.toks[n-1].End]) {
		errs = append(errs, invalidUTF8(src, c.toks)...)
	}
	sortErrors(errs)
	return errs
}

// bracketsOf cancels the matched brackets of a run of tokens, as bracesBalance matches them.
func bracketsOf(toks []Token) *bracketRun {
	r := &bracketRun{}
	var stack []Kind
	closeWith := func(need Kind) {
		switch {
		case len(stack) == 0:
			r.closers = append(r.closers, need)
		case stack[len(stack)-1] != need:
			r.broken = true
		default:
			stack = stack[:len(stack)-1]
		}
	}
	for _, t := range toks {
		switch t.Kind {
		case LBrace, LBracket, LParen:
			stack = append(stack, t.Kind)
		case RBrace, RBracket, RParen:
			closeWith(Opener(t.Kind))
		case TemplateStart, TemplateMid, TemplateEnd:
			if t.Kind != TemplateStart {
				closeWith(TemplateStart)
			}
			if t.Kind != TemplateEnd && t.Flags&NewlineInInterp == 0 {
				stack = append(stack, TemplateStart)
			}
		}
	}
	r.openers = stack
	return r
}

// balancedChunks reports whether the brackets of the chunks balance as a whole.
func balancedChunks(chunks []chunkRef) bool {
	var stack []Kind
	for _, r := range chunks {
		b := r.c.brackets
		if b == nil {
			continue
		}
		if b.broken {
			return false
		}
		for _, need := range b.closers {
			if len(stack) == 0 || stack[len(stack)-1] != need {
				return false
			}
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, b.openers...)
	}
	return len(stack) == 0
}
