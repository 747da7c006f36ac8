package grammar

// Range is the byte range [Start, End) of one top-level statement in a file: from its first to its
// last significant token (comments before and after it are not part of it).
type Range struct{ Start, End int32 }

// Split cuts a file's tokens into top-level statements. Newlines do not end statements in Carina,
// so a statement ends where the next one begins: an identifier at brace depth 0 after a token
// that completes an expression. When the file's braces do not balance, a top-level keyword at the
// start of a line with no indentation also starts a new statement, so that one unclosed "{" cannot
// swallow the rest of the file. A stray closing bracket at depth 0 is a statement of its own.
func Split(src string, toks []Token) []Range {
	balanced := bracesBalance(toks)
	var out []Range
	depth := 0
	first, last := -1, -1 // significant token indices of the current statement
	lineStart := true
	closeCur := func() {
		if first >= 0 {
			out = append(out, Range{toks[first].Start, toks[last].End})
		}
		first, last = -1, -1
	}
	for i := range toks {
		t := toks[i]
		if t.Kind == EOF {
			break
		}
		if t.Kind == Newline {
			lineStart = true
			continue
		}
		if t.Kind.Trivia() {
			continue
		}
		atLineStart := lineStart
		lineStart = false
		switch {
		case first < 0:
		case depth == 0 && startsStatement(src, t) && !expectsMore(src, toks[last]):
			closeCur()
		case depth > 0 && !balanced && atLineStart && atColumnZero(src, t) && resyncPoint(src, toks, i):
			closeCur()
			depth = 0
		}
		switch t.Kind {
		case LBrace, LBracket, LParen:
			depth++
		case RBrace, RBracket, RParen:
			if depth == 0 {
				closeCur()
				out = append(out, Range{t.Start, t.End})
				continue
			}
			depth--
		}
		if first < 0 {
			first = i
		}
		last = i
	}
	closeCur()
	return out
}

// bracesBalance reports whether every opening bracket of the file is closed and no closing
// bracket comes without an opening one.
func bracesBalance(toks []Token) bool {
	depth := 0
	for _, t := range toks {
		switch t.Kind {
		case LBrace, LBracket, LParen:
			depth++
		case RBrace, RBracket, RParen:
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// startsStatement reports whether t can begin a new top-level statement.
func startsStatement(src string, t Token) bool {
	if t.Kind != Ident {
		return false
	}
	switch t.Text(src) {
	case "else", "in":
		return false
	}
	return true
}

// expectsMore reports whether a statement whose last token is t must go on.
func expectsMore(src string, t Token) bool {
	switch t.Kind {
	case Assign, Pipe, Compose, Coalesce, Comma, Colon, Bar, Not, Eq, NotEq, Lt, LtEq, Gt, GtEq,
		AndAnd, OrOr, Dot, TemplateStart, TemplateMid:
		return true
	case Ident:
		switch t.Text(src) {
		case "let", "provider", "backend", "fn", "for", "if", "in", "else", "wait", "read",
			"require", "use", "upstream_state", "import", "removed", "moved", "arguments",
			"attributes", "exports":
			return true
		}
	}
	return false
}

func atColumnZero(src string, t Token) bool {
	return t.Start == 0 || src[t.Start-1] == '\n' || src[t.Start-1] == '\r'
}

// resyncPoint reports whether the token at i looks like the start of a top-level statement:
// `let name =`, a top-level block keyword followed by its block, or `provider.type.Name {`.
func resyncPoint(src string, toks []Token, i int) bool {
	next := func(k int) Token {
		for j := i + 1; j < len(toks); j++ {
			if !toks[j].Kind.Trivia() {
				if k == 0 {
					return toks[j]
				}
				k--
			}
		}
		return toks[len(toks)-1]
	}
	t := toks[i]
	switch t.Text(src) {
	case "let":
		return next(0).Kind == Ident && next(1).Kind == Assign
	case "provider", "backend":
		return next(0).Kind == Ident && next(1).Kind == LBrace
	case "arguments", "attributes", "exports", "import", "removed", "moved":
		return next(0).Kind == LBrace
	case "fn":
		return next(0).Kind == Ident && next(1).Kind == LParen
	case "require":
		return true
	}
	for _, c := range t.Text(src) {
		if c == '.' {
			return next(0).Kind == LBrace
		}
	}
	return false
}
