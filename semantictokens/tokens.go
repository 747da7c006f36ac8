package semantictokens

import (
	"sort"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Token is one classified range of a file: an absolute byte span, an index into Legend's types
// and a set of Mod* bits. A token may span lines (block comments, strings, heredocs); Encode
// splits it.
type Token struct {
	Span grammar.Span
	Type int
	Mods uint32
}

// Tokens classifies the tokens of f, a file of cfg (cfg may be nil: names then classify without
// resolution; schemas may be nil: enum values are then told only where nothing else is). With span
// nil the whole file is classified, otherwise the tokens that overlap span. The result is ordered
// and non-overlapping. It works on files with syntax errors: the lexer's tokens drive it, and
// every identifier gets its type from its cursor.Site, the same one hover and navigation read.
func Tokens(cfg *workspace.Config, f *workspace.File, span *grammar.Span, schemas *schema.Index) []Token {
	src := f.AST.Src
	lo, hi := int32(0), int32(len(src))
	if span != nil {
		lo, hi = max(span.Start, 0), min(span.End, int32(len(src)))
		if hi <= lo {
			return nil
		}
	}
	named := make([]Token, 0, (hi-lo)/24+1)
	cursor.Walk(cfg, f, &grammar.Span{Start: lo, End: hi}, schemas, func(s cursor.Site) bool {
		named = names(named, &s)
		return true
	})
	toks := f.AST.Tokens
	i := sort.Search(len(toks), func(i int) bool { return toks[i].End > lo })
	e := &emitter{out: make([]Token, 0, (hi-lo)/6+1)}
	j := 0
	for ; i < len(toks) && toks[i].Start < hi && toks[i].Kind != grammar.EOF; i++ {
		t := toks[i]
		for j < len(named) && named[j].Span.Start < t.Start {
			j++
		}
		k := j
		for k < len(named) && named[k].Span.Start < t.End {
			e.add(named[k].Span.Start, min(named[k].Span.End, t.End), named[k].Type, named[k].Mods)
			k++
		}
		if k > j {
			j = k
			continue
		}
		e.lexical(t)
	}
	return e.out
}

// emitter appends tokens, keeping them ordered and non-overlapping.
type emitter struct {
	out []Token
}

func (e *emitter) add(start, end int32, typ int, mods uint32) {
	if n := len(e.out); n > 0 && start < e.out[n-1].Span.End {
		start = e.out[n-1].Span.End
	}
	if end <= start {
		return
	}
	e.out = append(e.out, Token{Span: grammar.Span{Start: start, End: end}, Type: typ, Mods: mods})
}

// lexical classifies a token that is no name by its kind. An identifier without a Site's
// classification is left to the TextMate grammar.
func (e *emitter) lexical(t grammar.Token) {
	switch t.Kind {
	case grammar.LineComment, grammar.BlockComment:
		e.add(t.Start, t.End, TypeComment, 0)
	case grammar.String, grammar.Heredoc:
		e.add(t.Start, t.End, TypeString, 0)
	case grammar.TemplateStart: // "text${
		e.add(t.Start, t.End-2, TypeString, 0)
		e.add(t.End-2, t.End, TypeOperator, 0)
	case grammar.TemplateMid: // }text${
		e.add(t.Start, t.Start+1, TypeOperator, 0)
		e.add(t.Start+1, t.End-2, TypeString, 0)
		e.add(t.End-2, t.End, TypeOperator, 0)
	case grammar.TemplateEnd: // }text"
		e.add(t.Start, t.Start+1, TypeOperator, 0)
		e.add(t.Start+1, t.End, TypeString, 0)
	case grammar.Int, grammar.Float, grammar.Duration:
		e.add(t.Start, t.End, TypeNumber, 0)
	case grammar.Assign, grammar.Pipe, grammar.Compose, grammar.Coalesce, grammar.Bar, grammar.Not, grammar.Eq, grammar.NotEq, grammar.Lt, grammar.LtEq, grammar.Gt,
		grammar.GtEq, grammar.AndAnd, grammar.OrOr:
		e.add(t.Start, t.End, TypeOperator, 0)
	}
}
