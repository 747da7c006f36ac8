// Package grammar owns the Carina language's syntax: the token kinds and keyword list, the lexer
// that never fails, the statement splitter, the parser (hand-written recursive descent with
// per-item recovery; participle for type annotations), the syntax tree with byte ranges, syntax
// errors, and the per-statement parse cache that makes re-parsing after an edit cost only the
// statements the edit touched. It knows nothing of schemas or of LSP.
package grammar

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
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
	closed bool // its brackets balance
	*Parsed
}

// Abs converts a span relative to the statement into a span of the file.
func (s *Stmt) Abs(sp Span) Span { return sp.Shift(s.Offset) }

// File is a parsed source file.
type File struct {
	Src    string
	Tokens []Token // every token of the file, absolute offsets
	Stmts  []*Stmt
	Errors []SyntaxError // every syntax error, absolute spans, in file order

	far      []Far // tokens whose extent depended on text past their end
	balanced bool  // the brackets of the whole file balance (how it was split)
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

// Parser parses the successive versions of one document. It keeps the last version's tokens and
// statements and the parse of each statement keyed by its text, so parsing the next version
// re-lexes only around the edit and re-parses only the statements whose text changed. It is safe
// for concurrent use.
type Parser struct {
	types *typeParser
	mu    sync.Mutex
	cache map[string]*Parsed
	last  *File
}

// NewParser returns a Parser with an empty cache.
func NewParser() *Parser { return &Parser{types: newTypeParser(), cache: map[string]*Parsed{}} }

// Fork returns a new Parser with an empty cache that shares p's compiled grammar: one per
// document.
func (ps *Parser) Fork() *Parser { return &Parser{types: ps.types, cache: map[string]*Parsed{}} }

// Parse parses a version of the document, reusing what it can of the previous version.
func (ps *Parser) Parse(src string) *File {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	var f *File
	if ps.last != nil {
		f = ps.reparse(ps.last, src)
	}
	if f == nil {
		f = ps.parseWhole(src)
	}
	ps.last = f
	if len(ps.cache) > 2*len(f.Stmts)+64 {
		ps.cache = make(map[string]*Parsed, len(f.Stmts))
		for _, s := range f.Stmts {
			ps.cache[src[s.Offset:s.End]] = s.Parsed
		}
	}
	return f
}

// parseWhole lexes, splits and parses a whole text (statements still come from the cache).
func (ps *Parser) parseWhole(src string) *File {
	lx := lexer{src: src, toks: make([]Token, 0, len(src)/4+1)}
	lx.run()
	balanced := bracesBalance(lx.toks)
	ranges := splitWith(src, lx.toks, balanced)
	f := &File{Src: src, Tokens: lx.toks, Stmts: make([]*Stmt, len(ranges)), far: lx.far, balanced: balanced}
	for i, r := range ranges {
		f.Stmts[i] = ps.stmt(src, r)
	}
	f.Errors = fileErrors(src, f.Tokens, f.far, f.Stmts)
	return f
}

// stmt returns the statement at r, parsing its text unless the cache has it.
func (ps *Parser) stmt(src string, r Range) *Stmt {
	text := src[r.Start:r.End]
	pd, ok := ps.cache[text]
	if !ok {
		pd = ps.ParseStatement(text)
		ps.cache[text] = pd
	}
	return &Stmt{Offset: r.Start, End: r.End, closed: r.Closed, Parsed: pd}
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

// fileErrors collects the statements' errors (made absolute) and the lexical problems of the
// comments between statements, in file order. Only tokens in far can be unterminated comments.
func fileErrors(src string, toks []Token, far []Far, stmts []*Stmt) []SyntaxError {
	var errs []SyntaxError
	si := 0
	for _, fl := range far {
		i := sort.Search(len(toks), func(i int) bool { return toks[i].Start >= fl.Start })
		if i >= len(toks) {
			continue
		}
		t := toks[i]
		if t.Kind != BlockComment || t.Flags&Unterminated == 0 {
			continue
		}
		for si < len(stmts) && stmts[si].End <= t.Start {
			si++
		}
		if si < len(stmts) && stmts[si].Offset <= t.Start {
			continue // inside a statement: reported with it
		}
		errs = append(errs, tokenProblems(src, t)...)
	}
	for _, s := range stmts {
		for _, e := range s.Errors {
			e.Span = s.Abs(e.Span)
			if e.Fix != nil {
				fx := *e.Fix
				fx.Span = s.Abs(fx.Span)
				e.Fix = &fx
			}
			errs = append(errs, e)
		}
	}
	if !utf8.ValidString(src) {
		errs = append(errs, invalidUTF8(src, toks)...)
	}
	sortErrors(errs)
	return errs
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
