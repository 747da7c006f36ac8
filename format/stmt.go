package format

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// stmt prints one top-level statement; its first token is placed at column 0 and it ends
// without a line break.
func (p *printer) stmt(n grammar.Node) {
	switch n := n.(type) {
	case *grammar.LetStmt:
		p.let(n)
	case *grammar.ResourceStmt:
		p.resource(n.Resource, "")
	case *grammar.ModuleCallStmt:
		p.moduleCall(n.Call, "")
	case *grammar.ProviderStmt:
		p.keywordBlock(n.Kind, n.Body, bodyAlways)
	case *grammar.BackendStmt:
		p.keywordBlock(n.Kind, n.Body, bodyAlways)
	case *grammar.ArgumentsStmt:
		p.arguments(n)
	case *grammar.OutputsStmt:
		p.outputs(n)
	case *grammar.StateBlockStmt:
		p.emit(p.first(n), "")
		p.body(n.Body, " ", bodyAlways, p.stateEntries(n.Body))
	case *grammar.RequireStmt:
		p.require(n)
	case *grammar.FnStmt:
		p.fn(n)
	case *grammar.ExprStmt:
		p.expr(n.X, "")
	default:
		p.fail("unexpected statement %T", n)
	}
}

// let prints `let name = value`.
func (p *printer) let(n *grammar.LetStmt) {
	k := p.first(n)
	p.emit(k, "")        // let
	p.emit(k+1, " ")     // name
	p.emit(k+2, " ")     // =
	p.expr(n.Value, " ") // value
}

// keywordBlock prints `provider KIND { ... }` or `backend KIND { ... }`; the keyword comes next.
func (p *printer) keywordBlock(kind *grammar.Name, body *grammar.Block, empty emptyForm) {
	k := p.at(p.base + kind.Span.Start)
	p.emit(k-1, "")
	p.emit(k, " ")
	p.body(body, " ", empty, p.blockEntries(body, nil))
}

// require prints `require COND, MESSAGE`, the condition exactly as written (the reference keeps
// validate expressions opaque).
func (p *printer) require(n *grammar.RequireStmt) {
	p.emit(p.first(n), "")
	p.verbatim(p.first(n.Cond), p.last(n.Cond), " ")
	comma := p.last(n.Cond) + 1
	p.emit(comma, "")
	p.expr(n.Message, " ")
}

// fn prints `fn NAME(p1, p2: T, p3 = d): R {`, then the local lets and the result one per line.
func (p *printer) fn(n *grammar.FnStmt) {
	k := p.first(n)
	p.emit(k, "")    // fn
	p.emit(k+1, " ") // name
	lp := k + 2
	p.emit(lp, "") // (
	rp := p.at(p.base+n.Open.Start) - 1
	if n.Return != nil {
		rp = p.first(n.Return) - 2
	}
	if len(n.Params) > 0 {
		p.dropCommas(p.last(n.Params[len(n.Params)-1])+1, rp-1)
		for i, par := range n.Params {
			if i > 0 {
				p.dropCommas(p.last(n.Params[i-1])+1, p.first(par)-1)
				p.synth(",")
			}
			sep := " "
			if i == 0 {
				sep = ""
			}
			p.param(par.Name, par.Type, par.Default, sep)
		}
	}
	p.emit(rp, "") // )
	if n.Return != nil {
		p.emit(rp+1, "") // :
		p.typeExpr(n.Return, " ")
	}
	p.bodyEntries(&grammar.Body{Open: n.Open, Close: n.Close, Lets: n.Lets, Result: n.Result}, false)
}

// param prints a function parameter `name[: Type][ = default]`.
func (p *printer) param(name *grammar.Name, typ *grammar.TypeExpr, def grammar.Expr, sep string) {
	k := p.at(p.base + name.Span.Start)
	p.emit(k, sep)
	if typ != nil {
		p.emit(k+1, "")
		p.typeExpr(typ, " ")
	}
	if def != nil {
		p.emit(p.first(def)-1, " ")
		p.expr(def, " ")
	}
}

// arguments prints an `arguments` block: simple parameters `name<pad>: Type = default`, padded
// before the colon to the longest simple parameter name of their group; block parameters
// `name: Type { ... }`.
func (p *printer) arguments(n *grammar.ArgumentsStmt) {
	k := p.first(n)
	p.emit(k, "")
	es := entries{style: styleFaithful, list: make([]entry, 0, len(n.Params))}
	for _, d := range n.Params {
		e := entry{first: p.first(d), key: -1}
		if d.Body == nil {
			e.key = len(d.Name.Text)
		}
		e.print = func(pad int) { p.paramDecl(d, pad) }
		es.list = append(es.list, e)
	}
	p.items(k+1, p.lastAt(p.base+n.Span.End), " ", bodyAlways, es)
}

// paramDecl prints one parameter of an arguments block.
func (p *printer) paramDecl(d *grammar.ParamDecl, pad int) {
	k := p.first(d)
	p.emit(k, "")
	if d.Body != nil {
		p.emit(k+1, "")
		p.typeExpr(d.Type, " ")
		p.body(d.Body, " ", bodyAlways, p.faithfulEntries(d.Body, true, plainValues))
		return
	}
	p.emit(k+1, spaces(pad-len(d.Name.Text)))
	p.typeExpr(d.Type, " ")
	if d.Default != nil {
		p.emit(p.first(d.Default)-1, " ")
		p.expr(d.Default, " ")
	}
}

// outputs prints an `attributes` or `exports` block: `name<pad>: Type = value` (padded before
// the colon) or `name<pad> = value`, to the longest name of the group.
func (p *printer) outputs(n *grammar.OutputsStmt) {
	k := p.first(n)
	p.emit(k, "")
	es := entries{style: styleFaithful, list: make([]entry, 0, len(n.Items))}
	for _, d := range n.Items {
		e := entry{first: p.first(d), key: len(d.Name.Text)}
		e.print = func(pad int) { p.outputDecl(d, pad) }
		es.list = append(es.list, e)
	}
	p.items(k+1, p.lastAt(p.base+n.Span.End), " ", bodyAlways, es)
}

// outputDecl prints one item of an attributes or exports block.
func (p *printer) outputDecl(d *grammar.OutputDecl, pad int) {
	k := p.first(d)
	p.emit(k, "")
	padding := spaces(pad - len(d.Name.Text))
	if d.Type != nil {
		p.emit(k+1, padding)
		p.typeExpr(d.Type, " ")
		padding = ""
	}
	p.emit(p.first(d.Value)-1, padding+" ")
	p.expr(d.Value, " ")
}
