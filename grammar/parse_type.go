package grammar

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	plexer "github.com/alecthomas/participle/v2/lexer"
)

// Type annotations (`String`, `list(map(String))`, `'dev' | 'prod'`, `struct { a: Int }`,
// `awscc.ec2.Vpc`) form a small declarative sublanguage, and participle parses it from the tagged
// grammar below. The rest of the language is parsed by hand (parser.go), because participle has no
// error recovery and costs 25–50 µs a line where a statement must parse in a few.

type ptType struct {
	Tokens []plexer.Token
	Atoms  []*ptAtom `parser:"@@ ( '|' @@ )*"`
}

type ptAtom struct {
	Tokens []plexer.Token
	Ctor   string     `parser:"(  @( 'list' | 'map' ) '('"`
	Elem   *ptType    `parser:"   @@ ')'"`
	Struct bool       `parser:"| @'struct' '{'"`
	Fields []*ptField `parser:"  ( @@ ( ',' @@ )* ','? )? '}'"`
	Lit    string     `parser:"| @String"`
	Name   string     `parser:"| @Ident )"`
}

type ptField struct {
	Tokens []plexer.Token
	Name   string  `parser:"@Ident ':'"`
	Type   *ptType `parser:"@@"`
}

// Token types the type grammar sees.
const (
	ptIdent plexer.TokenType = iota + 1
	ptString
	ptPunct
)

// typeLexDef declares the token types of the type grammar. The tokens themselves come from Lex,
// already split, so Lex here is never called.
type typeLexDef struct{}

func (typeLexDef) Symbols() map[string]plexer.TokenType {
	return map[string]plexer.TokenType{"EOF": plexer.EOF, "Ident": ptIdent, "String": ptString, "Punct": ptPunct}
}

func (typeLexDef) Lex(string, io.Reader) (plexer.Lexer, error) {
	return nil, errors.New("type grammar: tokens come from grammar.Lex")
}

// sliceLexer feeds prepared tokens to participle.
type sliceLexer struct {
	toks []plexer.Token
	i    int
}

func (l *sliceLexer) Next() (plexer.Token, error) {
	t := l.toks[l.i]
	if l.i < len(l.toks)-1 {
		l.i++
	}
	return t, nil
}

// typeParser parses type annotations with participle. It is safe for concurrent use. The
// grammar is built on the first type annotation: most files have none, and building it costs
// more than parsing a small configuration (a tenth of a short `check`'s CPU).
type typeParser struct {
	once sync.Once
	p    *participle.Parser[ptType]
}

func newTypeParser() *typeParser { return &typeParser{} }

// parser returns the built grammar.
func (t *typeParser) parser() *participle.Parser[ptType] {
	t.once.Do(func() {
		p, err := participle.Build[ptType](participle.Lexer(typeLexDef{}), participle.UseLookahead(4))
		if err != nil {
			panic(fmt.Sprintf("grammar: the type grammar does not build: %v", err)) // a programming error
		}
		t.p = p
	})
	return t.p
}

// parseType parses a type annotation at the current token. It returns nil after reporting an
// error.
func (p *parser) parseType() *TypeExpr {
	if p.types == nil { // ParseString's parser, which never reaches a type
		p.errorf(span(p.peek()), "unexpected type annotation")
		return nil
	}
	start := p.i
	end := typeExtent(p.toks, start)
	// participle recurses once per bracket: bound the nesting before handing it the tokens.
	depth := 0
	for _, t := range p.toks[start:end] {
		switch t.Kind {
		case LParen, LBrace, LBracket:
			if depth++; depth > maxNesting {
				p.errorf(span(t), "nesting too deep: more than %d levels of brackets in a type", maxNesting)
				return nil
			}
		case RParen, RBrace, RBracket:
			depth--
		}
	}
	toks := make([]plexer.Token, 0, end-start+1)
	for _, t := range p.toks[start:end] {
		tt := ptPunct
		switch t.Kind {
		case Ident:
			tt = ptIdent
		case String:
			tt = ptString
		}
		toks = append(toks, plexer.Token{Type: tt, Value: p.text(t), Pos: plexer.Position{Offset: int(t.Start)}})
	}
	eofAt := p.prevEnd()
	if end > start {
		eofAt = p.toks[end-1].End
	}
	toks = append(toks, plexer.EOFToken(plexer.Position{Offset: int(eofAt)}))
	plex, _ := plexer.Upgrade(&sliceLexer{toks: toks})
	pt, err := p.types.parser().ParseFromLexer(plex, participle.AllowTrailing(true))
	// participle falls back to the plain-name alternative when `list(...)` or `struct { ... }`
	// is broken (`list(String` parses as the name "list" with trailing tokens), so a parse is
	// accepted only when every constructor is complete, no "|" is left dangling, and a bare
	// constructor name (a legal type name in Carina: `vpc: struct = { ... }`) is not followed by
	// what would have been its bracket.
	if err == nil && pt != nil && completeType(pt) && !p.brokenAfterType(pt, start+plex.Cursor(), end) {
		p.i = start + plex.Cursor()
		return p.convertType(pt)
	}
	p.typeError(start, end, toks)
	return nil
}

