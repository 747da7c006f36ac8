package grammar

import (
	"math"
	"strconv"
	"strings"
)

// parseExpr parses `coalesce = pipe ("??" pipe)?`, `pipe = compose ("|>" call)*`,
// `compose = primary (">>" primary)*`. In a validate context it parses a validate expression.
func (p *parser) parseExpr(ctx exprCtx) Expr {
	if ctx.validate {
		return p.parseValidate()
	}
	x := p.parsePipe(ctx)
	if p.peek().Kind == Coalesce {
		op := p.next()
		// The right side is not the let's value itself: a wait or a use there is misplaced, so
		// only noBlock carries over.
		y := p.parsePipe(exprCtx{noBlock: ctx.noBlock})
		x = &BinaryExpr{Span: join(x.Pos(), y.Pos()), Op: Coalesce, OpPos: span(op), X: x, Y: y}
		if t := p.peek(); t.Kind == Coalesce {
			p.errorf(span(t), "only one \"??\" is allowed in an expression; use parentheses: a ?? (b ?? c)")
		}
	}
	// Carina has comparisons and && || only in conditions. The operator and its operand are
	// consumed, so the mistake costs one error, not a second one about what is left.
	if t := p.peek(); isComparison(t.Kind) || t.Kind == AndAnd || t.Kind == OrOr {
		p.errorf(span(t), "operator %s is only allowed in require, validation conditions and wait until", t.Kind)
		p.next()
		p.parsePrimary(exprCtx{validate: true})
	}
	return x
}

func isComparison(k Kind) bool {
	switch k {
	case Eq, NotEq, Lt, LtEq, Gt, GtEq:
		return true
	}
	return false
}

func (p *parser) parsePipe(ctx exprCtx) Expr {
	x := p.parseCompose(ctx)
	for p.peek().Kind == Pipe {
		op := p.next()
		t := p.peek()
		// Carina pipes only into a call (`x |> f(a)` is `f(a, x)`). A name without its "(" is
		// consumed with the error, so it is not reported again as a stray token.
		if t.Kind != Ident || p.peekN(1).Kind != LParen {
			p.errorf(span(op), "expected a function call after \"|>\" (e.g. |> join(','))")
			if t.Kind == Ident {
				p.next()
			}
			return x
		}
		if strings.Contains(p.text(t), ".") {
			p.errorf(span(t), "function name %q cannot contain dots", p.text(t))
		}
		call := p.parseCall(p.next(), exprCtx{})
		x = &BinaryExpr{Span: join(x.Pos(), call.Span), Op: Pipe, OpPos: span(op), X: x, Y: call}
	}
	return x
}

func (p *parser) parseCompose(ctx exprCtx) Expr {
	x := p.parsePostfix(ctx)
	for p.peek().Kind == Compose {
		op := p.next()
		// As for ??, the operand is not the let's value.
		y := p.parsePostfix(exprCtx{noBlock: ctx.noBlock})
		x = &BinaryExpr{Span: join(x.Pos(), y.Pos()), Op: Compose, OpPos: span(op), X: x, Y: y}
	}
	return x
}

// parseValidate parses `or = and ("||" and)*`, `and = not ("&&" not)*`, `not = "!" not | cmp`,
// `cmp = primary (op primary)?`.
func (p *parser) parseValidate() Expr {
	x := p.parseAnd()
	for p.peek().Kind == OrOr {
		op := p.next()
		y := p.parseAnd()
		x = &BinaryExpr{Span: join(x.Pos(), y.Pos()), Op: OrOr, OpPos: span(op), X: x, Y: y}
	}
	return x
}

func (p *parser) parseAnd() Expr {
	x := p.parseNot()
	for p.peek().Kind == AndAnd {
		op := p.next()
		y := p.parseNot()
		x = &BinaryExpr{Span: join(x.Pos(), y.Pos()), Op: AndAnd, OpPos: span(op), X: x, Y: y}
	}
	return x
}

