package format

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// typeExpr prints a type annotation as the reference does: `list(T)`, `map(T)`, unions as
// `A | B`, structs on one line as `struct { a: Int, b: String }` (`struct {}` when empty, a
// trailing comma removed).
func (p *printer) typeExpr(t *grammar.TypeExpr, sep string) {
	from, to := p.first(t), p.last(t)
	prev := grammar.EOF
	for k := from; k <= to; k++ {
		kind := p.kind(k)
		if kind == grammar.Comma && k < to && p.kind(k+1) == grammar.RBrace {
			p.drop(k)
			continue
		}
		s := " "
		switch {
		case k == from:
			s = sep
		case kind == grammar.Bar || prev == grammar.Bar:
		case kind == grammar.LParen || prev == grammar.LParen || kind == grammar.RParen:
			s = ""
		case kind == grammar.LBrace:
		case prev == grammar.LBrace:
			if kind == grammar.RBrace {
				s = ""
			}
		case kind == grammar.RBrace:
		case kind == grammar.Colon || kind == grammar.Comma:
			s = ""
		case prev == grammar.Colon || prev == grammar.Comma:
		}
		p.emit(k, s)
		prev = kind
	}
}