// completeType reports whether a parsed type has every constructor filled in, and no atom
// holding both a constructor and a name (what a failed constructor leaves behind).
func completeType(pt *ptType) bool {
	if pt == nil || len(pt.Atoms) == 0 {
		return false
	}
	for _, a := range pt.Atoms {
		if a.Ctor != "" || a.Struct {
			if a.Name != "" || a.Lit != "" || a.Ctor != "" && !completeType(a.Elem) {
				return false
			}
			for _, f := range a.Fields {
				if !completeType(f.Type) {
					return false
				}
			}
		}
	}
	return true
}

// brokenAfterType reports whether the token at next (the first one after a parsed type; end is the
// end of the type's extent) shows the type to be broken: a dangling "|", or a bare `list`/`map`
// followed by "(" or by another word on its line (`list String`), or a bare `struct` followed by
// "{" that does not open an argument's detail block (`struct { name String }`) or by a word.
func (p *parser) brokenAfterType(pt *ptType, next, end int) bool {
	t := p.peekAt(next)
	if next < end && t.Kind == Bar {
		return true
	}
	if t.Flags&LineStart != 0 {
		return false
	}
	last := pt.Atoms[len(pt.Atoms)-1]
	if last.Ctor != "" || last.Struct || last.Lit != "" {
		return false
	}
	switch last.Name {
	case "list", "map":
		return t.Kind == LParen || t.Kind == Ident || t.Kind == String
	case "struct":
		if t.Kind == LBrace {
			return !(p.peekAt(next+1).Kind == Ident && p.peekAt(next+2).Kind == Assign)
		}
		return t.Kind == Ident || t.Kind == String
	}
	return false
}

// typeError reports what is wrong with the type annotation in p.toks[start:end].
func (p *parser) typeError(start, end int, toks []plexer.Token) {
	// A constructor followed by a word instead of its bracket: `list String`, `struct a: Int`.
	for j := start; j < end; j++ {
		t := p.toks[j]
		if t.Kind != Ident {
			continue
		}
		n := p.peekAt(j + 1)
		word := n.Flags&LineStart == 0 && (n.Kind == Ident || n.Kind == String)
		switch w := p.text(t); {
		case (w == "list" || w == "map") && word:
			p.errorf(span(t), "expected \"(\" and the element type after %q: write %s(T), e.g. %s(String)", w, w, w)
			return
		case w == "struct" && word:
			p.errorf(span(t), "expected \"{\" and the fields after \"struct\": write struct { name: T, ... }")
			return
		}
	}
	// Otherwise ask participle where a complete parse fails.
	plex, _ := plexer.Upgrade(&sliceLexer{toks: toks})
	_, err := p.types.parser().ParseFromLexer(plex, participle.AllowTrailing(false))
	bad := start
	msg := ""
	if perr, ok := err.(participle.Error); ok {
		bad = end
		for j := start; j < end; j++ {
			if int(p.toks[j].Start) >= perr.Position().Offset {
				bad = j
				break
			}
		}
		msg = perr.Message()
	}
	t := p.peekAt(bad)
	onLater := bad >= end || t.Flags&LineStart != 0 && bad > start
	closer := ""
	switch {
	case strings.Contains(msg, `(expected ")")`):
		closer = ")"
	case strings.Contains(msg, `(expected "}")`):
		closer = "}"
	}
	if closer == "}" && bad < end && t.Kind == Ident && p.peekAt(bad+1).Kind == Colon {
		// `struct { a: String b: Int }`, on one line or several: the fields need commas.
		p.errorf(span(t), "expected \",\" before struct field %q: struct fields are separated by commas", p.text(t))
		return
	}
	if closer != "" && onLater {
		// The closing bracket is missing at the end of the line: point at what it should close.
		if o := p.unclosedIn(start, bad, closer); o >= 0 {
			ot := p.toks[o]
			what := "struct { ... }"
			if closer == ")" {
				what = p.text(p.toks[max(o-1, start)]) + "(...)"
			}
			p.errorf(span(ot), "unclosed %q of %s: expected %q", p.text(ot), what, closer)
			return
		}
	}
	at := span(t)
	if t.Kind == EOF || bad >= end {
		at = Span{max(p.toks[end-1].End-1, 0), p.toks[end-1].End}
		if end == start {
			at = Span{max(p.prevEnd()-1, 0), p.prevEnd()}
		}
	}
	const types = "String, Int, Float, Bool, Duration, list(T), map(T), struct { ... }, a resource type or a string literal"
	found := p.describe(t)
	if bad >= end {
		found = "the end of the line"
	}
	fieldColon := strings.Contains(msg, `(expected ":"`)
	switch {
	case closer == ")":
		p.errorf(at, "expected \")\" after the element type, found %s", found)
	case closer == "}":
		p.errorf(at, "expected \",\" or \"}\" after a struct field, found %s", found)
	case fieldColon:
		p.errorf(at, "expected \":\" and a type after the struct field name, found %s", found)
	case bad >= end:
		p.errorf(at, "expected a type after %q (%s)", p.text(p.toks[end-1]), types)
	default:
		p.errorf(at, "expected a type (%s), found %s", types, found)
	}
}

