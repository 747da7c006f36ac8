package format

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// valueMode says how an attribute's value is printed.
type valueMode uint8

const (
	valueExpr       valueMode = iota // an ordinary expression
	valueVerbatim                    // a validate expression, exactly as written
	valueSorted                      // `directives { depends_on = [...] }`: sorted
	valueSingleList                  // a wait's depends_on: on one line unless it holds comments
)

// itemEntry returns the entry of a block item; its comma, if any, is dropped.
func (p *printer) itemEntry(it grammar.Item) entry {
	if a, ok := it.(*grammar.Attribute); ok && a.Comma {
		p.drop(p.last(it))
	}
	return entry{first: p.first(it), key: -1}
}

// keyLayout returns how the value of attribute a of a block of construct c is printed: as the
// construct table's key says (a predicate verbatim, a list of names on one line or sorted), else
// as an expression. c may be nil.
func keyLayout(c *grammar.Construct, a *grammar.Attribute) valueMode {
	k := c.Key(a.Key.Text)
	if k == nil || a.Quoted || c.Keys == nil {
		return valueExpr
	}
	switch k.Layout {
	case grammar.Verbatim:
		return valueVerbatim
	case grammar.SortedList:
		return valueSorted
	case grammar.OneLine:
		if _, ok := a.Value.(*grammar.ListExpr); ok {
			return valueSingleList
		}
	}
	return valueExpr
}

// blockEntries returns the entries of a resource-like body (resources, read, nested blocks,
// provider, backend, use, upstream_state, module calls): the reference's block layout. c is the
// construct whose keys the block takes, when the language fixes them (directives, whose
// depends_on list is sorted), else nil.
func (p *printer) blockEntries(b *grammar.Block, c *grammar.Construct) entries {
	es := entries{style: styleBlock, list: make([]entry, 0, len(b.Items))}
	for _, it := range b.Items {
		e := p.itemEntry(it)
		switch it := it.(type) {
		case *grammar.Attribute:
			if !it.Quoted {
				e.key = len(it.Key.Text)
			}
			e.isolate = mapValued(it.Value)
			mode := keyLayout(c, it)
			e.print = func(pad int) { p.attribute(it, pad, mode) }
		case *grammar.NestedBlock:
			e.print = func(int) { p.nestedBlock(it) }
		case *grammar.LetStmt:
			e.print = func(int) { p.let(it) }
		default:
			p.fail("unexpected block item %T", it)
		}
		es.list = append(es.list, e)
	}
	return es
}

