package grammar

import (
	"cmp"
	"fmt"
	"slices"
	"sync"
	"unicode/utf8"
)

// Parsed is the parse of one statement's text. It is immutable and may be shared by every file
// holding a statement with the same text; all its spans are relative to the statement's start.
type Parsed struct {
	Node   Node
	Errors []SyntaxError
}

// Stmt is one top-level statement of a file: where it is and its (shared) parse.
type Stmt struct {
	Offset int32 // byte offset of the statement's first byte in the file
	End    int32
	closed bool       // its brackets balance
	split  splitFlags // see Range
	*Parsed
}

// Abs converts a span relative to the statement into a span of the file.
func (s *Stmt) Abs(sp Span) Span { return sp.Shift(s.Offset) }

// File is a parsed source file: the flat parse, every token and statement with absolute
// offsets. (Doc is the form the incremental parser keeps; Doc.File makes its File.)
type File struct {
	Src    string
	Tokens []Token // every token of the file, absolute offsets
	Stmts  []*Stmt
	Errors []SyntaxError // every syntax error, absolute spans, in file order
}

// StmtAt returns the statement containing byte offset off (end inclusive), or nil.
func (f *File) StmtAt(off int32) *Stmt {
	lo, hi := 0, len(f.Stmts)
	for lo < hi {
		m := (lo + hi) / 2
		if f.Stmts[m].End < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(f.Stmts) && f.Stmts[lo].Offset <= off {
		return f.Stmts[lo]
	}
	return nil
}

// Parser parses the successive versions of one document. It keeps the last version and the
// parse of each statement keyed by its text, so parsing the next version re-lexes only around the
// edit and re-parses only the statements whose text changed. It is safe for concurrent use.
type Parser struct {
	types *typeParser
	chunk int // statements a chunk of a Doc holds at most (chunkStmts; less in tests)
	mu    sync.Mutex
	cache map[string]*Parsed
	last  *Doc
}

// NewParser returns a Parser with an empty cache.
func NewParser() *Parser { return &Parser{types: newTypeParser(), cache: map[string]*Parsed{}} }

// Fork returns a new Parser with an empty cache that shares p's compiled grammar: one per
// document.
func (ps *Parser) Fork() *Parser {
	return &Parser{types: ps.types, chunk: ps.chunk, cache: map[string]*Parsed{}}
}

func (ps *Parser) chunkSize() int {
	if ps.chunk > 0 {
		return ps.chunk
	}
	return chunkStmts
}

// Parse parses a version of the document, reusing what it can of the previous version.
func (ps *Parser) Parse(src string) *File { return ps.ParseDoc(src).File() }

// ParseDoc is Parse for a caller that keeps the version for incremental re-parsing: the previous
// version and src are compared (their common prefix and suffix) to find what changed.
func (ps *Parser) ParseDoc(src string) *Doc {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	var e Edit
	if ps.last != nil {
		e = Diff(ps.last.src, src)
	}
	return ps.parseLocked(ps.last, src, e)
}

// Reparse parses src, the text of old with the change e (old's bytes [e.Start, e.OldEnd) became
// src's [e.Start, e.NewEnd)), re-lexing and re-parsing only around the change: no comparison of
// the texts, and a cost that does not grow with the file. old must be a version of this Parser's
// document; an e that does not fit the texts' lengths makes it parse src whole.
func (ps *Parser) Reparse(old *Doc, src string, e Edit) *Doc {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if old != nil && !e.valid(len(old.src), len(src)) {
		old = nil
	}
	return ps.parseLocked(old, src, e)
}

func (ps *Parser) parseLocked(old *Doc, src string, e Edit) *Doc {
	var d *Doc
	if old != nil {
		d = ps.reparse(old, src, e)
	}
	if d == nil {
		d = ps.parseWhole(src)
	}
	ps.last = d
	if len(ps.cache) > 2*d.nStmts+64 {
		ps.cache = make(map[string]*Parsed, d.nStmts)
		for _, r := range d.chunks {
			for _, s := range r.c.stmts {
				o := s.Offset + r.shift
				ps.cache[src[o:o+s.End-s.Offset]] = s.Parsed
			}
		}
	}
	return d
}

// parseWhole lexes, splits and parses a whole text (statements still come from the cache).
func (ps *Parser) parseWhole(src string) *Doc {
	lx := lexer{src: src, toks: make([]Token, 0, len(src)/4+1)}
	lx.run()
	balanced := bracesBalance(lx.toks)
	ranges := splitWith(src, lx.toks, balanced)
	f := &File{Src: src, Tokens: lx.toks, Stmts: make([]*Stmt, len(ranges))}
	for i, r := range ranges {
		f.Stmts[i] = ps.stmt(src, r)
	}
	return newDoc(f, lx.far, balanced, ps.chunkSize())
}

// stmt returns the statement at r, parsing its text unless the cache has it.
func (ps *Parser) stmt(src string, r Range) *Stmt {
	text := src[r.Start:r.End]
	pd, ok := ps.cache[text]
	if !ok {
		pd = ps.ParseStatement(text)
		ps.cache[text] = pd
	}
	return &Stmt{Offset: r.Start, End: r.End, closed: r.Closed, split: r.split, Parsed: pd}
}

// ParseStatement parses the text of one top-level statement (as cut by Split).
func (ps *Parser) ParseStatement(text string) *Parsed {
	toks := Lex(text)
	p := newParser(text, toks, ps.types)
	node := p.parseStatement()
	errs := lexErrors(text, toks)
	// One diagnostic per place: a parse error where a lexical one starts (the tokens after an
	// unterminated string) adds nothing.
	lexStarts := make(map[int32]bool, len(errs))
	for _, e := range errs {
		lexStarts[e.Span.Start] = true
	}
	for _, e := range p.errs {
		if !lexStarts[e.Span.Start] {
			errs = append(errs, e)
		}
	}
	sortErrors(errs)
	return &Parsed{Node: node, Errors: errs}
}

// invalidUTF8 reports, once a token, bytes that are not UTF-8 inside strings and comments
// (elsewhere they are Invalid tokens, which the parser reports): Carina reads sources as UTF-8.
func invalidUTF8(src string, toks []Token) []SyntaxError {
	var errs []SyntaxError
	for _, t := range toks {
		text := src[t.Start:t.End]
		if t.Kind == Invalid || utf8.ValidString(text) {
			continue
		}
		for i := 0; i < len(text); {
			r, size := utf8.DecodeRuneInString(text[i:])
			if r == utf8.RuneError && size == 1 {
				at := t.Start + int32(i)
				errs = append(errs, SyntaxError{Span: Span{at, at + 1}, Msg: fmt.Sprintf("invalid UTF-8 byte 0x%02X: a .crn file must be UTF-8", text[i])})
				break
			}
			i += size
		}
	}
	return errs
}

func sortErrors(errs []SyntaxError) {
	slices.SortStableFunc(errs, func(a, b SyntaxError) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
}