// unclosedIn returns the index of the innermost "(" (for closer ")") or "{" (for "}") in
// p.toks[from:to] that is not closed before to, or -1.
func (p *parser) unclosedIn(from, to int, closer string) int {
	var stack []int
	for j := from; j < to && j < len(p.toks); j++ {
		switch p.toks[j].Kind {
		case LParen, LBrace:
			stack = append(stack, j)
		case RParen, RBrace:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	want := LParen
	if closer == "}" {
		want = LBrace
	}
	for k := len(stack) - 1; k >= 0; k-- {
		if p.toks[stack[k]].Kind == want {
			return stack[k]
		}
	}
	return -1
}

// peekAt returns the significant token at index j, or the final EOF.
func (p *parser) peekAt(j int) Token {
	if j < len(p.toks) {
		return p.toks[j]
	}
	return p.toks[len(p.toks)-1]
}

// typeExtent returns the index just past the tokens a type annotation may use. At bracket depth
// 0 and inside the parentheses of `list(...)` and `map(...)`, a type holds only names, string
// literals, "|" and the brackets of `list(...)`, `map(...)` and `struct { ... }` (or of an
// argument's detail block), so it ends at any other token (",", "=", ...), at a name or string that follows a complete atom without "|" (`a: String b: Int`), at a
// line start (unless the line goes on with "|"), or at a closing bracket that closes nothing the
// type opened. Inside "(" only (no "{" open), a line starting like the next item (`name:` or
// `name =`) also ends the type, so `list(String` missing its ")" does not run into the next
// argument. Keeping the extent tight keeps parsing linear: participle reads the whole extent.
func typeExtent(toks []Token, start int) int {
	var stack []Kind
	atomEnd := false // the last depth-0 token ended an atom
	for j := start; j < len(toks); j++ {
		t := toks[j]
		if t.Kind == EOF {
			return j
		}
		if j > start && t.Flags&LineStart != 0 && t.Kind != Bar {
			itemLike := t.Kind == Ident && j+1 < len(toks) && (toks[j+1].Kind == Colon || toks[j+1].Kind == Assign)
			switch {
			case len(stack) == 0 && toks[j-1].Kind != Bar:
				return j
			case !slices.Contains(stack, LBrace) && itemLike:
				return j
			}
		}
		if inParen := len(stack) > 0 && stack[len(stack)-1] == LParen; (len(stack) == 0 || inParen) && j > start {
			switch t.Kind {
			case Ident, String:
				if atomEnd && !inParen {
					return j
				}
			case Bar, LParen, LBrace, RParen, RBrace, RBracket:
			default:
				return j
			}
		}
		switch t.Kind {
		case LParen, LBrace, LBracket:
			stack = append(stack, t.Kind)
		case RParen, RBrace, RBracket:
			if len(stack) == 0 || stack[len(stack)-1] != Opener(t.Kind) {
				return j
			}
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			switch t.Kind {
			case Ident, String, RParen, RBrace, RBracket:
				atomEnd = true
			default:
				atomEnd = false
			}
		}
	}
	return len(toks)
}

func tokSpan(ts []plexer.Token) Span {
	if len(ts) == 0 {
		return Span{}
	}
	last := ts[len(ts)-1]
	return Span{int32(ts[0].Pos.Offset), int32(last.Pos.Offset + len(last.Value))}
}

func (p *parser) convertType(pt *ptType) *TypeExpr {
	t := &TypeExpr{Span: tokSpan(pt.Tokens)}
	for _, a := range pt.Atoms {
		at := &TypeAtom{Span: tokSpan(a.Tokens)}
		switch {
		case a.Ctor != "":
			at.Name = a.Ctor
			at.Elem = p.convertType(a.Elem)
		case a.Struct:
			at.Name = "struct"
			for _, f := range a.Fields {
				ns := tokSpan(f.Tokens[:1])
				at.Fields = append(at.Fields, &TypeField{
					Span: tokSpan(f.Tokens),
					Name: &Name{Text: f.Name, Span: ns},
					Type: p.convertType(f.Type),
				})
			}
		case a.Lit != "":
			s := at.Span
			tok := Token{Kind: String, Start: s.Start, End: s.End}
			v := p.stringValue(tok)
			at.Lit = &StringLit{Span: s, Single: a.Lit[0] == '\'', Value: v, Parts: []StringPart{{Span: s, Text: v}}}
		default:
			at.Name = a.Name
			at.Bare = a.Name == "list" || a.Name == "map" || a.Name == "struct"
		}
		t.Atoms = append(t.Atoms, at)
	}
	return t
}
