package grammar

import (
	"strings"
)

// blockKind says what a block may contain.
type blockKind uint8

const (
	bodyResource blockKind = iota // resources, read, nested blocks: attributes, nested blocks, local lets
	bodyMap                       // map literals: attributes (optionally comma-separated), nested blocks
	bodyCall                      // module calls: arguments (unquoted names) only
	bodyKeyed                     // a construct's block (wait, provider, use, import ...): attributes, and the blocks it takes
)

// parseBlock parses `{ items }`; the current token is "{". c is the construct whose block it is
// (nil for a map, a module call or a plain nested block): a key of c parses by its value kind.
// owner names the block in messages. A broken item costs one error: the parser skips to the
// next item and goes on.
func (p *parser) parseBlock(kind blockKind, c *Construct, owner string) *Block {
	b := &Block{Open: span(p.next())}
	if !p.enter() {
		p.leave()
		e := p.prevEnd()
		b.Close = Span{e, e}
		return b
	}
	defer p.leave()
	for {
		t := p.peek()
		if t.Kind == RBrace || t.Kind == EOF {
			break
		}
		start := p.i
		if it := p.parseItem(kind, c, owner); it != nil {
			b.Items = append(b.Items, it)
			continue
		}
		if p.i == start {
			p.next()
		}
		p.skipToItem()
		b.Items = append(b.Items, &BadItem{Span: Span{p.toks[start].Start, p.prevEnd()}})
	}
	b.Close = p.closeBrace(b.Open, owner)
	return b
}

// parseItem parses one block item, or reports an error and returns nil.
func (p *parser) parseItem(kind blockKind, c *Construct, owner string) Item {
	t := p.peek()
	n1 := p.peekN(1)
	switch {
	case p.isWord(t, "let") && n1.Kind == Ident && n1.Flags&LineStart == 0:
		let := p.parseLet(false)
		if kind != bodyResource {
			p.errorf(let.Let, "local let bindings are not allowed in %s", owner)
		}
		return let
	case (t.Kind == Ident || t.Kind == String) && n1.Kind == Assign:
		return p.parseAttribute(kind, c, owner)
	case t.Kind == Ident && n1.Kind == LBrace:
		name := p.name()
		keyword := KeywordConstruct(name.Text)
		taken := keyword != nil && c.Takes(keyword.ID) // directives in a resource, validation in an argument
		if kind != bodyResource && kind != bodyMap && !taken {
			p.errorf(name.Span, "nested block %q is not allowed in %s", name.Text, owner)
		}
		if problem := nameProblem(name.Text); problem != "" {
			hint := ""
			if strings.Count(name.Text, ".") >= 2 {
				hint = " (a resource is declared at top level or as a let's value, not inside a block)"
			}
			p.errorf(name.Span, "nested block name %q %s%s", name.Text, problem, hint)
		}
		// A nested block holds what a resource's body holds, in a map too (no commas, local
		// lets allowed), as in Carina's grammar; a construct whose keys Carina's grammar fixes
		// (validation) holds only those.
		nb := &NestedBlock{Name: name}
		inner, ic := bodyResource, (*Construct)(nil)
		if taken {
			nb.Construct, ic = keyword.ID, keyword
			if keyword.Closed {
				inner = bodyKeyed
			}
		}
		nb.Body = p.parseBlock(inner, ic, name.Text)
		nb.Span = Span{name.Span.Start, p.prevEnd()}
		return nb
	case t.Kind == Ident:
		what := "attribute name"
		if c != nil && c.Keys != nil {
			what = "key"
		}
		if n1.Kind == Colon {
			p.errorf(span(n1), "unexpected \":\" after %s %q; attributes are written \"%s = value\"", what, p.text(t), p.text(t))
		} else {
			p.errorf(span(t), "expected \"=\" after %s %q", what, p.text(t))
		}
		return nil
	case t.Kind == String:
		p.errorf(span(t), "expected \"=\" after attribute name %q", p.stringValue(t))
		return nil
	case t.Kind == Comma:
		if kind == bodyMap {
			p.errorf(span(t), "unexpected \",\": a comma may only follow an entry")
		} else {
			p.errorf(span(t), "unexpected \",\": attributes in a block are not separated by commas")
		}
		return nil
	}
	p.errorf(span(t), "unexpected %s in %s; expected an attribute (name = value)", p.bare(t), owner)
	return nil
}

// parseAttribute parses `key = value` (the current token is the key); a key of the block's
// construct c parses by its value kind (a predicate, a resource address).
func (p *parser) parseAttribute(kind blockKind, c *Construct, owner string) *Attribute {
	kt := p.next()
	a := &Attribute{Key: &Name{Text: p.text(kt), Span: span(kt)}}
	if kt.Kind == String {
		a.Quoted = true
		a.Key.Text = p.stringValue(kt)
	}
	p.checkKey(kind, c, owner, kt, a.Key.Text)
	eq := p.next()
	if p.missingValue() {
		p.errorf(span(eq), "expected a value after \"=\" for attribute %q", a.Key.Text)
		a.Span = Span{kt.Start, eq.End}
		return a
	}
	k := c.Key(a.Key.Text)
	if a.Quoted {
		k = nil
	}
	switch {
	case k != nil && k.Value == PredicateValue:
		a.Value = p.parseValidate()
	case k != nil && k.Value == AddressValue:
		a.Value = p.parseAddress()
	default:
		a.Value = p.parseExpr(exprCtx{})
	}
	if p.peek().Kind == Comma {
		if kind != bodyMap {
			p.errorf(span(p.peek()), "unexpected \",\": attributes in a block are not separated by commas")
		}
		p.next()
		a.Comma = true
	}
	a.Span = Span{kt.Start, p.prevEnd()}
	return a
}

