package grammar

import "strings"

// stringValue decodes a String token (single- or double-quoted, possibly unterminated).
func (p *parser) stringValue(t Token) string {
	text := p.text(t)
	body := text[1:]
	if t.Flags&Unterminated == 0 && len(body) > 0 {
		body = body[:len(body)-1]
	}
	if text[0] == '\'' {
		return unquoteSingle(body)
	}
	return unquoteDouble(body)
}

// ParseString parses text as exactly one string literal, as it would stand as a value in a
// statement: quoted, or a template with ${...} parts. It returns the literal (nil when text does
// not start with one) and every syntax error, spans relative to text. The checks use it to make
// sure a string they propose as a quick fix is valid before offering it.
func ParseString(text string) (*StringLit, []SyntaxError) {
	toks := Lex(text)
	p := newParser(text, toks, nil) // no types: a string holds only expressions
	var s *StringLit
	switch t := p.peek(); t.Kind {
	case String, TemplateStart, Heredoc:
		s = p.parseString()
		if t := p.peek(); t.Kind != EOF {
			p.errorf(span(t), "unexpected %s after the string", p.describe(t))
		}
	default:
		p.errorf(span(t), "expected a string, found %s", p.describe(t))
	}
	return s, append(lexErrors(text, toks), p.errs...)
}

// parseString parses a string: a String token, a template with ${...} parts, or a heredoc.
func (p *parser) parseString() *StringLit {
	t := p.peek()
	switch t.Kind {
	case String:
		p.next()
		v := p.stringValue(t)
		return &StringLit{Span: span(t), Single: p.text(t)[0] == '\'', Value: v,
			Parts: []StringPart{{Span: span(t), Text: v}}}
	case Heredoc:
		p.next()
		v := heredocBody(p.text(t))
		return &StringLit{Span: span(t), Doc: true, Value: v, Parts: []StringPart{{Span: span(t), Text: v}}}
	}
	return p.parseTemplate()
}

// parseTemplate parses `"text${expr}text${expr}text"`; the current token is a TemplateStart.
func (p *parser) parseTemplate() *StringLit {
	first := p.peek()
	s := &StringLit{}
	for {
		open := p.next() // TemplateStart or TemplateMid
		text := p.text(open)
		text = text[1 : len(text)-2] // drop the leading `"` or `}` and the trailing `${`
		s.Parts = append(s.Parts, StringPart{Span: span(open), Text: unquoteDouble(text)})
		if open.Flags&Unterminated != 0 {
			// The interpolation ran into a newline (already reported): take what is on its line.
			if t := p.peek(); t.Kind != EOF && t.Flags&LineStart == 0 {
				x := p.parseExpr(exprCtx{})
				s.Parts = append(s.Parts, StringPart{Span: x.Pos(), Expr: x})
			}
			s.Span = Span{first.Start, p.prevEnd()}
			return s
		}
		var x Expr
		if k := p.peek().Kind; k == TemplateMid || k == TemplateEnd {
			x = &EmptyExpr{Span: Span{open.End - 2, p.peek().Start + 1}}
		} else {
			startTok := p.i
			x = p.parseExpr(exprCtx{})
			p.checkInterpolationSpaces(startTok, p.i)
		}
		s.Parts = append(s.Parts, StringPart{Span: x.Pos(), Expr: x})
		t := p.peek()
		if t.Kind != TemplateMid && t.Kind != TemplateEnd {
			at := span(t)
			if t.Kind == EOF {
				at = Span{max(p.prevEnd()-1, 0), p.prevEnd()}
			}
			p.errorf(at, "expected \"}\" to close \"${\" in the string, found %s", p.describe(t))
			for t.Kind != TemplateMid && t.Kind != TemplateEnd && t.Kind != EOF {
				p.next()
				t = p.peek()
			}
			if t.Kind == EOF {
				s.Span = Span{first.Start, p.prevEnd()}
				return s
			}
		}
		if t.Kind == TemplateEnd {
			p.next()
			text := p.text(t)[1:]
			if t.Flags&Unterminated == 0 {
				text = text[:len(text)-1]
			}
			s.Parts = append(s.Parts, StringPart{Span: span(t), Text: unquoteDouble(text)})
			s.Span = Span{first.Start, t.End}
			return s
		}
	}
}

// checkInterpolationSpaces reports white space between the tokens of an interpolated expression:
// Carina's grammar allows spaces only just inside the braces (`"${ a }"`), not between tokens
// (`"${f(x, y)}"` is rejected).
func (p *parser) checkInterpolationSpaces(from, to int) {
	for j := from + 1; j < to; j++ {
		if p.toks[j].Start != p.toks[j-1].End {
			var b strings.Builder
			for k := from; k < to; k++ {
				b.WriteString(p.text(p.toks[k]))
			}
			p.errorf(Span{p.toks[from].Start, p.toks[to-1].End},
				"spaces between the tokens of an interpolation are rejected by Carina: write ${%s}", b.String())
			return
		}
	}
}

// heredocOpener splits the opening line of a heredoc token into the marker and the offset where
// the opener (`<<-'EOT'`) ends.
func heredocOpener(text string) (marker string, end int) {
	line := text[:lineLen(text)]
	p := 2
	if p < len(line) && line[p] == '-' {
		p++
	}
	quoted := p < len(line) && line[p] == '\''
	if quoted {
		p++
	}
	m := p
	for p < len(line) && isIdentPart(line[p]) {
		p++
	}
	marker = line[m:p]
	if quoted && p < len(line) && line[p] == '\'' {
		p++
	}
	return marker, p
}

// heredocMarker returns the marker of a heredoc token's opening line.
func heredocMarker(text string) string {
	m, _ := heredocOpener(text)
	return m
}

// heredocBody returns the text of a heredoc: the lines between the opener and the closing marker,
// with the common indentation removed for the `<<-` form.
func heredocBody(text string) string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	lines := strings.Split(text, "\n")
	if len(lines) < 2 {
		return ""
	}
	body := lines[1 : len(lines)-1]
	if strings.HasPrefix(text, "<<-") {
		indent := -1
		for _, l := range body {
			if strings.TrimSpace(l) == "" {
				continue
			}
			n := len(l) - len(strings.TrimLeft(l, " \t"))
			if indent < 0 || n < indent {
				indent = n
			}
		}
		for i, l := range body {
			if len(l) >= indent && indent > 0 {
				body[i] = l[indent:]
			}
		}
	}
	if len(body) == 0 {
		return ""
	}
	return strings.Join(body, "\n") + "\n"
}
