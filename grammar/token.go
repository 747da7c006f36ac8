package grammar

import "slices"

// Kind is the kind of a token.
type Kind uint8

// Token kinds. Every byte of a source text belongs to exactly one token.
const (
	EOF     Kind = iota // end of input (zero width)
	Invalid             // a byte sequence that is no token of the language
	Space               // spaces and tabs
	Newline             // "\n", "\r\n" or a lone "\r"

	LineComment  // "# ..." or "// ..." up to the end of the line
	BlockComment // "/* ... */", nesting

	Ident    // identifier or dotted name: cert, aws.acm.Certificate, Type.ipsec.1
	Int      // 42, -3
	Float    // 1.5, -0.25
	Duration // digits followed directly by letters: 30s, 75min (and malformed 5d, 1h30m)

	String        // '...' or "..." without interpolation
	TemplateStart // "text${
	TemplateMid   // }text${
	TemplateEnd   // }text"
	Heredoc       // <<MARKER ... MARKER, the whole heredoc

	LBrace   // {
	RBrace   // }
	LBracket // [
	RBracket // ]
	LParen   // (
	RParen   // )
	Comma    // ,
	Colon    // :
	Dot      // .
	Assign   // =
	Pipe     // |>
	Compose  // >>
	Coalesce // ??
	Bar      // |
	Not      // !
	Eq       // ==
	NotEq    // !=
	Lt       // <
	LtEq     // <=
	Gt       // >
	GtEq     // >=
	AndAnd   // &&
	OrOr     // ||
)

var kindNames = [...]string{
	EOF: "end of input", Invalid: "invalid token", Space: "space", Newline: "newline",
	LineComment: "comment", BlockComment: "comment",
	Ident: "identifier", Int: "number", Float: "number", Duration: "duration",
	String: "string", TemplateStart: "string", TemplateMid: "string", TemplateEnd: "string",
	Heredoc: "heredoc",
	LBrace:  `"{"`, RBrace: `"}"`, LBracket: `"["`, RBracket: `"]"`, LParen: `"("`, RParen: `")"`,
	Comma: `","`, Colon: `":"`, Dot: `"."`, Assign: `"="`, Pipe: `"|>"`, Compose: `">>"`,
	Coalesce: `"??"`, Bar: `"|"`, Not: `"!"`, Eq: `"=="`, NotEq: `"!="`, Lt: `"<"`, LtEq: `"<="`,
	Gt: `">"`, GtEq: `">="`, AndAnd: `"&&"`, OrOr: `"||"`,
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Trivia reports whether tokens of this kind carry no syntax (space, newlines, comments).
func (k Kind) Trivia() bool {
	return k == Space || k == Newline || k == LineComment || k == BlockComment
}

// Token is one lexeme: its kind and its byte range [Start, End) in the text it was lexed from.
type Token struct {
	Kind       Kind
	Flags      TokenFlags
	Start, End int32
}

// TokenFlags records lexical problems found while lexing a token; the parser turns them into
// diagnostics.
type TokenFlags uint8

// Token flags.
const (
	Unterminated    TokenFlags = 1 << iota // string, comment or heredoc without its closing delimiter
	BadEscape                              // a backslash sequence the string form does not allow
	NewlineInInterp                        // a newline inside ${...}
	LineStart                              // first significant token on its line (set by the parser)
	TrailingText                           // a heredoc opener followed by more text on its line
)

// Text returns the token's text in src.
func (t Token) Text(src string) string { return src[t.Start:t.End] }

// Keywords returns the words with a meaning of their own in Carina, sorted: the construct
// keywords, the parts of their syntax (in, else) and the keys that are keywords (until,
// depends_on, timeout), all from the construct table. They are not reserved by the grammar (an
// attribute may be called `timeout`), but editors highlight them, and the TextMate grammars are
// tested against this list.
func Keywords() []string { return slices.Clone(table().keywords) }

// Constants returns the literal words of the language.
func Constants() []string { return []string{"true", "false", "null"} }

// IsKeyword reports whether s is one of Keywords.
func IsKeyword(s string) bool {
	_, ok := slices.BinarySearch(table().keywords, s)
	return ok
}

// DurationUnit returns the length in seconds of a duration unit spelling.
func DurationUnit(unit string) (seconds uint64, ok bool) {
	switch unit {
	case "s", "sec", "second", "seconds":
		return 1, true
	case "m", "min", "minute", "minutes":
		return 60, true
	case "h", "hr", "hour", "hours":
		return 3600, true
	}
	return 0, false
}
