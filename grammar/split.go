package grammar

// Range is the byte range [Start, End) of one top-level statement in a file: from its first to its
// last significant token (comments before and after it are not part of it).
type Range struct {
	Start, End int32
	Closed     bool // the statement's brackets balance
	split      splitFlags
}

// splitFlags say what a file-wide change of bracket balance would change in a statement's split.
type splitFlags uint8

const (
	// cutAtResync: the statement was ended by a resynchronisation point (the file did not
	// balance); were the file to balance, it would go on.
	cutAtResync splitFlags = 1 << iota
	// resyncInside: the statement holds a resynchronisation point inside brackets (the file
	// balances); were the file not to balance, it would be cut there.
	resyncInside
)

// Split cuts a file's tokens into top-level statements. Newlines do not end statements in Carina,
// so a statement ends where the next one begins: an identifier at brace depth 0 after a token
// that completes an expression. When the file's braces do not balance, a top-level keyword at the
// start of a line with no indentation also starts a new statement, so that one unclosed "{" cannot
// swallow the rest of the file. A stray closing bracket at depth 0 is a statement of its own.
func Split(src string, toks []Token) []Range {
	return splitWith(src, toks, bracesBalance(toks))
}

// splitWith splits toks (a whole file's, or a run of them starting at a statement boundary),
// knowing whether the whole file's brackets balance.
func splitWith(src string, toks []Token, balanced bool) []Range {
	var out []Range
	var stack []Kind      // open brackets of the current statement
	first, last := -1, -1 // significant token indices of the current statement
	lineStart := true
	// awaitBody is set by a `for` or `if` at depth 0 until its "{": a name on the same line
	// before it (`for name names {`, a missing `in`) belongs to the loop, not to a new statement.
	awaitBody := false
	// mismatched records a closer in the current statement that did not close the innermost open
	// bracket: the statement's stack can end empty while its brackets do not balance.
	mismatched := false
	var flags splitFlags
	closeCur := func() {
		if first >= 0 {
			out = append(out, Range{Start: toks[first].Start, End: toks[last].End, Closed: len(stack) == 0 && !mismatched, split: flags})
		}
		first, last = -1, -1
		awaitBody = false
		mismatched = false
		flags = 0
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
		case len(stack) == 0 && atLineStart && t.Kind == Ident && t.Text(src) == "let":
			// No value starts with `let`: `let x =` left without a value must not swallow the
			// next binding.
			closeCur()
		case len(stack) == 0 && startsStatement(src, t) && !expectsMore(src, toks[last]) &&
			!unitAfterNumber(src, toks, last, i, atLineStart) && !(awaitBody && !atLineStart):
			closeCur()
		case len(stack) == 0 && atLineStart && atColumnZero(src, t) && strayValue(t.Kind) && !expectsMore(src, toks[last]):
			// A literal at the start of a line after a complete statement is a statement of its
			// own (an error), not the tail of the previous one.
			closeCur()
		case len(stack) > 0 && atLineStart && atColumnZero(src, t) && resyncPoint(src, toks, i):
			if balanced {
				flags |= resyncInside
				break
			}
			flags |= cutAtResync
			closeCur()
			stack = stack[:0]
		}
		switch t.Kind {
		case Ident:
			if len(stack) == 0 && (t.Text(src) == "for" || t.Text(src) == "if") {
				awaitBody = true
			}
		case LBrace, LBracket, LParen:
			if t.Kind == LBrace && len(stack) == 0 {
				awaitBody = false
			}
			stack = append(stack, t.Kind)
		case RBrace, RBracket, RParen:
			if len(stack) == 0 {
				closeCur()
				out = append(out, Range{Start: t.Start, End: t.End})
				continue
			}
			// A closer pops up to its own opener (closing any bracket left open inside it); one
			// that matches nothing open stays in the statement for the parser to report.
			k := lastIndex(stack, Opener(t.Kind))
			if k < lastIndex(stack, TemplateStart) {
				// Inside ${...} a closer cannot close what is open outside it: the lexer is still
				// in the interpolation, which only its own "}" ends.
				k = -1
			}
			if k != len(stack)-1 {
				mismatched = true
			}
			if k >= 0 {
				stack = stack[:k]
			}
		case TemplateStart, TemplateMid, TemplateEnd:
			// An interpolation is a bracket too: a statement never ends inside "${...}".
			var ok bool
			stack, ok = interpolationStep(stack, t)
			if !ok {
				mismatched = true
			}
		}
		if first < 0 {
			first = i
		}
		last = i
	}
	closeCur()
	return out
}

