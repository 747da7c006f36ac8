package grammar

import (
	"strings"
	"unicode/utf8"
)

// Lex splits src into tokens. It never fails: every byte of src belongs to exactly one token, and
// bytes that form no token of the language become Invalid tokens. The last token is always a
// zero-width EOF token. Lexical problems (an unterminated string, a bad escape) are recorded in
// the tokens' Flags and reported by the parser.
func Lex(src string) []Token {
	lx := lexer{src: src, toks: make([]Token, 0, len(src)/4+1)}
	lx.run()
	return lx.toks
}

// interpFrame is one open ${...} interpolation: the index of the token that opened it and the
// depth of braces opened inside it.
type interpFrame struct {
	tok   int
	depth int
}

type lexer struct {
	src    string
	pos    int
	toks   []Token
	interp []interpFrame
	far    []Far

	// stop, when set, is asked at every token boundary outside interpolations whether to stop
	// there (incremental re-lexing stops where it is back in step with the old tokens); stopped
	// says it did, and then no EOF token is added.
	stop    func(pos int) bool
	stopped bool
}

// lookedAt records that the token starting at start examined text up to horizon.
func (lx *lexer) lookedAt(start, horizon int) {
	lx.far = append(lx.far, Far{Start: int32(start), Horizon: int32(horizon)})
}

// lineEndFrom returns the offset of the first line break at or after p (or the end of the text).
func (lx *lexer) lineEndFrom(p int) int {
	for p < len(lx.src) && lx.src[p] != '\n' && lx.src[p] != '\r' {
		p++
	}
	return p
}

func (lx *lexer) emit(k Kind, start int, flags TokenFlags) {
	lx.toks = append(lx.toks, Token{Kind: k, Flags: flags, Start: int32(start), End: int32(lx.pos)})
}

