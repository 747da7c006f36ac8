package semantictokens

import (
	"slices"
	"sort"
	"strings"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Token is one classified range of a file: an absolute byte span, an index into Legend's types
// and a set of Mod* bits. A token may span lines (block comments, strings, heredocs); Encode
// splits it.
type Token struct {
	Span g.Span
	Type int
	Mods uint32
}

// Tokens classifies the tokens of f, a file of cfg (cfg may be nil: names then classify without
// resolution). With span nil the whole file is classified, otherwise the tokens that overlap
// span. The result is ordered and non-overlapping. It works on files with syntax errors: the
// lexer's tokens drive it, and the syntax tree refines the identifiers where it parses.
func Tokens(cfg *workspace.Config, f *workspace.File, span *g.Span) []Token {
	src := f.AST.Src
	lo, hi := int32(0), int32(len(src))
	if span != nil {
		lo, hi = max(span.Start, 0), min(span.End, int32(len(src)))
		if hi <= lo {
			return nil
		}
	}
	names := classifyNames(cfg, f, lo, hi)
	toks := f.AST.Tokens
	i := sort.Search(len(toks), func(i int) bool { return toks[i].End > lo })
	e := &emitter{src: src, cfg: cfg, out: make([]Token, 0, (hi-lo)/6+1)}
	j := 0
	for ; i < len(toks) && toks[i].Start < hi && toks[i].Kind != g.EOF; i++ {
		t := toks[i]
		for j < len(names) && names[j].Span.Start < t.Start {
			j++
		}
		k := j
		for k < len(names) && names[k].Span.Start < t.End {
			e.add(names[k].Span.Start, min(names[k].Span.End, t.End), names[k].Type, names[k].Mods)
			k++
		}
		if k > j {
			j = k
			continue
		}
		e.lexical(toks, i)
	}
	return e.out
}

// classifyNames returns the classifications the syntax tree gives the names of the statements
// overlapping [lo, hi), sorted by start.
func classifyNames(cfg *workspace.Config, f *workspace.File, lo, hi int32) []Token {
	stmts := f.AST.Stmts
	i := sort.Search(len(stmts), func(i int) bool { return stmts[i].End > lo })
	j := i
	for j < len(stmts) && stmts[j].Offset < hi {
		j++
	}
	if i == j {
		return nil
	}
	c := newClassifier(cfg, f, stmts[i].Offset, stmts[j-1].End)
	for _, st := range stmts[i:j] {
		c.stmt(st)
	}
	slices.SortStableFunc(c.out, func(a, b Token) int { return int(a.Span.Start - b.Span.Start) })
	return c.out
}

// emitter appends tokens, keeping them ordered and non-overlapping.
type emitter struct {
	src string
	cfg *workspace.Config
	out []Token
}

func (e *emitter) add(start, end int32, typ int, mods uint32) {
	if n := len(e.out); n > 0 && start < e.out[n-1].Span.End {
		start = e.out[n-1].Span.End
	}
	if end <= start {
		return
	}
	e.out = append(e.out, Token{Span: g.Span{Start: start, End: end}, Type: typ, Mods: mods})
}

// lexical classifies token i by its kind, for tokens the syntax tree says nothing about.
func (e *emitter) lexical(toks []g.Token, i int) {
	t := toks[i]
	switch t.Kind {
	case g.LineComment, g.BlockComment:
		e.add(t.Start, t.End, TypeComment, 0)
	case g.String, g.Heredoc:
		e.add(t.Start, t.End, TypeString, 0)
	case g.TemplateStart: // "text${
		e.add(t.Start, t.End-2, TypeString, 0)
		e.add(t.End-2, t.End, TypeOperator, 0)
	case g.TemplateMid: // }text${
		e.add(t.Start, t.Start+1, TypeOperator, 0)
		e.add(t.Start+1, t.End-2, TypeString, 0)
		e.add(t.End-2, t.End, TypeOperator, 0)
	case g.TemplateEnd: // }text"
		e.add(t.Start, t.Start+1, TypeOperator, 0)
		e.add(t.Start+1, t.End, TypeString, 0)
	case g.Int, g.Float, g.Duration:
		e.add(t.Start, t.End, TypeNumber, 0)
	case g.Assign, g.Pipe, g.Compose, g.Coalesce, g.Bar, g.Not, g.Eq, g.NotEq, g.Lt, g.LtEq, g.Gt,
		g.GtEq, g.AndAnd, g.OrOr:
		e.add(t.Start, t.End, TypeOperator, 0)
	case g.Ident:
		e.ident(toks, i)
	}
}

// ident guesses the class of an identifier the syntax tree did not classify: `in` and `else`
// (which the tree keeps no span for), and the names in statements that did not parse.
func (e *emitter) ident(toks []g.Token, i int) {
	t := toks[i]
	word := e.src[t.Start:t.End]
	next := g.EOF
	for k := i + 1; k < len(toks); k++ {
		if !toks[k].Kind.Trivia() {
			next = toks[k].Kind
			break
		}
	}
	switch {
	case word == "true" || word == "false" || word == "null":
		e.add(t.Start, t.End, TypeKeyword, 0)
	case next == g.Assign || next == g.Colon:
		e.add(t.Start, t.End, TypeProperty, 0)
	case g.IsKeyword(word):
		e.add(t.Start, t.End, TypeKeyword, 0)
	case next == g.LParen && !strings.Contains(word, "."):
		var mods uint32
		if g.IsBuiltinFunction(word) && (e.cfg == nil || len(e.cfg.Functions[word]) == 0) {
			mods = ModDefaultLibrary
		}
		e.add(t.Start, t.End, TypeFunction, mods)
	default:
		first, _, dotted := strings.Cut(word, ".")
		switch {
		case e.cfg != nil && e.cfg.Lookup(first) != nil:
			typ, mods := refType(e.cfg.Lookup(first).Kind)
			end := t.Start + int32(len(first))
			e.add(t.Start, end, typ, mods)
			for p := end; p < t.End; {
				seg := strings.IndexByte(e.src[p+1:t.End], '.')
				segEnd := t.End
				if seg >= 0 {
					segEnd = p + 1 + int32(seg)
				}
				e.add(p+1, segEnd, TypeProperty, 0)
				p = segEnd
			}
		case dotted && next == g.LBrace:
			end := t.Start + int32(len(first))
			e.add(t.Start, end, TypeNamespace, 0)
			e.add(end+1, t.End, TypeType, 0)
		}
	}
}
