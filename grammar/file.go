// Package grammar owns the Carina language's syntax: the token kinds and keyword list, the lexer
// that never fails, the statement splitter, the parser (hand-written recursive descent with
// per-item recovery; participle for type annotations), the syntax tree with byte ranges, syntax
// errors, and the per-statement parse cache that makes re-parsing after an edit cost only the
// statements the edit touched. It knows nothing of schemas or of LSP.
package grammar

import (
	"cmp"
	"slices"
	"sync"
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

// Parser parses files and keeps the parse of each statement of the last file it parsed, keyed by
// the statement's text: parsing the next version of the file re-parses only the statements whose
// text changed. One Parser serves one document; it is safe for concurrent use.
type Parser struct {
	types *typeParser
	mu    sync.Mutex
	cache map[string]*Parsed
}

// NewParser returns a Parser with an empty cache.
func NewParser() *Parser { return &Parser{types: newTypeParser(), cache: map[string]*Parsed{}} }

// Fork returns a new Parser with an empty cache that shares p's compiled grammar: one per
// document.
func (ps *Parser) Fork() *Parser { return &Parser{types: ps.types, cache: map[string]*Parsed{}} }

// Parse parses a whole file, reusing the cached parse of every statement whose text is unchanged.
func (ps *Parser) Parse(src string) *File {
	toks := Lex(src)
	ranges := Split(src, toks)
	f := &File{Src: src, Tokens: toks, Stmts: make([]*Stmt, len(ranges))}

	ps.mu.Lock()
	old := ps.cache
	next := make(map[string]*Parsed, len(ranges))
	ps.mu.Unlock()

	for i, r := range ranges {
		text := src[r.Start:r.End]
		pd, ok := old[text]
		if !ok {
			pd = ps.ParseStatement(text)
		}
		next[text] = pd
		f.Stmts[i] = &Stmt{Offset: r.Start, End: r.End, Parsed: pd}
	}

	ps.mu.Lock()
	ps.cache = next
	ps.mu.Unlock()

	f.Errors = fileErrors(src, toks, f.Stmts)
	return f
}

// ParseStatement parses the text of one top-level statement (as cut by Split).
func (ps *Parser) ParseStatement(text string) *Parsed {
	toks := Lex(text)
	p := newParser(text, toks, ps.types)
	node := p.parseStatement()
	errs := append(lexErrors(text, toks), p.errs...)
	sortErrors(errs)
	return &Parsed{Node: node, Errors: errs}
}

// fileErrors collects the statements' errors (made absolute) and the lexical problems of the
// comments between statements, in file order.
func fileErrors(src string, toks []Token, stmts []*Stmt) []SyntaxError {
	var errs []SyntaxError
	si := 0
	for _, t := range toks {
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
			errs = append(errs, SyntaxError{Span: s.Abs(e.Span), Msg: e.Msg})
		}
	}
	sortErrors(errs)
	return errs
}

func sortErrors(errs []SyntaxError) {
	slices.SortStableFunc(errs, func(a, b SyntaxError) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
}