// bracesBalance reports whether every opening bracket of the file is closed by a closing bracket
// of its own kind, in order.
func bracesBalance(toks []Token) bool {
	var stack []Kind
	for _, t := range toks {
		switch t.Kind {
		case LBrace, LBracket, LParen:
			stack = append(stack, t.Kind)
		case RBrace, RBracket, RParen:
			if len(stack) == 0 || stack[len(stack)-1] != Opener(t.Kind) {
				return false
			}
			stack = stack[:len(stack)-1]
		case TemplateStart, TemplateMid, TemplateEnd:
			var ok bool
			if stack, ok = interpolationStep(stack, t); !ok {
				return false
			}
		}
	}
	return len(stack) == 0
}

// interpolationStep applies a template token to a bracket stack: the "}" of TemplateMid and
// TemplateEnd closes the interpolation open on the stack (TemplateStart stands for an open "${"),
// and the "${" of TemplateStart and TemplateMid opens one, unless the lexer ended it at the end of
// its line (NewlineInInterp). ok is false when the "}" did not close the innermost bracket.
func interpolationStep(stack []Kind, t Token) (_ []Kind, ok bool) {
	ok = true
	if t.Kind != TemplateStart {
		k := lastIndex(stack, TemplateStart)
		ok = k >= 0 && k == len(stack)-1
		if k >= 0 {
			stack = stack[:k]
		}
	}
	if t.Kind != TemplateEnd && t.Flags&NewlineInInterp == 0 {
		stack = append(stack, TemplateStart)
	}
	return stack, ok
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

// unitAfterNumber reports whether t is a duration unit written apart from the number before it
// (`30 min`): the parser reports it as one malformed duration, so it stays in the statement.
func unitAfterNumber(src string, toks []Token, last, i int, atLineStart bool) bool {
	if toks[last].Kind != Int || atLineStart || !looksLikeUnit(toks[i].Text(src)) {
		return false
	}
	for _, t := range toks[i+1:] {
		if !t.Kind.Trivia() {
			return !startsItem(t.Kind)
		}
	}
	return true
}

// strayValue reports whether a token of kind k can only begin a value, never continue one.
func strayValue(k Kind) bool {
	switch k {
	case Int, Float, Duration, String, TemplateStart, Heredoc, Invalid:
		return true
	}
	return false
}

// expectsMore reports whether a statement whose last token is t must go on.
func expectsMore(src string, t Token) bool {
	switch t.Kind {
	case Assign, Pipe, Compose, Coalesce, Comma, Colon, Bar, Not, Eq, NotEq, Lt, LtEq, Gt, GtEq,
		AndAnd, OrOr, Dot, TemplateStart, TemplateMid:
		return true
	case Ident:
		return ExpectsMore(t.Text(src))
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
	if c := KeywordConstruct(t.Text(src)); c != nil && c.Place&AtTop != 0 {
		switch c.ID {
		case LetConstruct:
			return next(0).Kind == Ident && next(1).Kind == Assign
		case ProviderConstruct, BackendConstruct:
			return next(0).Kind == Ident && next(1).Kind == LBrace
		case FnConstruct:
			return next(0).Kind == Ident && next(1).Kind == LParen
		case RequireConstruct:
			return true
		case ForConstruct, IfConstruct:
			return false // as likely an expression being typed as a statement
		}
		return next(0).Kind == LBrace // arguments, attributes, exports, import, removed, moved
	}
	for _, c := range t.Text(src) {
		if c == '.' {
			return next(0).Kind == LBrace
		}
	}
	return false
}