func (p *parser) parseNot() Expr {
	if !p.enter() {
		p.leave()
		e := p.prevEnd()
		return &BadExpr{Span: Span{e, e}}
	}
	defer p.leave()
	if p.peek().Kind == Not {
		op := span(p.next())
		x := p.parseNot()
		return &UnaryExpr{Span: join(op, x.Pos()), OpPos: op, X: x}
	}
	x := p.parsePostfix(exprCtx{validate: true})
	if t := p.peek(); isComparison(t.Kind) {
		op := p.next()
		y := p.parsePostfix(exprCtx{validate: true})
		x = &BinaryExpr{Span: join(x.Pos(), y.Pos()), Op: t.Kind, OpPos: span(op), X: x, Y: y}
		if t := p.peek(); isComparison(t.Kind) {
			// Carina's comparison takes one operator; the rest is consumed: one error for it all.
			p.errorf(span(t), "comparisons cannot be chained; combine them with && instead")
			p.next()
			p.parsePostfix(exprCtx{validate: true})
		}
	}
	return x
}

// parsePostfix parses a primary followed by index and field accesses: `a.b[0].c['k']`.
func (p *parser) parsePostfix(ctx exprCtx) Expr {
	x := p.parsePrimary(ctx)
	for {
		t := p.peek()
		switch {
		case t.Kind == LBracket && t.Flags&LineStart == 0 && indexable(x):
			if what := unnamed(x); what != "" {
				p.errorf(Span{t.Start, p.closingBracket(p.i)}, "only a name can be indexed, not %s: bind it with let and index the binding", what)
			}
			open := p.next()
			if p.peek().Kind == RBracket {
				p.errorf(join(span(open), span(p.peek())), "expected an index (a number or a string) inside \"[]\"")
				x = &IndexExpr{Span: join(x.Pos(), span(p.next())), X: x, Index: &BadExpr{Span: span(open)}}
				continue
			}
			idx := p.parseExpr(exprCtx{})
			end := p.prevEnd()
			if p.peek().Kind == RBracket {
				end = p.next().End
			} else {
				p.errorf(span(open), "unclosed \"[\": expected \"]\" after the index")
			}
			x = &IndexExpr{Span: Span{x.Pos().Start, end}, X: x, Index: idx}
		case t.Kind == Dot && t.Start == x.Pos().End:
			if what := unnamed(x); what != "" {
				f := p.peekN(1)
				end := t.End
				if f.Kind == Ident && f.Start == t.End {
					end = f.End
				}
				p.errorf(Span{t.Start, end}, "only a name can have its fields read, not %s: bind it with let and read the binding's field", what)
			}
			p.next()
			f := p.peek()
			// The name must touch the dot: with `cert.` half typed at the end of a line, the next
			// line's first word is not taken for its attribute, and the reference stays in the tree.
			if f.Kind != Ident || f.Start != t.End {
				p.errorf(Span{x.Pos().Start, t.End}, "expected an attribute name after %q", p.src[x.Pos().Start:t.End])
				return x
			}
			p.next()
			fields := splitDotted(p.text(f), f.Start)
			if fe, ok := x.(*FieldExpr); ok {
				fe.Fields = append(fe.Fields, fields...)
				fe.Span.End = f.End
			} else {
				x = &FieldExpr{Span: Span{x.Pos().Start, f.End}, X: x, Fields: fields}
			}
		default:
			return x
		}
	}
}

// unnamed describes an indexable expression that Carina's grammar does not index or read fields
// of (only a name, possibly dotted and already indexed, can be): "" for those it can.
func unnamed(x Expr) string {
	switch x := x.(type) {
	case *CallExpr:
		return "a function call's result"
	case *ParenExpr:
		return "a parenthesised expression"
	case *ListExpr:
		return "a list literal"
	case *MapExpr:
		return "a map literal"
	case *StringLit:
		return "a string"
	case *ModuleCallExpr:
		return "a module call"
	case *ResourceExpr:
		return "a resource"
	case *KeywordBlockExpr:
		return "a " + x.Construct.Keyword() + " block"
	case *PathExpr, *IndexExpr, *FieldExpr:
		return ""
	}
	return "this expression"
}