// checkKey reports how an attribute key is written where Carina's grammar does not take it: a
// quoted key where only names stand, a name with dots or a leading "_" (Carina's identifiers are
// a letter, then letters, digits and "_"). Which keys a construct takes is not the parser's
// business: the table-driven check (diagnostics) reports unknown, missing and repeated keys.
func (p *parser) checkKey(kind blockKind, c *Construct, owner string, kt Token, key string) {
	sp := span(kt)
	closed := c != nil && c.Closed
	if kt.Kind == String {
		switch {
		case kind == bodyCall:
			p.errorf(sp, "argument name %s of %s must not be quoted: write %s", p.text(kt), owner, key)
		case closed && c.Key(key) != nil:
			p.errorf(sp, "key %s of %s must not be quoted: write %s", p.text(kt), owner, key)
		case closed:
			p.errorf(sp, "unknown key %s in %s; it takes %s", p.text(kt), owner, KeysHelp(c))
		}
		return
	}
	if closed || c != nil && c.ID == WaitConstruct {
		return // its keys are a fixed set: a name outside it is an unknown key, not a bad name
	}
	what := "attribute name"
	switch kind {
	case bodyCall:
		what = "argument name"
	case bodyMap:
		what = "map key"
	}
	switch problem := nameProblem(key); {
	case problem == "":
	case kind != bodyCall && strings.Contains(key, "."):
		p.errorf(sp, "%s %q %s: quote a key whose dots belong to it ('%s' = ...)", what, key, problem, key)
		p.fixLast(sp, "Quote the key", "'"+key+"'")
	default:
		p.errorf(sp, "%s %q %s", what, key, problem)
	}
}

// nameProblem says why an identifier token cannot be a plain name in Carina (a letter, then
// letters, digits and "_"), or returns "".
func nameProblem(name string) string {
	switch {
	case strings.Contains(name, "."):
		return "cannot contain dots"
	case strings.HasPrefix(name, "_"):
		return "must start with a letter"
	}
	return ""
}

// KeysHelp says what a construct's block takes, for a message: "to and id", "description and
// default, and validation { ... } blocks".
func KeysHelp(c *Construct) string {
	out := c.KeyList()
	for _, id := range c.Blocks {
		out += ", and " + id.Keyword() + " { ... } blocks"
	}
	return out
}

// missingValue reports whether the token after an "=" cannot begin its value: the end of the
// block or statement, a comma, or the next item on a new line (`name =` or `name:`).
func (p *parser) missingValue() bool {
	t := p.peek()
	switch t.Kind {
	case RBrace, EOF, Comma:
		return true
	case Ident, String:
		n := p.peekN(1).Kind
		return t.Flags&LineStart != 0 && (n == Assign || n == Colon)
	}
	return false
}

// parseAddress parses a resource address `aws.s3.Bucket 'name'`.
func (p *parser) parseAddress() Expr {
	t := p.peek()
	if t.Kind != Ident {
		p.errorf(span(t), "expected a resource address (e.g. aws.s3.Bucket 'name'), found %s", p.describe(t))
		return p.parseExpr(exprCtx{})
	}
	typ := p.pathFrom(p.next())
	s := p.peek()
	if s.Kind != String && s.Kind != TemplateStart {
		if len(typ.Parts) == 1 {
			// `to = true`, `from = x`: a word, not a type that lacks its name.
			p.errorf(typ.Span, "expected a resource address (e.g. aws.s3.Bucket 'name'), found %q", typ.String())
		} else {
			p.errorf(typ.Span, "expected the resource name (a string) after %q", typ.String())
		}
		return typ
	}
	name := p.parseString()
	return &AddressExpr{Span: join(typ.Span, name.Span), Type: typ, Name: name}
}

// parseBody parses the body of for, if, else and fn: `{ let ... result }`.
func (p *parser) parseBody(owner string) *Body {
	b := &Body{Open: span(p.next())}
	for {
		t := p.peek()
		if t.Kind == RBrace || t.Kind == EOF {
			break
		}
		if p.isWord(t, "let") && p.peekN(1).Kind == Ident {
			let := p.parseLet(false)
			b.Lets = append(b.Lets, let)
			if b.Result != nil {
				p.errorf(let.Let, "local let bindings must come before the result in %s", owner)
			}
			continue
		}
		if b.Result != nil {
			p.errorf(span(t), "unexpected %s: the body of %s holds exactly one expression after its lets", p.bare(t), owner)
			p.skipToItem()
			if p.peek().Kind != RBrace && p.peek().Kind != EOF {
				continue
			}
			break
		}
		start := p.i
		b.Result = p.parseExpr(exprCtx{})
		if p.i == start {
			p.next()
		}
	}
	b.Close = p.closeBrace(b.Open, owner)
	if b.Result == nil && b.Close.End > b.Close.Start {
		if len(b.Lets) == 0 {
			p.errorf(Span{b.Open.Start, b.Close.End}, "the body of %s is empty: it holds one expression, after optional lets", owner)
		} else {
			p.errorf(b.Close, "the body of %s has no result: an expression must follow its lets", owner)
		}
	}
	return b
}
