package grammar

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// lexDump writes the tokens as `Kind(text)` (trivia included, EOF omitted), with `!u` for
// Unterminated, `!esc` for BadEscape, `!nl` for NewlineInInterp and `!trail` for TrailingText.
func lexDump(src string, toks []Token) []string {
	out := make([]string, 0, len(toks))
	for _, t := range toks {
		if t.Kind == EOF {
			continue
		}
		s := kindIDs[t.Kind] + "(" + src[t.Start:t.End] + ")"
		if t.Flags&Unterminated != 0 {
			s += "!u"
		}
		if t.Flags&BadEscape != 0 {
			s += "!esc"
		}
		if t.Flags&NewlineInInterp != 0 {
			s += "!nl"
		}
		if t.Flags&TrailingText != 0 {
			s += "!trail"
		}
		out = append(out, s)
	}
	return out
}

// TestLex checks the tokens of inputs covering every token kind, and that the tokens of each
// input cover it exactly (contiguous from 0 to len, one final zero-width EOF).
func TestLex(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"empty", "", []string{}},
		{"let", "let a = 1", []string{"Ident(let)", "Space( )", "Ident(a)", "Space( )", "Assign(=)", "Space( )", "Int(1)"}},
		{"dotted names", "aws.acm.Certificate cert.status a_1.b2", []string{
			"Ident(aws.acm.Certificate)", "Space( )", "Ident(cert.status)", "Space( )", "Ident(a_1.b2)"}},
		{"numeric tails", "aws.iam.PolicyDocument.Version.2012_10_17 Type.ipsec.1 a.1b", []string{
			"Ident(aws.iam.PolicyDocument.Version.2012_10_17)", "Space( )", "Ident(Type.ipsec.1)", "Space( )", "Ident(a.1b)"}},
		{"dot not followed by a segment", "cert. a..b", []string{
			"Ident(cert)", "Dot(.)", "Space( )", "Ident(a)", "Dot(.)", "Dot(.)", "Ident(b)"}},
		{"underscore names", "_ _x x_", []string{"Ident(_)", "Space( )", "Ident(_x)", "Space( )", "Ident(x_)"}},
		{"integers", "0 42 -3 007", []string{"Int(0)", "Space( )", "Int(42)", "Space( )", "Int(-3)", "Space( )", "Int(007)"}},
		{"floats", "1.5 -0.25 10.0", []string{"Float(1.5)", "Space( )", "Float(-0.25)", "Space( )", "Float(10.0)"}},
		{"float with letters", "1.5e3 2.5h", []string{"Float(1.5e3)", "Space( )", "Float(2.5h)"}},
		{"number then dot", "1. 1.a", []string{"Int(1)", "Dot(.)", "Space( )", "Int(1)", "Dot(.)", "Ident(a)"}},
		{"durations", "30s 75min 2h -5s 5d 30sx 1h30m 10_s", []string{
			"Duration(30s)", "Space( )", "Duration(75min)", "Space( )", "Duration(2h)", "Space( )", "Duration(-5s)", "Space( )",
			"Duration(5d)", "Space( )", "Duration(30sx)", "Space( )", "Duration(1h30m)", "Space( )", "Duration(10_s)"}},
		{"minus alone", "- -a", []string{"Invalid(-)", "Space( )", "Invalid(-)", "Ident(a)"}},
		{"single-quoted strings", `'a' '' 'it\'s' 'back\\slash'`, []string{
			"String('a')", "Space( )", "String('')", "Space( )", `String('it\'s')`, "Space( )", `String('back\\slash')`}},
		{"double-quoted strings", `"a" "" "q\"" "\n\r\t\$\\"`, []string{
			`String("a")`, "Space( )", `String("")`, "Space( )", `String("q\"")`, "Space( )", `String("\n\r\t\$\\")`}},
		{"bad escapes", `"\q" '\n' "\`, []string{`String("\q")!esc`, "Space( )", `String('\n')!esc`, "Space( )", `String("\)!u!esc`}},
		{"dollar without brace", `"$x $"`, []string{`String("$x $")`}},
		{"single quotes never interpolate", `'${x}'`, []string{`String('${x}')`}},
		{"template", `"a${b}c"`, []string{`TemplateStart("a${)`, "Ident(b)", `TemplateEnd(}c")`}},
		{"template with two parts", `"${a}-${b}"`, []string{
			`TemplateStart("${)`, "Ident(a)", "TemplateMid(}-${)", "Ident(b)", `TemplateEnd(}")`}},
		{"template with a nested call and string", `"x${f("y")}z"`, []string{
			`TemplateStart("x${)`, "Ident(f)", "LParen(()", `String("y")`, "RParen())", `TemplateEnd(}z")`}},
		{"template in template", `"a${f("b${c}")}d"`, []string{
			`TemplateStart("a${)`, "Ident(f)", "LParen(()", `TemplateStart("b${)`, "Ident(c)", `TemplateEnd(}")`, "RParen())", `TemplateEnd(}d")`}},
		{"braces inside an interpolation", `"${ {a = 1} }"`, []string{
			`TemplateStart("${)`, "Space( )", "LBrace({)", "Ident(a)", "Space( )", "Assign(=)", "Space( )", "Int(1)", "RBrace(})", "Space( )", `TemplateEnd(}")`}},
		{"empty interpolation", `"${}"`, []string{`TemplateStart("${)`, `TemplateEnd(}")`}},
		{"newline inside an interpolation", "\"a${b\nc", []string{`TemplateStart("a${)!u!nl`, "Ident(b)", "Newline(\n)", "Ident(c)"}},
		{"interpolation open at the end", `"a${b`, []string{`TemplateStart("a${)!u!nl`, "Ident(b)"}},
		{"unterminated strings end at their line", "'abc\nlet \"x\n1", []string{
			"String('abc)!u", "Newline(\n)", "Ident(let)", "Space( )", `String("x)!u`, "Newline(\n)", "Int(1)"}},
		{"multi-line string", "\"a\nb\"\n", []string{"String(\"a\nb\")", "Newline(\n)"}},
		{"multi-line string closed implausibly", "\"a\nb\" c", []string{`String("a)!u`, "Newline(\n)", "Ident(b)", `String(" c)!u`}},
		{"heredoc", "<<EOT\nhello ${x}\nEOT\n", []string{"Heredoc(<<EOT\nhello ${x}\nEOT)", "Newline(\n)"}},
		{"indented heredoc", "<<-EOT\n  a\n  EOT", []string{"Heredoc(<<-EOT\n  a\n  EOT)"}},
		{"quoted heredoc", "<<'EOT'  \nx\nEOT", []string{"Heredoc(<<'EOT'  \nx\nEOT)"}},
		{"indented quoted heredoc", "<<-'A1'\r\n x\r\n A1\r\n", []string{"Heredoc(<<-'A1'\r\n x\r\n A1)", "Newline(\r\n)"}},
		{"unterminated heredoc", "<<EOT\nx\n", []string{"Heredoc(<<EOT\nx\n)!u"}},
		{"heredoc opener with trailing text", "<<EOT x\nbody\nEOT", []string{"Heredoc(<<EOT x\nbody\nEOT)!trail"}},
		{"no heredoc", "<< <<'A\n<<-", []string{"Lt(<)", "Lt(<)", "Space( )", "Lt(<)", "Lt(<)", "String('A)!u", "Newline(\n)", "Lt(<)", "Lt(<)", "Invalid(-)"}},
		{"line comments", "# a\n// b\r\nx # c", []string{
			"LineComment(# a)", "Newline(\n)", "LineComment(// b)", "Newline(\r\n)", "Ident(x)", "Space( )", "LineComment(# c)"}},
		{"block comments nest", "/* a /* b */ c */x", []string{"BlockComment(/* a /* b */ c */)", "Ident(x)"}},
		{"unterminated block comment", "/* a /* b */ c", []string{"BlockComment(/* a /* b */ c)!u"}},
		{"block comment start only", "/*", []string{"BlockComment(/*)!u"}},
		{"slash", "/ /x", []string{"Invalid(/)", "Space( )", "Invalid(/)", "Ident(x)"}},
		{"CRLF and lone CR", "a\r\nb\rc\n\r\n", []string{
			"Ident(a)", "Newline(\r\n)", "Ident(b)", "Newline(\r)", "Ident(c)", "Newline(\n)", "Newline(\r\n)"}},
		{"tabs", "\ta\t \tb", []string{"Space(\t)", "Ident(a)", "Space(\t \t)", "Ident(b)"}},
		{"brackets and punctuation", "{}[](),:.=", []string{
			"LBrace({)", "RBrace(})", "LBracket([)", "RBracket(])", "LParen(()", "RParen())", "Comma(,)", "Colon(:)", "Dot(.)", "Assign(=)"}},
		{"operators", "|> >> ?? | ! == != < <= > >= && ||", []string{
			"Pipe(|>)", "Space( )", "Compose(>>)", "Space( )", "Coalesce(??)", "Space( )", "Bar(|)", "Space( )", "Not(!)", "Space( )",
			"Eq(==)", "Space( )", "NotEq(!=)", "Space( )", "Lt(<)", "Space( )", "LtEq(<=)", "Space( )", "Gt(>)", "Space( )", "GtEq(>=)", "Space( )",
			"AndAnd(&&)", "Space( )", "OrOr(||)"}},
		{"operators without spaces", "a==b!=c>=d<=e", []string{
			"Ident(a)", "Eq(==)", "Ident(b)", "NotEq(!=)", "Ident(c)", "GtEq(>=)", "Ident(d)", "LtEq(<=)", "Ident(e)"}},
		{"lone operator halves", "? & ===", []string{"Invalid(?)", "Space( )", "Invalid(&)", "Space( )", "Eq(==)", "Assign(=)"}},
		{"invalid ASCII", "@ ~ ` ; % ^ * + \\", []string{
			"Invalid(@)", "Space( )", "Invalid(~)", "Space( )", "Invalid(`)", "Space( )", "Invalid(;)", "Space( )", "Invalid(%)", "Space( )",
			"Invalid(^)", "Space( )", "Invalid(*)", "Space( )", "Invalid(+)", "Space( )", "Invalid(\\)"}},
		{"NUL and control bytes", "a\x00b\x01\x7f", []string{"Ident(a)", "Invalid(\x00)", "Ident(b)", "Invalid(\x01)", "Invalid(\x7f)"}},
		{"non-ASCII letters are invalid outside strings", "é日🌍", []string{"Invalid(é)", "Invalid(日)", "Invalid(🌍)"}},
		{"invalid UTF-8", "a\xffb\xe6\x97c\xc0", []string{"Ident(a)", "Invalid(\xff)", "Ident(b)", "Invalid(\xe6)", "Invalid(\x97)", "Ident(c)", "Invalid(\xc0)"}},
		{"invalid UTF-8 and NUL inside strings and comments", "'\xff\x00' # \xfe\n", []string{"String('\xff\x00')", "Space( )", "LineComment(# \xfe)", "Newline(\n)"}},
		{"unicode in strings", "'日本 🌍'", []string{"String('日本 🌍')"}},
	}
	seen := map[Kind]bool{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			toks := Lex(tc.src)
			checkTokens(t, tc.src, toks)
			if diff := cmp.Diff(tc.want, lexDump(tc.src, toks)); diff != "" {
				t.Errorf("Lex(%q) (-want +got):\n%s", tc.src, diff)
			}
			for _, tk := range toks {
				seen[tk.Kind] = true
			}
		})
	}
	for k := EOF; k <= OrOr; k++ {
		if !seen[k] {
			t.Errorf("no test input produces a %s token", kindIDs[k])
		}
		if kindIDs[k] == "" || k.String() == "unknown" {
			t.Errorf("kind %d has no name", k)
		}
	}
}