// closingBracket returns the end of the "]" matching the "[" at index i, or of the token before
// the end of the statement when it is not closed.
func (p *parser) closingBracket(i int) int32 {
	depth := 0
	for j := i; j < len(p.toks); j++ {
		switch p.toks[j].Kind {
		case LBracket:
			depth++
		case RBracket:
			if depth--; depth == 0 {
				return p.toks[j].End
			}
		case EOF:
			return p.toks[max(j-1, i)].End
		}
	}
	return p.toks[i].End
}

// indexable reports whether a "[" after x is read as an index. Besides names, it takes what
// Carina cannot index but people try to (a call's result, a parenthesised expression, a list
// literal), so that the error can say what was indexed (unnamed).
func indexable(x Expr) bool {
	switch x.(type) {
	case *PathExpr, *IndexExpr, *FieldExpr, *CallExpr, *ParenExpr, *ListExpr:
		return true
	}
	return false
}

// splitDotted splits a dotted identifier token into its parts.
func splitDotted(text string, start int32) []Name {
	n := strings.Count(text, ".") + 1
	parts := make([]Name, 0, n)
	for {
		i := strings.IndexByte(text, '.')
		if i < 0 {
			parts = append(parts, Name{Text: text, Span: Span{start, start + int32(len(text))}})
			return parts
		}
		parts = append(parts, Name{Text: text[:i], Span: Span{start, start + int32(i)}})
		text = text[i+1:]
		start += int32(i + 1)
	}
}

func (p *parser) pathFrom(t Token) *PathExpr {
	return &PathExpr{Span: span(t), Parts: splitDotted(p.text(t), t.Start)}
}

// parsePrimary parses one primary expression. It always consumes at least one token unless it
// is at the end of the statement, where it reports a missing value. In a validate expression it
// reports what Carina's validate grammar has no place for (lists, maps, if, for, blocks).
func (p *parser) parsePrimary(ctx exprCtx) Expr {
	x := p.parsePrimary0(ctx)
	if ctx.validate {
		switch x.(type) {
		case *CallExpr, *BoolLit, *NullLit, *IntLit, *FloatLit, *DurationLit, *StringLit, *PathExpr,
			*ParenExpr, *UnaryExpr, *BadExpr:
		default:
			p.errorf(x.Pos(), "%s cannot be used in a condition (require, validation, wait until): compare names, calls, strings, numbers and booleans", describeExpr(x))
		}
	}
	return x
}

func (p *parser) parsePrimary0(ctx exprCtx) Expr {
	if !p.enter() {
		p.leave()
		e := p.prevEnd()
		return &BadExpr{Span: Span{e, e}}
	}
	defer p.leave()
	t := p.peek()
	switch t.Kind {
	case Ident:
		return p.parseWord(t, ctx)
	case Int:
		return p.parseInt(t)
	case Float:
		p.next()
		return p.floatLit(t)
	case Duration:
		p.next()
		return p.durationLit(span(t), p.text(t))
	case String, TemplateStart, Heredoc:
		return p.parseString()
	case LBracket:
		return p.parseList()
	case LBrace:
		return &MapExpr{Body: p.parseBlock(bodyMap, nil, "map")}
	case LParen:
		open := p.next()
		// Parentheses delimit the expression: inside them `name {` is a module call again, even in
		// an if condition or a for iterable.
		inner := exprCtx{validate: ctx.validate}
		var x Expr
		if ctx.validate {
			x = p.parseValidate()
		} else {
			x = p.parseExpr(inner)
		}
		end := p.prevEnd()
		if p.peek().Kind == RParen {
			end = p.next().End
		} else {
			p.errorf(span(open), "unclosed \"(\": expected \")\"")
		}
		return &ParenExpr{Span: Span{open.Start, end}, X: x}
	case Not:
		if !ctx.validate {
			// Still parsed outside conditions, so the tree keeps the operand and the one error
			// is about the operator.
			p.errorf(span(t), "operator \"!\" is only allowed in require, validation conditions and wait until")
		}
		op := span(p.next())
		x := p.parsePostfix(exprCtx{validate: true})
		return &UnaryExpr{Span: join(op, x.Pos()), OpPos: op, X: x}
	// A closer or a comma is left to the list or block it belongs to, so a missing value costs
	// one error and the brackets still match. EOF has no text: the error goes on the last token.
	case EOF, RBrace, RBracket, RParen, Comma, TemplateMid, TemplateEnd:
		e := p.prevEnd()
		at := span(t)
		if t.Kind == EOF {
			at = p.prevSpan()
		}
		p.errorf(at, "expected a value, found %s", p.describe(t))
		return &BadExpr{Span: Span{e, e}}
	}
	p.next()
	p.errorf(span(t), "expected a value, found %s", p.describe(t))
	return &BadExpr{Span: span(t)}
}