// isIdentStart lets "_" start a word, though Carina's names start with a letter: the discard `_`
// is a word, and `_x` stays one token whose mistake the parser can name.
func isIdentStart(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func isIdentPart(c byte) bool  { return isIdentStart(c) || isDigit(c) }
func isDigit(c byte) bool      { return c >= '0' && c <= '9' }

func (lx *lexer) peek(off int) byte {
	if lx.pos+off < len(lx.src) {
		return lx.src[lx.pos+off]
	}
	return 0
}

func (lx *lexer) run() {
	src := lx.src
	for lx.pos < len(src) {
		if lx.stop != nil && len(lx.interp) == 0 && lx.stop(lx.pos) {
			lx.stopped = true
			return
		}
		start := lx.pos
		c := src[lx.pos]
		switch {
		case c == ' ' || c == '\t':
			for lx.pos < len(src) && (src[lx.pos] == ' ' || src[lx.pos] == '\t') {
				lx.pos++
			}
			lx.emit(Space, start, 0)
		case c == '\n' || c == '\r':
			lx.pos++
			if c == '\r' && lx.peek(0) == '\n' {
				lx.pos++
			}
			lx.emit(Newline, start, 0)
			lx.closeInterpolationsAtNewline()
		case c == '#':
			lx.lineComment(start)
		case c == '/' && lx.peek(1) == '/':
			lx.lineComment(start)
		case c == '/' && lx.peek(1) == '*':
			lx.blockComment(start)
		case isIdentStart(c):
			lx.ident(start)
		// The minus belongs to the literal: Carina has no unary minus (no arithmetic at all).
		case isDigit(c) || c == '-' && isDigit(lx.peek(1)):
			lx.number(start)
		case c == '"':
			lx.pos++
			lx.doubleQuoted(start, String, TemplateStart)
		case c == '\'':
			lx.singleQuoted(start)
		case c == '<' && lx.peek(1) == '<' && lx.heredoc(start):
		case c < utf8.RuneSelf:
			lx.punct(start, c)
		default:
			_, size := utf8.DecodeRuneInString(src[lx.pos:])
			lx.pos += size
			lx.emit(Invalid, start, 0)
		}
	}
	// An interpolation still open at the end of the input was not closed on its line either (a
	// statement's text ends before the newline that closed it in the whole file).
	lx.closeInterpolationsAtNewline()
	lx.toks = append(lx.toks, Token{Kind: EOF, Start: int32(len(src)), End: int32(len(src))})
}

// closeInterpolationsAtNewline ends every open ${...} at a newline: Carina does not allow a
// newline inside an interpolation, and ending it here keeps one missing "}" from turning the rest
// of the file into string text.
func (lx *lexer) closeInterpolationsAtNewline() {
	for _, f := range lx.interp {
		lx.toks[f.tok].Flags |= NewlineInInterp | Unterminated
		// The splitter may cut a statement inside an interpolation ended here: re-lexing must not
		// restart inside it, where the lexer would not know it is in an interpolation.
		lx.lookedAt(int(lx.toks[f.tok].Start), lx.pos)
	}
	lx.interp = lx.interp[:0]
}

func (lx *lexer) lineComment(start int) {
	for lx.pos < len(lx.src) && lx.src[lx.pos] != '\n' && lx.src[lx.pos] != '\r' {
		lx.pos++
	}
	lx.emit(LineComment, start, 0)
}

func (lx *lexer) blockComment(start int) {
	src := lx.src
	lx.pos += 2
	// Block comments nest, as in Carina's grammar (its formatter's grammar does not nest them).
	depth := 1
	for lx.pos < len(src) && depth > 0 {
		switch {
		case src[lx.pos] == '/' && lx.peek(1) == '*':
			depth++
			lx.pos += 2
		case src[lx.pos] == '*' && lx.peek(1) == '/':
			depth--
			lx.pos += 2
		default:
			lx.pos++
		}
	}
	var flags TokenFlags
	if depth > 0 {
		flags = Unterminated
		lx.lookedAt(start, len(src))
	}
	lx.emit(BlockComment, start, flags)
}

// ident lexes an identifier or a dotted name. Segments after a dot may start with a digit
// (`aws.iam.PolicyDocument.Version.2012_10_17`, `Type.ipsec.1`). A dot not followed by a segment
// character is left for the Dot token, so `cert.` lexes as Ident Dot.
func (lx *lexer) ident(start int) {
	src := lx.src
	for lx.pos < len(src) && isIdentPart(src[lx.pos]) {
		lx.pos++
	}
	for lx.pos+1 < len(src) && src[lx.pos] == '.' && isIdentPart(src[lx.pos+1]) {
		lx.pos += 2
		for lx.pos < len(src) && isIdentPart(src[lx.pos]) {
			lx.pos++
		}
	}
	lx.emit(Ident, start, 0)
}

// number lexes an integer, a float (digits "." digits, with any letters that follow it) or a
// duration (digits directly followed by letters; the unit is checked by the parser, so `5d` and
// `1h30m` get a precise message).
func (lx *lexer) number(start int) {
	src := lx.src
	if src[lx.pos] == '-' {
		lx.pos++
	}
	for lx.pos < len(src) && isDigit(src[lx.pos]) {
		lx.pos++
	}
	if lx.pos+1 < len(src) && src[lx.pos] == '.' && isDigit(src[lx.pos+1]) {
		lx.pos++
		for lx.pos < len(src) && isDigit(src[lx.pos]) {
			lx.pos++
		}
		// Letters right after a float (`1.5e3`, `1.5h`) are no literal of Carina; keep them in
		// the token so that the parser reports one precise error.
		for lx.pos < len(src) && isIdentPart(src[lx.pos]) {
			lx.pos++
		}
		lx.emit(Float, start, 0)
		return
	}
	if lx.pos < len(src) && isIdentStart(src[lx.pos]) {
		for lx.pos < len(src) && isIdentPart(src[lx.pos]) {
			lx.pos++
		}
		lx.emit(Duration, start, 0)
		return
	}
	lx.emit(Int, start, 0)
}

// doubleQuoted lexes the text of a double-quoted string from lx.pos (just after the opening quote
// or the "}" ending an interpolation) up to the closing quote (emitting whole, a String or
// TemplateEnd) or up to "${" (emitting open, a TemplateStart or TemplateMid, and entering the
// interpolation).
func (lx *lexer) doubleQuoted(start int, whole, open Kind) {
	src := lx.src
	var flags TokenFlags
	for lx.pos < len(src) {
		switch c := src[lx.pos]; c {
		case '\\':
			if !strings.ContainsRune(`"\nrt$`, rune(lx.peek(1))) || lx.pos+1 >= len(src) {
				flags |= BadEscape
			}
			lx.pos += 2
			if lx.pos > len(src) {
				lx.pos = len(src)
			}
		case '"':
			lx.pos++
			if !lx.plausibleClose(start) {
				lx.unterminated(start, whole, flags)
				return
			}
			lx.emit(whole, start, flags)
			return
		case '$':
			if lx.peek(1) == '{' {
				lx.pos += 2
				lx.emit(open, start, flags)
				lx.interp = append(lx.interp, interpFrame{tok: len(lx.toks) - 1})
				return
			}
			lx.pos++
		default:
			lx.pos++
		}
	}
	lx.unterminated(start, whole, flags)
}

// plausibleClose decides whether the quote just consumed really closes a string that began at
// start. Strings may span lines, but a missing quote would otherwise pair the opening quote with
// the next string's opening quote many lines down and turn the rest of the file inside out. So a
// string that spans lines counts as closed only when what follows the quote can follow a value
// (the end of a line, a comma, a closing bracket, a comment or an operator); otherwise it is
// taken as unterminated at the end of its first line.
func (lx *lexer) plausibleClose(start int) bool {
	if strings.IndexAny(lx.src[start:lx.pos], "\r\n") < 0 {
		return true
	}
	p := lx.pos
	for p < len(lx.src) && (lx.src[p] == ' ' || lx.src[p] == '\t') {
		p++
	}
	lx.lookedAt(start, p)
	if p >= len(lx.src) {
		return true
	}
	switch lx.src[p] {
	case '\n', '\r', ',', ']', '}', ')', '#', '/', '|', '?', '>':
		return true
	}
	return false
}

// unterminated ends a string that runs to the end of the input at the end of its first line, so
// that one missing quote does not swallow the rest of the file.
func (lx *lexer) unterminated(start int, k Kind, flags TokenFlags) {
	lx.lookedAt(start, lx.lineEndFrom(lx.pos))
	if nl := strings.IndexAny(lx.src[start:], "\r\n"); nl >= 0 && start+nl < lx.pos {
		lx.pos = start + nl
		// Only the escapes of the text kept count: a bad one further down belongs to other tokens.
		allowed := `"\nrt$`
		if lx.src[start] == '\'' {
			allowed = `'\`
		}
		flags &^= BadEscape
		if len(badEscapes(lx.src[start+1:lx.pos], allowed)) > 0 {
			flags |= BadEscape
		}
	}
	lx.emit(k, start, flags|Unterminated)
}

func (lx *lexer) singleQuoted(start int) {
	src := lx.src
	var flags TokenFlags
	lx.pos++
	for lx.pos < len(src) {
		switch src[lx.pos] {
		case '\\':
			if n := lx.peek(1); n != '\'' && n != '\\' {
				flags |= BadEscape
			}
			lx.pos += 2
			if lx.pos > len(src) {
				lx.pos = len(src)
			}
		case '\'':
			lx.pos++
			if !lx.plausibleClose(start) {
				lx.unterminated(start, String, flags)
				return
			}
			lx.emit(String, start, flags)
			return
		default:
			lx.pos++
		}
	}
	lx.unterminated(start, String, flags)
}

// heredoc lexes `<<MARKER`, `<<-MARKER`, `<<'MARKER'` or `<<-'MARKER'` up to the end of the line
// (anything but spaces there is flagged TrailingText), the body, and the line whose trimmed text
// is the marker. It reports false, consuming nothing, when the text at start is no heredoc opener.
func (lx *lexer) heredoc(start int) bool {
	src := lx.src
	p := start + 2
	if p < len(src) && src[p] == '-' {
		p++
	}
	quoted := p < len(src) && src[p] == '\''
	if quoted {
		p++
	}
	m := p
	for p < len(src) && isIdentPart(src[p]) {
		p++
	}
	marker := src[m:p]
	if marker == "" {
		lx.lookedAt(start, p)
		return false
	}
	if quoted {
		if p >= len(src) || src[p] != '\'' {
			lx.lookedAt(start, p)
			return false
		}
		p++
	}
	for p < len(src) && (src[p] == ' ' || src[p] == '\t') {
		p++
	}
	var flags TokenFlags
	if p < len(src) && src[p] != '\n' && src[p] != '\r' {
		// Carina takes `<<EOT` as a heredoc only when nothing follows it on its line. Lexing the
		// rest anyway (flagged) costs the user one error instead of one per line of the body.
		flags = TrailingText
		for p < len(src) && src[p] != '\n' && src[p] != '\r' {
			p++
		}
	}
	// The body starts on the next line; find the closing marker line.
	for p < len(src) {
		lineStart := p
		if src[p] == '\r' && p+1 < len(src) && src[p+1] == '\n' {
			lineStart = p + 2
		} else {
			lineStart = p + 1
		}
		end := lineStart
		for end < len(src) && src[end] != '\n' && src[end] != '\r' {
			end++
		}
		if strings.TrimSpace(src[lineStart:end]) == marker {
			lx.pos = end
			lx.emit(Heredoc, start, flags)
			return true
		}
		p = end
	}
	lx.pos = len(src)
	lx.lookedAt(start, len(src))
	lx.emit(Heredoc, start, flags|Unterminated)
	return true
}

func (lx *lexer) punct(start int, c byte) {
	two := func(next byte, k2, k1 Kind) {
		if lx.peek(1) == next {
			lx.pos += 2
			lx.emit(k2, start, 0)
			return
		}
		lx.pos++
		lx.emit(k1, start, 0)
	}
	switch c {
	case '{':
		if n := len(lx.interp); n > 0 {
			lx.interp[n-1].depth++
		}
		lx.pos++
		lx.emit(LBrace, start, 0)
	case '}':
		if n := len(lx.interp); n > 0 {
			if lx.interp[n-1].depth == 0 {
				lx.interp = lx.interp[:n-1]
				lx.pos++
				lx.doubleQuoted(start, TemplateEnd, TemplateMid)
				return
			}
			lx.interp[n-1].depth--
		}
		lx.pos++
		lx.emit(RBrace, start, 0)
	case '[':
		lx.pos++
		lx.emit(LBracket, start, 0)
	case ']':
		lx.pos++
		lx.emit(RBracket, start, 0)
	case '(':
		lx.pos++
		lx.emit(LParen, start, 0)
	case ')':
		lx.pos++
		lx.emit(RParen, start, 0)
	case ',':
		lx.pos++
		lx.emit(Comma, start, 0)
	case ':':
		lx.pos++
		lx.emit(Colon, start, 0)
	case '.':
		lx.pos++
		lx.emit(Dot, start, 0)
	case '=':
		two('=', Eq, Assign)
	case '!':
		two('=', NotEq, Not)
	case '<':
		two('=', LtEq, Lt)
	case '>':
		switch lx.peek(1) {
		case '=':
			lx.pos += 2
			lx.emit(GtEq, start, 0)
		case '>':
			lx.pos += 2
			lx.emit(Compose, start, 0)
		default:
			lx.pos++
			lx.emit(Gt, start, 0)
		}
	case '|':
		switch lx.peek(1) {
		case '>':
			lx.pos += 2
			lx.emit(Pipe, start, 0)
		case '|':
			lx.pos += 2
			lx.emit(OrOr, start, 0)
		default:
			lx.pos++
			lx.emit(Bar, start, 0)
		}
	case '?':
		if lx.peek(1) == '?' {
			lx.pos += 2
			lx.emit(Coalesce, start, 0)
			return
		}
		lx.invalidRun(start)
	case '&':
		if lx.peek(1) == '&' {
			lx.pos += 2
			lx.emit(AndAnd, start, 0)
			return
		}
		lx.invalidRun(start)
	default:
		lx.invalidRun(start)
	}
}

// invalidRun makes one Invalid token of a byte that starts no token.
func (lx *lexer) invalidRun(start int) {
	lx.pos++
	lx.emit(Invalid, start, 0)
}