// mapValued reports whether an attribute value is a non-empty map literal, also at the head of
// a pipe or compose chain: the reference isolates such attributes with blank lines.
func mapValued(x grammar.Expr) bool {
	for {
		switch v := x.(type) {
		case *grammar.BinaryExpr:
			if v.Op != grammar.Pipe && v.Op != grammar.Compose {
				return false
			}
			x = v.X
		case *grammar.MapExpr:
			for _, it := range v.Body.Items {
				switch it.(type) {
				case *grammar.Attribute, *grammar.NestedBlock:
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// mapEntries returns the entries of a map literal: the reference's map layout, aligned over the
// whole map (quoted keys count with their quotes).
func (p *printer) mapEntries(b *grammar.Block) entries {
	es := entries{style: styleMap, list: make([]entry, 0, len(b.Items))}
	for _, it := range b.Items {
		e := p.itemEntry(it)
		switch it := it.(type) {
		case *grammar.Attribute:
			e.key = len(p.text(e.first))
			e.print = func(pad int) { p.attribute(it, pad, valueExpr) }
		case *grammar.NestedBlock:
			e.print = func(int) { p.nestedBlock(it) }
		default:
			p.fail("unexpected map item %T", it)
		}
		es.list = append(es.list, e)
	}
	return es
}

// faithfulEntries returns the entries of a body whose comments the reference drops; keys says
// whether identifier keys align.
func (p *printer) faithfulEntries(b *grammar.Block, keys bool, mode func(*grammar.Attribute) valueMode) entries {
	es := entries{style: styleFaithful, list: make([]entry, 0, len(b.Items))}
	for _, it := range b.Items {
		e := p.itemEntry(it)
		switch it := it.(type) {
		case *grammar.Attribute:
			if keys && !it.Quoted {
				e.key = len(it.Key.Text)
			}
			m := mode(it)
			e.print = func(pad int) { p.attribute(it, pad, m) }
		case *grammar.NestedBlock:
			if it.Construct == grammar.ValidationConstruct {
				e.print = func(int) { p.validation(it) }
			} else {
				e.print = func(int) { p.nestedBlock(it) }
			}
		case *grammar.LetStmt:
			e.print = func(int) { p.let(it) }
		default:
			p.fail("unexpected item %T", it)
		}
		es.list = append(es.list, e)
	}
	return es
}

func plainValues(*grammar.Attribute) valueMode { return valueExpr }

// stateEntries returns the entries of an import, removed or moved block: one attribute a line,
// not aligned.
func (p *printer) stateEntries(b *grammar.Block) entries {
	return p.faithfulEntries(b, false, plainValues)
}

// waitEntries returns the entries of a wait body: keys aligned, the until predicate as written,
// depends_on on one line.
func (p *printer) waitEntries(b *grammar.Block) entries {
	wait := grammar.ConstructOf(grammar.WaitConstruct)
	return p.faithfulEntries(b, true, func(a *grammar.Attribute) valueMode { return keyLayout(wait, a) })
}

// validation prints `validation { condition = ... error_message = ... }` inside an argument's
// block (the reference prints a bare `validation`, which no longer parses).
func (p *printer) validation(n *grammar.NestedBlock) {
	p.emit(p.first(n), "")
	v := grammar.ConstructOf(grammar.ValidationConstruct)
	p.body(n.Body, " ", bodyBraces, p.faithfulEntries(n.Body, true, func(a *grammar.Attribute) valueMode { return keyLayout(v, a) }))
}

// nestedBlock prints `name { ... }` with the block layout; `{}` when empty.
func (p *printer) nestedBlock(n *grammar.NestedBlock) {
	p.emit(p.first(n), "")
	var c *grammar.Construct // a keyword block such as directives: its keys' layouts
	if k := grammar.ConstructOf(n.Construct); k != nil {
		c = k
	}
	p.body(n.Body, " ", bodyBraces, p.blockEntries(n.Body, c))
}

// attribute prints `key = value`, the key padded to pad.
func (p *printer) attribute(a *grammar.Attribute, pad int, mode valueMode) {
	k := p.first(a)
	p.emit(k, "")
	p.emit(k+1, spaces(pad-len(p.text(k)))+" ")
	switch mode {
	case valueVerbatim:
		p.verbatim(p.first(a.Value), p.last(a.Value), " ")
	case valueSorted, valueSingleList:
		if l, ok := a.Value.(*grammar.ListExpr); ok {
			p.list(l, " ", mode)
			return
		}
		p.expr(a.Value, " ")
	default:
		p.expr(a.Value, " ")
	}
}

// bodyEntries prints the body of a for, if, else or fn: its local lets and its result, one per
// line. In for and if bodies (letQuirk) the reference indents a let twice and follows it with a
// blank line; fn bodies have no such quirk.
func (p *printer) bodyEntries(b *grammar.Body, letQuirk bool) {
	es := entries{style: styleFaithful, letQuirk: letQuirk, list: make([]entry, 0, len(b.Lets)+1)}
	for _, l := range b.Lets {
		e := entry{first: p.first(l), key: -1, let: true}
		if letQuirk {
			e.visual = 2 * (p.indent + 1)
		}
		e.print = func(int) { p.let(l) }
		es.list = append(es.list, e)
	}
	if b.Result != nil {
		r := b.Result
		es.list = append(es.list, entry{first: p.first(r), key: -1, print: func(int) { p.expr(r, "") }})
	}
	p.items(p.at(p.base+b.Open.Start), p.at(p.base+b.Close.Start), " ", bodyAlways, es)
}
