package grammar

import (
	"errors"
	"fmt"
	"io"

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
	Fields []*ptField `parser:"  ( @@ ( ','? @@ )* ','? )? '}'"`
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

// typeParser parses type annotations with participle. It is safe for concurrent use.
type typeParser struct {
	p *participle.Parser[ptType]
}

func newTypeParser() *typeParser {
	p, err := participle.Build[ptType](participle.Lexer(typeLexDef{}), participle.UseLookahead(4))
	if err != nil {
		panic(fmt.Sprintf("grammar: the type grammar does not build: %v", err)) // a programming error
	}
	return &typeParser{p: p}
}

// parseType parses a type annotation at the current token. It returns nil after reporting an
// error.
func (p *parser) parseType() *TypeExpr {
	start := p.i
	end := typeExtent(p.toks, start)
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
	pt, err := p.types.p.ParseFromLexer(plex, participle.AllowTrailing(true))
	if err != nil || pt == nil || len(pt.Atoms) == 0 {
		t := p.toks[start]
		if perr, ok := err.(participle.Error); ok {
			for j := start; j < end; j++ {
				if int(p.toks[j].Start) == perr.Position().Offset {
					t = p.toks[j]
				}
			}
		}
		p.errorf(span(t), "expected a type (String, Int, Float, Bool, Duration, list(T), map(T), struct { ... }, a resource type or a string literal), found %s", p.describe(t))
		return nil
	}
	p.i = start + plex.Cursor()
	return p.convertType(pt)
}

// typeExtent returns the index just past the tokens a type annotation may use: up to the first
// token at bracket depth 0 that starts a line (unless the line goes on with "|").
func typeExtent(toks []Token, start int) int {
	depth := 0
	for j := start; j < len(toks); j++ {
		t := toks[j]
		if t.Kind == EOF {
			return j
		}
		if j > start && depth == 0 && t.Flags&LineStart != 0 && t.Kind != Bar && toks[j-1].Kind != Bar {
			return j
		}
		switch t.Kind {
		case LParen, LBrace, LBracket:
			depth++
		case RParen, RBrace, RBracket:
			if depth == 0 {
				return j
			}
			depth--
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
		}
		t.Atoms = append(t.Atoms, at)
	}
	return t
}
