package semantictokens_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
	"github.com/carina-rs/carina-lsp/semantictokens"
)

// classOf renders the tokens of a one-file configuration whose text is within the given lines,
// keeping only those whose text is one of words.
func classOf(t *testing.T, src string, words ...string) []string {
	t.Helper()
	cfg, f := load(t, map[string]string{"main.crn": src}, "main.crn")
	got := render(f.Text(), semantictokens.Encode(f.Lines, semantictokens.Tokens(cfg, f, nil, testutil.EmbeddedIndex(t))))
	var out []string
	for _, l := range got {
		fields := strings.SplitN(l, " ", 5)
		for _, w := range words {
			if fields[4] == w {
				out = append(out, fields[4]+" "+fields[2]+" "+fields[3])
			}
		}
	}
	return out
}

// TestClassification pins the choices that the reference server got wrong or that depend on
// context.
func TestClassification(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		words []string
		want  []string
	}{
		{
			"timeout is a property on a resource and a keyword in a wait",
			"let b = aws.s3.Bucket {\n  timeout = 5\n}\nlet w = wait b {\n  until = b.x == 1\n  timeout = 5min\n}\n",
			[]string{"timeout", "until"},
			[]string{"timeout property -", "until keyword -", "timeout keyword -"},
		},
		{
			"binding.attr is a variable then a property, never a type",
			"let cert = aws.acm.Certificate {}\nlet x = cert.status\n",
			[]string{"cert", "status"},
			[]string{"cert variable declaration,readonly", "cert variable readonly", "status property -"},
		},
		{
			"an enum value is an enum member where the schema tells; a name that resolves to nothing is an unresolved reference; a binding is a readonly variable",
			"let dns = 1\nlet c = aws.acm.Certificate {\n  validation_method = email\n}\nlet a = aws.s3.Bucket {\n  x = dns\n  y = cname\n  z = aws.acm.Certificate.Status.Issued\n}\n",
			[]string{"dns", "email", "cname", "aws.acm.Certificate.Status.Issued"},
			[]string{"dns variable declaration,readonly", "email enumMember -", "dns variable readonly", "cname variable -", "aws.acm.Certificate.Status.Issued enumMember -"},
		},
		{
			"the first word of a key still without its \"=\" is a property; a quoted key is a property",
			"let c = aws.acm.Certificate {\n  domain_name 'x'\n  tags = {\n    'Name' = 'a'\n  }\n}\n",
			[]string{"domain_name", "'Name'", "'x'"},
			[]string{"domain_name property -", "'x' string -", "'Name' property -"},
		},
		{
			"a user function shadowing nothing is a function, a built-in one defaultLibrary",
			"fn twice(x) { x }\nlet a = twice(upper('a'))\n",
			[]string{"twice", "upper", "x"},
			[]string{"twice function declaration", "x parameter declaration", "x parameter -", "twice function -", "upper function defaultLibrary"},
		},
		{
			"depends_on is a keyword in directives and a wait, a property elsewhere",
			"let a = aws.s3.Bucket {\n  depends_on = 1\n  directives {\n    depends_on = [b]\n  }\n}\nlet b = 1\n",
			[]string{"depends_on", "directives"},
			[]string{"depends_on property -", "directives keyword -", "depends_on keyword -"},
		},
		{
			"in a statement that does not parse, keywords and bindings are still recognised",
			"let cert = 1\nlet x = wait cert {\n  until = cert.status ==\n",
			[]string{"wait", "until", "cert", "status"},
			[]string{"cert variable declaration,readonly", "wait keyword -", "cert variable readonly", "until keyword -", "cert variable readonly", "status property -"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, classOf(t, tc.src, tc.words...)); diff != "" {
				t.Errorf("classes (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRange checks that the tokens of a range are the tokens of the whole file that overlap it.
func TestRange(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "constructs.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, f := load(t, txtar.Parse(string(data)).Sources(), "main.crn")
	all := semantictokens.Tokens(cfg, f, nil, testutil.EmbeddedIndex(t))
	n := int32(len(f.Text()))
	for _, r := range []grammar.Span{{Start: 0, End: n}, {Start: 0, End: 1}, {Start: 100, End: 400}, {Start: n / 2, End: n}, {Start: 37, End: 38}, {Start: n, End: n + 10}, {Start: 50, End: 40}} {
		var want []semantictokens.Token
		for _, tk := range all {
			if tk.Span.End > r.Start && tk.Span.Start < r.End {
				want = append(want, tk)
			}
		}
		got := semantictokens.Tokens(cfg, f, &r, testutil.EmbeddedIndex(t))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("range %v (-want +got):\n%s", r, diff)
		}
	}
}

// TestWithoutConfig classifies a file alone (no configuration): names are not resolved (a
// reference is an unresolved variable, its segments properties), the rest is unchanged.
func TestWithoutConfig(t *testing.T) {
	_, f := load(t, map[string]string{"main.crn": "let a = 1\nlet b = a.x |> upper()\n"}, "main.crn")
	got := render(f.Text(), semantictokens.Encode(f.Lines, semantictokens.Tokens(nil, f, nil, testutil.EmbeddedIndex(t))))
	want := []string{
		"1:1 3 keyword - let", "1:5 1 variable declaration,readonly a", "1:7 1 operator - =", "1:9 1 number - 1",
		"2:1 3 keyword - let", "2:5 1 variable declaration,readonly b", "2:7 1 operator - =", "2:9 1 variable - a", "2:11 1 property - x",
		"2:13 2 operator - |>", "2:16 5 function defaultLibrary upper",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tokens (-want +got):\n%s", diff)
	}
}

// TestCorpus classifies every file of the shared corpus, and a version of each cut in half (a
// syntax error), checking that the tokens are well formed and, in the files that parse, that
// every identifier, literal, comment and operator is classified.
func TestCorpus(t *testing.T) {
	for _, p := range corpus.Files(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range []string{string(data), string(data[:len(data)/2])} {
			cfg, f := load(t, map[string]string{"main.crn": src}, "main.crn")
			toks := semantictokens.Tokens(cfg, f, nil, testutil.EmbeddedIndex(t))
			checkWellFormed(t, src, toks)
			if len(f.AST.Errors) == 0 {
				checkCovered(t, p, f.AST, toks)
			}
			enc := semantictokens.Encode(f.Lines, toks)
			if len(enc)%5 != 0 || len(enc) < 5*len(toks) {
				t.Fatalf("%s: %d integers for %d tokens", p, len(enc), len(toks))
			}
		}
	}
}

// checkCovered fails the test when a token of the file that carries meaning (anything but
// spaces, newlines and punctuation) is not covered by a semantic token.
func checkCovered(t *testing.T, name string, f *grammar.File, toks []semantictokens.Token) {
	t.Helper()
	j := 0
	for _, lt := range f.Tokens {
		switch lt.Kind {
		case grammar.EOF, grammar.Space, grammar.Newline, grammar.LBrace, grammar.RBrace, grammar.LBracket, grammar.RBracket, grammar.LParen, grammar.RParen,
			grammar.Comma, grammar.Colon, grammar.Dot, grammar.Invalid:
			continue
		}
		for j < len(toks) && toks[j].Span.End <= lt.Start {
			j++
		}
		if j == len(toks) || toks[j].Span.Start >= lt.End {
			t.Errorf("%s: token %s %q at %d is not classified", name, lt.Kind, lt.Text(f.Src), lt.Start)
		}
	}
}

// FuzzSemanticTokens classifies and encodes arbitrary text, checking the tokens are well formed and the
// encoding has five integers a piece.
func FuzzSemanticTokens(f *testing.F) {
	f.Add("let cert = aws.acm.Certificate {}\nlet w = wait cert { until = cert.status == x\n timeout = 5min }\n")
	f.Add("let s = \"🚀${a}\n${b\" /* x\n y */ <<EOT\nz\nEOT\n")
	f.Add("fn f(a: list(String)) { a }\nfor i in [1] { f(i) } else")
	f.Fuzz(func(t *testing.T, src string) {
		cfg, file := load(t, map[string]string{"main.crn": src}, "main.crn")
		toks := semantictokens.Tokens(cfg, file, nil, testutil.EmbeddedIndex(t))
		checkWellFormed(t, src, toks)
		if enc := semantictokens.Encode(file.Lines, toks); len(enc)%5 != 0 {
			t.Fatalf("encoding of %d integers", len(enc))
		}
	})
}