// parseWord parses a primary that starts with an identifier: keywords with a meaning in value
// position, literals, calls, resources, module calls and references.
func (p *parser) parseWord(t Token, ctx exprCtx) Expr {
	word := p.text(t)
	n1 := p.peekN(1)
	switch word {
	case "read":
		// A name on the next line is not the type: with `read` half typed, the next item's first
		// word must not be swallowed, and `read` stays a name.
		if n1.Kind == Ident && n1.Flags&LineStart == 0 {
			kw := span(p.next())
			if !strings.Contains(p.text(n1), ".") {
				p.errorf(span(n1), "expected a resource type after \"read\" (e.g. read aws.s3.Bucket { ... }), found %q", p.text(n1))
			}
			typ := p.pathFrom(p.next())
			body := p.expectBlock(bodyResource, ConstructOf(ReadConstruct), "read "+typ.String())
			return &ResourceExpr{Span: Span{kw.Start, p.prevEnd()}, Read: &kw, Type: typ, Body: body}
		}
	case "wait":
		// As for read; `wait {` goes on to parseWait, whose message says the target is missing.
		if n1.Kind == Ident && n1.Flags&LineStart == 0 || n1.Kind == LBrace {
			return p.parseWait(ctx)
		}
	case "use":
		// Carina takes use only as the whole value of a top-level let. Elsewhere it is reported
		// and still parsed, by the keyed-construct case below.
		if n1.Kind == LBrace && !ctx.topLet {
			p.errorf(span(t), "use { ... } can only be the value of a top-level let: let <name> = use { source = '...' }")
		}
	case "provider":
		if n1.Kind == Ident && p.peekN(2).Kind == LBrace {
			kw := span(p.next())
			kind := p.name()
			if problem := nameProblem(kind.Text); problem != "" {
				p.errorf(kind.Span, "the provider kind %q %s", kind.Text, problem)
			}
			body := p.parseBlock(bodyKeyed, ConstructOf(ProviderConstruct), "provider "+kind.Text)
			return &ProviderExpr{Span: Span{kw.Start, p.prevEnd()}, Kw: kw, Kind: kind, Body: body}
		}
	case "for":
		// Otherwise `for` is a name: a for being typed, or `for { ... }`, which Carina's grammar
		// reads as a module call and the checks report.
		if n1.Kind == Ident || n1.Kind == LParen {
			return p.parseFor()
		}
	case "if":
		return p.parseIf()
	case "true", "false":
		p.next()
		return &BoolLit{Span: span(t), Value: word == "true"}
	case "null":
		// Carina's null is a literal only in conditions; elsewhere it is a plain name.
		if ctx.validate {
			p.next()
			return &NullLit{Span: span(t)}
		}
	}
	// A keyed construct written `keyword { keys }` as a let's value: use, upstream_state, and
	// any construct of that form the table holds.
	if c := KeywordConstruct(word); c != nil && c.PlainKeyed() && n1.Kind == LBrace {
		if c.Place&InLet == 0 {
			// import { ... } as a value: Carina reads a module call named import and fails
			// inside it; the construct is what was meant, so its block is read as one.
			p.errorf(span(t), "%s { ... } is a statement of its own, not a value: write it at top level, without let", word)
		}
		kw := span(p.next())
		body := p.parseBlock(bodyKeyed, c, word)
		return &KeywordBlockExpr{Span: Span{kw.Start, p.prevEnd()}, Kw: kw, Construct: c.ID, Body: body}
	}
	// Carina has no methods: a dotted name before "(" is a reference, and the "(" is reported
	// where it stands.
	if n1.Kind == LParen && !strings.Contains(word, ".") {
		return p.parseCall(p.next(), ctx)
	}
	if n1.Kind == LBrace && !ctx.noBlock {
		p.next()
		if strings.Contains(word, ".") {
			typ := p.pathFrom(t)
			body := p.parseBlock(bodyResource, ConstructOf(ResourceConstruct), typ.String())
			return &ResourceExpr{Span: Span{t.Start, p.prevEnd()}, Type: typ, Body: body}
		}
		name := &Name{Text: word, Span: span(t)}
		body := p.parseBlock(bodyCall, nil, "module call "+word)
		return &ModuleCallExpr{Span: Span{t.Start, p.prevEnd()}, Name: name, Body: body}
	}
	p.next()
	path := p.pathFrom(t)
	p.checkBoolPrefix(path, ctx)
	if ctx.validate {
		for _, part := range path.Parts[1:] {
			if c := part.Text[0]; c >= '0' && c <= '9' {
				p.errorf(part.Span, "%q cannot be written in a condition: Carina reads names there part by part, and the part %q starts with a digit", path.String(), part.Text)
				break
			}
		}
	}
	return path
}