// TestLexCoverage checks the contiguity invariant on awkward inputs: every prefix of a file
// that mixes every construct, and inputs cut in the middle of each construct.
func TestLexCoverage(t *testing.T) {
	src := "let a = \"x${f(\"y\", 'z')}\" # c\r\n/* a /* b */ */ let b = <<-EOT\n  t\n  EOT\n" +
		"wait c { until = c.s == X.Y.1 timeout = 30min }\rlet d = [1.5, -2, 3h] |> f() ?? g >> h\n" +
		"require !(a != b) && c <= d || e >= f, 'm'\x00\xff日"
	for i := 0; i <= len(src); i++ {
		checkTokens(t, src[:i], Lex(src[:i]))
		checkTokens(t, src[i:], Lex(src[i:]))
	}
}

func TestTrivia(t *testing.T) {
	for k := EOF; k <= OrOr; k++ {
		want := k == Space || k == Newline || k == LineComment || k == BlockComment
		if k.Trivia() != want {
			t.Errorf("%s.Trivia() = %v", kindIDs[k], k.Trivia())
		}
	}
}

func TestKeywords(t *testing.T) {
	kws := Keywords()
	if !slices.IsSorted(kws) {
		t.Errorf("Keywords() is not sorted: %v", kws)
	}
	if len(slices.Compact(slices.Clone(kws))) != len(kws) {
		t.Errorf("Keywords() has duplicates: %v", kws)
	}
	// The words language.md and wait.md give a meaning of their own.
	for _, w := range []string{"fn", "let", "wait", "arguments", "attributes", "backend", "exports", "moved",
		"provider", "removed", "upstream_state", "validation", "else", "for", "if", "in", "depends_on", "import",
		"read", "require", "until", "use", "timeout", "directives"} {
		if !slices.Contains(kws, w) {
			t.Errorf("Keywords() lacks %q", w)
		}
	}
	for _, k := range kws {
		if !IsKeyword(k) {
			t.Errorf("IsKeyword(%q) = false for a word of Keywords()", k)
		}
		if strings.ToUpper(k) == k || IsKeyword(strings.ToUpper(k)) {
			t.Errorf("IsKeyword(%q) is not case-sensitive", strings.ToUpper(k))
		}
	}
	for _, w := range []string{"", "true", "false", "null", "lets", "Let", "string", "aws", "cert", "waits", "_"} {
		if IsKeyword(w) {
			t.Errorf("IsKeyword(%q) = true", w)
		}
	}
	for _, c := range Constants() {
		if IsKeyword(c) {
			t.Errorf("constant %q is also a keyword", c)
		}
	}
	if diff := cmp.Diff([]string{"true", "false", "null"}, Constants()); diff != "" {
		t.Errorf("Constants() (-want +got):\n%s", diff)
	}
	// Keywords returns a fresh slice each time.
	kws[0] = "changed"
	if Keywords()[0] == "changed" {
		t.Error("Keywords() shares its slice with callers")
	}
}

func TestDurationUnit(t *testing.T) {
	want := map[string]uint64{
		"s": 1, "sec": 1, "second": 1, "seconds": 1,
		"m": 60, "min": 60, "minute": 60, "minutes": 60,
		"h": 3600, "hr": 3600, "hour": 3600, "hours": 3600,
	}
	for unit, secs := range want {
		got, ok := DurationUnit(unit)
		if !ok || got != secs {
			t.Errorf("DurationUnit(%q) = %d, %v; want %d", unit, got, ok, secs)
		}
	}
	for _, unit := range []string{"", "d", "ms", "S", "Min", "secs", "mins", "hrs", "sx", "1h"} {
		if _, ok := DurationUnit(unit); ok {
			t.Errorf("DurationUnit(%q) accepted", unit)
		}
	}
}

func TestNormalDuration(t *testing.T) {
	for secs, want := range map[uint64]string{0: "0s", 45: "45s", 60: "1min", 4500: "75min", 5400: "90min", 7200: "2h", 3601: "3601s", 86400: "24h"} {
		if got := NormalDuration(secs); got != want {
			t.Errorf("NormalDuration(%d) = %q, want %q", secs, got, want)
		}
	}
}
