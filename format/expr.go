package format

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// expr prints an expression; sep separates its first token from what precedes.
func (p *printer) expr(x grammar.Expr, sep string) {
	switch x := x.(type) {
	case *grammar.PathExpr, *grammar.IntLit, *grammar.FloatLit, *grammar.DurationLit,
		*grammar.BoolLit, *grammar.NullLit:
		p.tokens(p.first(x), p.last(x), sep)
	case *grammar.StringLit:
		first, last := p.first(x), p.last(x)
		if first == last {
			p.emit(first, sep)
		} else {
			p.verbatim(first, last, sep) // "text${expr}text": spacing inside ${} is significant
		}
	case *grammar.IndexExpr:
		p.expr(x.X, sep)
		open := p.last(x.X) + 1
		p.emit(open, "")
		p.expr(x.Index, "")
		p.emit(p.last(x), "")
	case *grammar.FieldExpr:
		p.expr(x.X, sep)
		p.tokens(p.last(x.X)+1, p.last(x), "")
	case *grammar.ListExpr:
		p.list(x, sep, valueExpr)
	case *grammar.MapExpr:
		p.body(x.Body, sep, bodyBraces, p.mapEntries(x.Body))
	case *grammar.CallExpr:
		p.call(x, sep)
	case *grammar.BinaryExpr:
		p.expr(x.X, sep)
		p.emit(p.at(p.base+x.OpPos.Start), " ")
		p.expr(x.Y, " ")
	case *grammar.UnaryExpr:
		p.emit(p.first(x), sep)
		p.expr(x.X, "")
	case *grammar.ParenExpr:
		p.emit(p.first(x), sep)
		p.expr(x.X, "")
		p.emit(p.last(x), "")
	case *grammar.ResourceExpr:
		p.resource(x, sep)
	case *grammar.ModuleCallExpr:
		p.moduleCall(x, sep)
	case *grammar.KeywordBlockExpr:
		p.emit(p.first(x), sep)
		p.body(x.Body, " ", bodyBraces, p.blockEntries(x.Body, nil))
	case *grammar.ProviderExpr:
		p.emit(p.first(x), sep)
		p.emit(p.first(x)+1, " ")
		p.body(x.Body, " ", bodyBraces, p.blockEntries(x.Body, nil))
	case *grammar.WaitExpr:
		p.wait(x, sep)
	case *grammar.ForExpr:
		p.forExpr(x, sep)
	case *grammar.IfExpr:
		p.ifExpr(x, sep)
	case *grammar.AddressExpr:
		p.expr(x.Type, sep)
		p.expr(x.Name, " ")
	default:
		p.fail("unexpected expression %T", x)
	}
}

// tokens writes the significant tokens from..to with nothing between them.
func (p *printer) tokens(from, to int, sep string) {
	for k := from; k <= to; k++ {
		p.emit(k, sep)
		sep = ""
	}
}

// resource prints `[read] TYPE { ... }`; `{}` when empty.
func (p *printer) resource(x *grammar.ResourceExpr, sep string) {
	k := p.first(x)
	if x.Read != nil {
		p.emit(k, sep)
		k, sep = k+1, " "
	}
	p.emit(k, sep)
	p.body(x.Body, " ", bodyBraces, p.blockEntries(x.Body, nil))
}

// moduleCall prints `NAME { arg = value ... }`; `{}` when empty.
func (p *printer) moduleCall(x *grammar.ModuleCallExpr, sep string) {
	p.emit(p.first(x), sep)
	p.body(x.Body, " ", bodyBraces, p.blockEntries(x.Body, nil))
}

// wait prints `wait TARGET {` and its attributes, aligned, one per line.
func (p *printer) wait(x *grammar.WaitExpr, sep string) {
	k := p.first(x)
	p.emit(k, sep)
	p.emit(k+1, " ")
	p.body(x.Body, " ", bodyAlways, p.waitEntries(x.Body))
}

// forExpr prints `for x in ITER {`, `for (i, x) in ITER {` or `for k, v in ITER {`, the body,
// and `}`.
func (p *printer) forExpr(x *grammar.ForExpr, sep string) {
	k := p.first(x)
	p.emit(k, sep) // for
	in := p.first(x.Iter) - 1
	for j := k + 1; j < in; j++ {
		s := " "
		if kind := p.kind(j); kind == grammar.Comma || kind == grammar.RParen || p.kind(j-1) == grammar.LParen {
			s = ""
		}
		p.emit(j, s)
	}
	p.emit(in, " ")
	p.expr(x.Iter, " ")
	p.bodyEntries(x.Body, true)
}

// ifExpr prints `if COND {`, the body, `}` and the else clause `} else {`, body, `}`.
func (p *printer) ifExpr(x *grammar.IfExpr, sep string) {
	p.emit(p.first(x), sep)
	p.expr(x.Cond, " ")
	p.bodyEntries(x.Then, true)
	if x.Else != nil {
		p.emit(p.at(p.base+x.Else.Open.Start)-1, " ") // else
		p.bodyEntries(x.Else, true)
	}
}