// checkBoolPrefix reports a reference that Carina's grammar misreads as a boolean: its `true` and
// `false` have no word boundary and are tried before references, so a bare `true_value` (or, in a
// validate expression, any reference rooted at one) is a syntax error there. Dotted and indexed
// names outside validate expressions, and for iterables, are matched by earlier rules and parse.
func (p *parser) checkBoolPrefix(path *PathExpr, ctx exprCtx) {
	first := path.Parts[0].Text
	var lit string
	switch {
	case strings.HasPrefix(first, "true") && first != "true":
		lit = "true"
	case strings.HasPrefix(first, "false") && first != "false":
		lit = "false"
	default:
		return
	}
	if !ctx.validate {
		if len(path.Parts) > 1 || ctx.iter {
			return
		}
		if t := p.peek(); t.Kind == LBracket && t.Flags&LineStart == 0 {
			return
		}
	}
	p.errorf(path.Parts[0].Span, "Carina reads the start of %q as the boolean %s and rejects the rest: rename it (or quote it if it is a string)", first, lit)
}

// parseCall parses `name(args)`; fn is the consumed name token and "(" is next. In a validate
// expression the arguments are validate expressions.
func (p *parser) parseCall(fn Token, ctx exprCtx) *CallExpr {
	c := &CallExpr{Fn: &Name{Text: p.text(fn), Span: span(fn)}, LParen: span(p.next())}
	var closed bool
	c.Args, closed = p.parseList0(RParen, c.LParen, "argument", "call to "+c.Fn.Text, exprCtx{validate: ctx.validate})
	if closed {
		c.RParen = p.prevSpan()
	} else {
		c.RParen = Span{p.prevEnd(), p.prevEnd()}
	}
	c.Span = Span{fn.Start, p.prevEnd()}
	return c
}

func (p *parser) parseList() *ListExpr {
	open := span(p.next())
	elems, _ := p.parseList0(RBracket, open, "element", "list", exprCtx{})
	return &ListExpr{Span: Span{open.Start, p.prevEnd()}, Elems: elems}
}

// parseList0 parses comma-separated expressions up to the closing token (trailing comma allowed).
// It reports whether the closing token was there.
func (p *parser) parseList0(closer Kind, open Span, what, owner string, elem exprCtx) ([]Expr, bool) {
	elems := []Expr{}
	for {
		t := p.peek()
		if t.Kind == closer {
			// Carina's lists take a trailing comma; its calls do not.
			if prev := p.toks[p.i-1]; closer == RParen && prev.Kind == Comma {
				p.errorf(span(prev), "unexpected \",\" before \")\": the arguments of a %s take no trailing comma", owner)
			}
			p.next()
			return elems, true
		}
		// The "}" of an enclosing block or the end of an interpolation ends an unclosed list, so
		// the block or the string around it is not swallowed.
		if t.Kind == EOF || t.Kind == RBrace && closer != RBrace || t.Kind == TemplateMid || t.Kind == TemplateEnd {
			p.errorf(open, "unclosed %q of %s: expected %s", p.src[open.Start:open.End], owner, closer)
			return elems, false
		}
		if t.Kind == Comma {
			p.errorf(span(t), "expected an %s before \",\" in %s", what, owner)
			p.next()
			continue
		}
		start := p.i
		elems = append(elems, p.parseExpr(elem))
		if p.i == start {
			p.next()
		}
		switch t := p.peek(); t.Kind {
		case Comma:
			p.next()
		case closer, EOF:
		default:
			// The list is reported as unclosed once, at the top of the loop.
			if t.Kind == RBrace || t.Kind == TemplateMid || t.Kind == TemplateEnd {
				continue
			}
			p.errorf(span(t), "expected \",\" or %s after the %s in %s, found %s", closer, what, owner, p.describe(t))
		}
	}
}

