package cursor

import (
	"sort"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// In says what construct of the tree the cursor is directly in, as far as completion cares.
type In uint8

// Containers.
const (
	InNothing   In = iota // a comment, a heredoc, the text of an interpolated string: nothing fits
	InStatement           // the level of a top-level statement (no bracket open around the cursor)
	InBlock               // a block: Slot.Block says whose
	InBody                // the body of a for, an if (or else) or a function: local lets, then a result
	InList                // a list: [ ]
	InArgs                // the arguments of a call, grouping parentheses, an index, an interpolation
	InParams              // the parameter list of a function
	InDecls               // the entries of arguments, attributes or exports
	InStruct              // the fields of a struct type
	InTypeArgs            // the parentheses of a type constructor: list( ), map( )
)

// Pos is where in the current item of its container the cursor is.
type Pos uint8

// Positions.
const (
	PosNone  Pos = iota // nowhere completion helps: after `let`, after a key without "="
	PosKey              // the start of an item: a key, a nested block, a local let, a statement
	PosValue            // a value: after `key =`, after an operator, a list element
	PosType             // a type annotation, after `name:`
	PosAfter            // right after a complete value, on the same line
)

// Entry is one significant token of the current item at its container's depth; an opening
// bracket stands for the whole group it opens.
type Entry struct {
	Tok  grammar.Token
	Text string // identifiers: the text; strings: the text between the quotes
}

// Is reports whether the entry is the identifier s.
func (e Entry) Is(s string) bool { return e.Tok.Kind == grammar.Ident && e.Text == s }

// IsKeyword reports whether the entry is the keyword of construct id.
func (e Entry) IsKeyword(id grammar.ConstructID) bool {
	c := grammar.KeywordConstruct(e.Text)
	return e.Tok.Kind == grammar.Ident && c != nil && c.ID == id
}

// ExpectsMore reports whether an item ending with e must go on: an operator, or a keyword that
// starts a construct.
func (e Entry) ExpectsMore() bool {
	switch e.Tok.Kind {
	case grammar.Assign, grammar.Pipe, grammar.Compose, grammar.Coalesce, grammar.Comma, grammar.Colon, grammar.Bar, grammar.Not, grammar.Eq, grammar.NotEq, grammar.Lt,
		grammar.LtEq, grammar.Gt, grammar.GtEq, grammar.AndAnd, grammar.OrOr, grammar.Dot:
		return true
	case grammar.Ident:
		return grammar.ExpectsMore(e.Text)
	}
	return false
}

// Slot is what a completion at a place works from: the container the cursor is in (with its
// block context from the tree), the item being written there and where in it the cursor is, the
// word being typed, and the names in scope.
type Slot struct {
	In    In
	Block *BlockCtx      // InBlock: the block; InList: the block whose key the list is the value of
	Node  grammar.Node   // the container's node: the Block, ListExpr, CallExpr, ForExpr, IfExpr, FnStmt ...
	Path  []grammar.Node // from the statement's root down to Node
	Stmt  *grammar.Stmt

	Pos   Pos
	Key   string  // the current item's key (`key = ...`); InList: the key whose value the list is
	Let   bool    // the current item is a let
	Item  []Entry // the current item's entries before the word
	Rhs   []Entry // the entries after the item's "=" (after `let name =` for a let)
	Outer []Entry // InList, InArgs: the item of the enclosing container that opened it

	Word      grammar.Span    // the word being typed (the text an item replaces)
	Text      string          // its text
	Newline   bool            // a line break separates the word from the token before it
	StringTok grammar.Token   // the string the cursor is in (Kind String), else Kind EOF
	Expect    Expectation     // what a value here expects
	Owner     string          // the name the statement's let declares
	Locals    []string        // the local names in scope: lets, loop variables, parameters (innermost first)
	Listed    map[string]bool // InList: the names the list already holds
}

// Qualified splits the word at its last dot: `cert.st` → ("cert", "st", true).
func (s *Slot) Qualified() (qual, last string, ok bool) {
	i := strings.LastIndexByte(s.Text, '.')
	if i < 0 {
		return "", s.Text, false
	}
	return s.Text[:i], s.Text[i+1:], true
}

// frame is one bracket open at the cursor (or the statement itself).
type frame struct {
	open   int // token index of the opening bracket; -1 for the statement
	closer grammar.Kind
	item   []Entry
	parent *frame
}

// slot works out what a completion at off offers.
func (r *resolver) slot(off int32) Slot {
	src, toks := r.f.Text(), r.f.AST.Tokens
	s := Slot{StringTok: grammar.Token{Kind: grammar.EOF}}
	wordStart := off
	if i := tokenIndex(toks, off) - 1; i >= 0 {
		switch inside(toks[i], off) {
		case inComment:
			return s
		case inString:
			if toks[i].Kind != grammar.String {
				return s
			}
			s.StringTok = toks[i]
			wordStart = toks[i].Start
		}
	}
	if s.StringTok.Kind == grammar.EOF {
		wordStart = int32(wordStartAt(src, int(off)))
		s.Word = grammar.Span{Start: wordStart, End: off}
		s.Text = src[wordStart:off]
	} else {
		s.Word = grammar.Span{Start: off, End: off}
	}
	stmts := r.f.AST.Stmts
	from := len(toks)
	if si := sort.Search(len(stmts), func(i int) bool { return stmts[i].Offset > wordStart }) - 1; si >= 0 {
		s.Stmt = stmts[si]
		from = tokenIndex(toks, s.Stmt.Offset)
	}
	frames := scan(src, toks, from, wordStart)
	if p := prevSignificant(toks, wordStart); p >= 0 {
		s.Newline = strings.ContainsAny(src[toks[p].End:wordStart], "\r\n")
	} else {
		s.Newline = true
	}
	stmtFrame := frames[0]
	s.Owner = letName(stmtFrame.item)
	top := stmtFrame
	if s.Stmt != nil && s.Stmt.Node != nil {
		top = r.container(&s, frames, toks)
	}
	if s.In == InNothing {
		s.In, top = InStatement, stmtFrame
	}
	// A word, or a line break, after a complete item starts the next item of a container: the
	// item before is finished.
	if s.In != InStatement && s.StringTok.Kind == grammar.EOF && len(top.item) > 0 && !top.item[len(top.item)-1].ExpectsMore() &&
		(s.Text != "" || s.Newline) {
		top.item = nil
	}
	s.Item = top.item
	if top.parent != nil {
		s.Outer = top.parent.item
	}
	r.position(&s)
	r.scope(&s, off, len(frames) > 1)
	return s
}

// position classifies the cursor within the current item and works out what a value there
// expects.
func (r *resolver) position(s *Slot) {
	item := s.Item
	if s.In == InList {
		s.Key = keyOf(s.Outer)
		s.Pos = PosValue
		s.Rhs = item
		if n := len(item); n > 0 && !item[n-1].ExpectsMore() {
			s.Pos = PosAfter
		}
		s.Expect = r.listExpect(s)
		s.Listed = map[string]bool{}
		if l, ok := s.Node.(*grammar.ListExpr); ok {
			for _, e := range l.Elems {
				if p, ok := e.(*grammar.PathExpr); ok && len(p.Parts) == 1 && !s.Stmt.Abs(p.Span).Contains(s.Word.End) {
					s.Listed[p.Parts[0].Text] = true
				}
			}
		}
		return
	}
	if len(item) == 0 {
		s.Pos = PosKey
		return
	}
	ai := assignAt(item)
	s.Key = keyOf(item)
	s.Let = item[0].IsKeyword(grammar.LetConstruct)
	if ai >= 0 {
		s.Rhs = item[ai+1:]
	}
	last := item[len(item)-1]
	switch {
	case !last.ExpectsMore():
		if s.Text != "" || s.Newline {
			s.Pos, s.Key, s.Let, s.Rhs = PosKey, "", false, nil
			return
		}
		s.Pos = PosAfter
	case s.typePos():
		s.Pos = PosType
	case ai >= 0:
		s.Pos = PosValue
	}
	if s.Pos == PosValue && s.Block != nil && !s.Let && s.Key != "" {
		s.Expect = r.keyExpect(s.Block, s.Key)
		if op := comparisonAt(s.Rhs); op >= 0 && op == len(s.Rhs)-1 {
			lhs := strings.TrimSpace(r.f.Text()[s.Rhs[0].Tok.Start:s.Rhs[op].Tok.Start])
			s.Expect = r.comparedText(s.Stmt, lhs, s.Expect.Key != nil && s.Expect.Key.Value == grammar.PredicateValue)
		}
	}
}

// typePos reports whether the end of the item is a type annotation: after the ":" of
// `name: Type` in arguments, attributes, exports, struct types and function signatures, with no
// "=" after it.
func (s *Slot) typePos() bool {
	switch s.In {
	case InTypeArgs:
		return true
	case InDecls, InStruct, InParams:
	case InStatement:
		if len(s.Item) == 0 || !s.Item[0].IsKeyword(grammar.FnConstruct) {
			return false
		}
	default:
		return false
	}
	colon := false
	for _, e := range s.Item {
		switch e.Tok.Kind {
		case grammar.Colon:
			colon = true
		case grammar.Assign:
			if colon {
				return false
			}
		}
	}
	return colon
}

// listExpect is what an element of the list the cursor is in expects: the element type of the
// key's schema type, or the key's construct value (bindings).
func (r *resolver) listExpect(s *Slot) Expectation {
	if s.Block == nil || s.Key == "" {
		return Expectation{}
	}
	e := r.keyExpect(s.Block, s.Key)
	if e.Type != nil && e.Schema != nil {
		if t := e.Schema.Resolve(e.Type); t != nil && t.Kind == schema.KindList {
			e.Type = t.Element
		}
	}
	return e
}

// comparedText is compared for a left side written as text: `cert.status`.
func (r *resolver) comparedText(st *grammar.Stmt, lhs string, literal bool) Expectation {
	segs := SplitRef(lhs)
	if len(segs) < 2 {
		return Expectation{Literal: literal}
	}
	d := r.lookup(segs[0])
	rs := r.declSchema(d)
	if rs == nil {
		return Expectation{Literal: literal}
	}
	m, ok := rs.Lookup(segs[1:])
	if !ok {
		return Expectation{Literal: literal}
	}
	return Expectation{Schema: rs, Type: m.Type, Literal: literal,
		Desc: "compared with `" + lhs + "` (`" + rs.Type + "`)"}
}

// comparisonAt returns the index of the first comparison operator of entries, or -1.
func comparisonAt(es []Entry) int {
	for i, e := range es {
		switch e.Tok.Kind {
		case grammar.Eq, grammar.NotEq, grammar.Lt, grammar.LtEq, grammar.Gt, grammar.GtEq:
			return i
		}
	}
	return -1
}

// assignAt returns the index of the item's first "=", or -1.
func assignAt(item []Entry) int {
	for i, e := range item {
		if e.Tok.Kind == grammar.Assign {
			return i
		}
	}
	return -1
}

// keyOf returns the key of a `key = value` item ("" for a let or when there is none).
func keyOf(item []Entry) string {
	if len(item) >= 2 && item[1].Tok.Kind == grammar.Assign && (item[0].Tok.Kind == grammar.Ident || item[0].Tok.Kind == grammar.String) {
		return item[0].Text
	}
	return ""
}

// letName returns the name a `let name = ...` item declares, or "".
func letName(item []Entry) string {
	if len(item) >= 2 && item[0].IsKeyword(grammar.LetConstruct) && item[1].Tok.Kind == grammar.Ident {
		return item[1].Text
	}
	return ""
}

// SplitRef splits a reference path into its segments without index brackets:
// `cert.domain_validation_options[0].resource_record` → cert, domain_validation_options,
// resource_record.
func SplitRef(s string) []string {
	var out []string
	for seg := range strings.SplitSeq(s, ".") {
		if i := strings.IndexByte(seg, '['); i >= 0 {
			seg = seg[:i]
		}
		if seg != "" {
			out = append(out, seg)
		}
	}
	return out
}