func (p *parser) parseInt(t Token) Expr {
	p.next()
	text := p.text(t)
	// `30 min`: a number and a unit written apart.
	if u := p.peek(); u.Kind == Ident && u.Flags&LineStart == 0 && looksLikeUnit(p.text(u)) && !startsItem(p.peekN(1).Kind) {
		p.next()
		whole := p.src[t.Start:u.End]
		joined := text + p.text(u)
		p.errorf(Span{t.Start, u.End}, "duration %q must not contain a space: write %s", whole, joined)
		// A fix only for one of Carina's units: joining `5 days` gives another wrong duration.
		if _, ok := DurationUnit(p.text(u)); ok {
			p.fixLast(Span{t.Start, u.End}, "Change to "+joined, joined)
		}
		secs, _ := parseDuration(joined)
		return &DurationLit{Span: Span{t.Start, u.End}, Seconds: secs, Text: whole}
	}
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		p.errorf(span(t), "integer literal out of range: %s", text)
	}
	return &IntLit{Span: span(t), Value: v}
}

// floatLit converts a Float token: digits "." digits, without exponent or unit.
func (p *parser) floatLit(t Token) *FloatLit {
	text := p.text(t)
	i := strings.IndexFunc(text, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_' })
	if i < 0 {
		v, _ := strconv.ParseFloat(text, 64)
		return &FloatLit{Span: span(t), Value: v}
	}
	num, suffix := text[:i], text[i:]
	v, _ := strconv.ParseFloat(num, 64)
	if mult, ok := DurationUnit(suffix); ok {
		if secs := v * float64(mult); secs > 0 && secs < 1e18 && secs == math.Trunc(secs) {
			p.errorf(span(t), "duration %q must be a whole number of units: write %s", text, normalDuration(uint64(secs)))
		} else {
			p.errorf(span(t), "duration %q must be a whole number of units (s, min or h)", text)
		}
	} else if suffix[0] == 'e' || suffix[0] == 'E' {
		p.errorf(span(t), "float %q: exponents are not supported; write the number out in digits", text)
	} else {
		p.errorf(span(t), "invalid number %q: a float is digits \".\" digits, e.g. 1.5", text)
	}
	return &FloatLit{Span: span(t), Value: v}
}

// startsItem reports whether a token of kind k after a name makes the name the start of an item
// (`d = 1`, `m { ... }`, `s: String`) rather than a duration unit.
func startsItem(k Kind) bool { return k == Assign || k == LBrace || k == Colon }

// looksLikeUnit reports a word that reads as a duration unit: Carina's, and those people try
// (days, ms, weeks, ...), so that `5 days` is one mistake about a duration, not a number
// followed by a stray name.
func looksLikeUnit(w string) bool {
	if _, ok := DurationUnit(w); ok {
		return true
	}
	switch w {
	case "d", "day", "days", "ms", "w", "week", "weeks", "mins", "hrs", "secs":
		return true
	}
	return false
}

func (p *parser) durationLit(s Span, text string) *DurationLit {
	secs, problem := parseDuration(text)
	if problem != "" {
		p.errorf(s, "%s", problem)
		// Only a compound duration has a certain repair: its parts are all known units, so their
		// sum is the value meant.
		if total, compound := compoundDuration(text); compound {
			p.fixLast(s, "Change to "+normalDuration(total), normalDuration(total))
		}
	}
	return &DurationLit{Span: s, Seconds: secs, Text: text}
}

// parseWait parses `wait <target> { ... }`; the current token is `wait`.
func (p *parser) parseWait(ctx exprCtx) *WaitExpr {
	kw := span(p.next())
	w := &WaitExpr{Kw: kw}
	if !ctx.letRHS {
		p.errorf(kw, "a wait can only be the value of a let: write \"let <name> = wait ...\"")
	}
	if t := p.peek(); t.Kind == Ident {
		w.Target = p.name()
		if strings.Contains(w.Target.Text, ".") {
			p.errorf(w.Target.Span, "the target of a wait is a binding name, not %q (wait on the binding, then write the attribute in until)", w.Target.Text)
		}
	} else {
		p.errorf(kw, "expected the binding to wait on after \"wait\" (e.g. wait cert { until = cert.status == ... })")
	}
	owner := "wait"
	if w.Target != nil {
		owner = "wait " + w.Target.Text
	}
	if p.peek().Kind != LBrace {
		p.errorf(Span{kw.Start, p.prevEnd()}, "expected \"{\" after %q", owner)
		w.Span = Span{kw.Start, p.prevEnd()}
		e := p.prevEnd()
		w.Body = &Block{Open: Span{e, e}, Close: Span{e, e}}
		return w
	}
	w.Body = p.parseBlock(bodyKeyed, ConstructOf(WaitConstruct), owner)
	for _, it := range w.Body.Items {
		a, ok := it.(*Attribute)
		if !ok {
			continue
		}
		k := ConstructOf(WaitConstruct).Key(a.Key.Text)
		// Carina spells the wait's keys bare, so a quoted 'until' is never the predicate.
		if k == nil || a.Quoted {
			continue
		}
		// The first of a repeated key is the wait's; key validation reports the repeat.
		switch k.Value {
		case PredicateValue:
			if w.Until == nil {
				w.Until = a
			}
		case BindingsValue:
			if w.DependsOn == nil {
				w.DependsOn = a
			}
		case DurationValue:
			if w.Timeout == nil {
				w.Timeout = a
			}
		}
	}
	w.Span = Span{kw.Start, p.prevEnd()}
	return w
}

// parseFor parses `for x in iter { body }`, `for (i, x) in ...` or `for k, v in ...`.
func (p *parser) parseFor() *ForExpr {
	kw := span(p.next())
	f := &ForExpr{Kw: kw}
	defer func() { f.Span = Span{kw.Start, p.prevEnd()} }()
	if p.peek().Kind == LParen {
		f.Paren = true
		p.next()
	}
	for p.peek().Kind == Ident && !p.isWord(p.peek(), "in") {
		b := p.name()
		f.Bindings = append(f.Bindings, b)
		if problem := nameProblem(b.Text); problem != "" && b.Text != "_" {
			p.errorf(b.Span, "loop variable %q %s (a lone \"_\" discards the value)", b.Text, problem)
		}
		if p.peek().Kind != Comma {
			break
		}
		comma := p.next()
		if t := p.peek(); t.Kind != Ident || p.isWord(t, "in") {
			p.errorf(span(comma), "expected a loop variable after \",\"")
		}
	}
	if n := len(f.Bindings); n > 0 && (f.Paren && n != 2 || n > 2) {
		vars := Span{f.Bindings[0].Span.Start, f.Bindings[n-1].Span.End}
		if f.Paren {
			p.errorf(vars, "for ( ... ) takes two loop variables, the index and the element: for (i, x) in ...")
		} else {
			p.errorf(vars, "a for takes one loop variable (for x in ...) or two (for k, v in ...), not %d", n)
		}
	}
	if f.Paren {
		if p.peek().Kind == RParen {
			p.next()
		} else {
			p.errorf(kw, "expected \")\" after the loop variables")
		}
	}
	if len(f.Bindings) == 0 {
		p.errorf(kw, "expected a loop variable after \"for\"")
	}
	if p.isWord(p.peek(), "in") {
		p.next()
	} else {
		p.errorf(Span{kw.Start, p.prevEnd()}, "expected \"in\" after the loop variables")
		if k := p.peek().Kind; k == EOF || k == LBrace {
			// `for x {`: no iterable either; the one error says enough.
			if k == LBrace {
				f.Body = p.parseBody("for")
			}
			return f
		}
	}
	if p.peek().Kind == LBrace {
		// Either a map literal as the iterable (`for k, v in { a = 1 } { ... }`, which must be
		// parenthesised) or a missing iterable (`for x in { ... }`): a map when another "{"
		// follows its "}".
		if p.peekAt(p.closingBrace(p.i)+1).Kind == LBrace {
			m := p.parsePrimary(exprCtx{})
			p.errorf(m.Pos(), "a map literal iterated by for must be in parentheses: for ... in ({ ... }) { ... }")
			f.Iter = m
		} else {
			p.errorf(span(p.peek()), "expected the collection to iterate over before \"{\"")
		}
	} else {
		// Carina's iterable is a call, a list, a name or a parenthesised expression, not any
		// expression: a pipe there must be parenthesised.
		f.Iter = p.parsePostfix(exprCtx{noBlock: true, iter: true})
		switch f.Iter.(type) {
		case *PathExpr, *IndexExpr, *FieldExpr, *CallExpr, *ListExpr, *ParenExpr, *BadExpr:
		default:
			p.errorf(f.Iter.Pos(), "a for iterates over a name, a function call, a list or a parenthesised expression, not %s", describeExpr(f.Iter))
		}
	}
	if p.peek().Kind != LBrace {
		p.errorf(Span{kw.Start, p.prevEnd()}, "expected \"{\" and the loop body")
		return f
	}
	f.Body = p.parseBody("for")
	switch x := f.Body.Result.(type) {
	case nil, *ResourceExpr, *ModuleCallExpr, *BadExpr:
	default:
		p.errorf(x.Pos(), "the body of a for ends in a resource, a read or a module call, not %s", describeExpr(x))
	}
	return f
}

// describeExpr names the kind of an expression for a message: "a string", "an if".
func describeExpr(x Expr) string {
	switch x := x.(type) {
	case *PathExpr:
		return "a name"
	case *StringLit:
		return "a string"
	case *IntLit, *FloatLit:
		return "a number"
	case *DurationLit:
		return "a duration"
	case *BoolLit:
		return "a boolean"
	case *IfExpr:
		return "an if"
	case *ForExpr:
		return "a for"
	case *WaitExpr:
		return "a wait"
	case *BinaryExpr:
		return "a " + x.Op.String() + " expression"
	}
	if what := unnamed(x); what != "" && what != "this expression" {
		return what
	}
	return "this expression"
}

// closingBrace returns the index of the "}" matching the "{" at index i (or of the final EOF).
func (p *parser) closingBrace(i int) int {
	depth := 0
	for j := i; j < len(p.toks); j++ {
		switch p.toks[j].Kind {
		case LBrace:
			depth++
		case RBrace:
			if depth--; depth == 0 {
				return j
			}
		case EOF:
			return j
		}
	}
	return len(p.toks) - 1
}

// parseIf parses `if cond { body } [else { body }]`.
func (p *parser) parseIf() *IfExpr {
	kw := span(p.next())
	x := &IfExpr{Kw: kw}
	defer func() { x.Span = Span{kw.Start, p.prevEnd()} }()
	if p.peek().Kind == LBrace {
		p.errorf(kw, "expected a condition after \"if\"")
	} else {
		x.Cond = p.parsePostfix(exprCtx{noBlock: true})
	}
	if p.peek().Kind != LBrace {
		p.errorf(Span{kw.Start, p.prevEnd()}, "expected \"{\" after the if condition")
		return x
	}
	x.Then = p.parseBody("if")
	if p.isWord(p.peek(), "else") {
		e := p.next()
		if p.isWord(p.peek(), "if") {
			p.errorf(Span{e.Start, p.peek().End}, "\"else if\" is not supported: nest the if inside \"else { ... }\"")
			// Parsed anyway, nested in the else, so the rest of the chain stays in the tree.
			nested := p.parseIf()
			end := Span{nested.Span.End, nested.Span.End}
			x.Else = &Body{Open: span(e), Close: end, Result: nested}
			return x
		}
		if p.peek().Kind != LBrace {
			p.errorf(span(e), "expected \"{\" after \"else\"")
			return x
		}
		x.Else = p.parseBody("else")
	}
	return x
}
