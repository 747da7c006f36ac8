package format

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSourceWholeFile covers the whole-file rules that a txtar file cannot show: line endings,
// a missing final newline, an empty file.
func TestSourceWholeFile(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty file", "", "\n"},
		{"blank file", " \n\n\t\n", "\n"},
		{"no final newline", "let x = 1", "let x = 1\n"},
		{"many final newlines", "let x = 1\n\n\n", "let x = 1\n"},
		{"CRLF becomes LF", "provider aws {\r\n  region = \"us\" # c\r\n}\r\n\r\nlet x = 1\r\n", "provider aws {\n  region = 'us'  # c\n}\n\nlet x = 1\n"},
		{"CR inside a string is content", "let x = \"a\r\nb\"\r\n", "let x = 'a\r\nb'\n"},
		{"trailing blanks of a final comment", "let x = 1\n# end   \n", "let x = 1\n# end\n"},
		{"tabs in the source", "aws.s3.Bucket {\n\tname\t=\t\"n\"\n}\n", "aws.s3.Bucket {\n  name = 'n'\n}\n"},
		{"comments only", "# a\n\n\n/* b */\n", "# a\n/* b */\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Source(tt.in, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			checkProperties(t, New(Options{}), tt.in, got)
		})
	}
}

// TestSourceSyntaxErrors checks that a file with syntax errors is not formatted and that the
// error carries every syntax error, with positions.
func TestSourceSyntaxErrors(t *testing.T) {
	src := "let x =\nlet y = 1\naws.s3.Bucket {\n  name \"n\"\n}\n"
	out, err := Source(src, Options{})
	if out != "" {
		t.Errorf("Source returned text %q with an error", out)
	}
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("error %v (%T), want a *SyntaxError", err, err)
	}
	if len(se.Errors) != 2 {
		t.Fatalf("%d syntax errors, want 2: %v", len(se.Errors), se.Errors)
	}
	if se.Src != src {
		t.Errorf("SyntaxError.Src is not the source")
	}
	if want := "1:7: expected a value after \"let x =\" (and 1 more syntax errors)"; err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
	if _, err := Range(src, 0, 1, Options{}); !errors.As(err, &se) {
		t.Errorf("Range error = %v, want a *SyntaxError", err)
	}
}

// TestOptions checks the indentation options.
func TestOptions(t *testing.T) {
	src := "aws.s3.Bucket {\nname = 'n'\nnested {\nx = 1\n}\n}\n"
	tests := []struct {
		opts Options
		want string
	}{
		{Options{}, "aws.s3.Bucket {\n  name = 'n'\n  nested {\n    x = 1\n  }\n}\n"},
		{Options{Indent: 2}, "aws.s3.Bucket {\n  name = 'n'\n  nested {\n    x = 1\n  }\n}\n"},
		{Options{Indent: 3}, "aws.s3.Bucket {\n   name = 'n'\n   nested {\n      x = 1\n   }\n}\n"},
		{Options{Tabs: true, Indent: 8}, "aws.s3.Bucket {\n\tname = 'n'\n\tnested {\n\t\tx = 1\n\t}\n}\n"},
	}
	for _, tt := range tests {
		got, err := Source(src, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%+v (-want +got):\n%s", tt.opts, diff)
		}
	}
}

// TestNormQuotes covers the quote normalisation rule.
func TestNormQuotes(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"plain"`, `'plain'`},
		{`""`, `''`},
		{`'single'`, `'single'`},
		{`"a${b}"`, `"a${b}"`},
		{`"it's"`, `"it's"`},
		{`"a\nb"`, `"a\nb"`},
		{`"a\rb"`, `"a\rb"`},
		{`"a\tb"`, `"a\tb"`},
		{`"a\"b"`, `"a\"b"`},
		{`"a\\b"`, `'a\\b'`},
		{`"a\\nb"`, `"a\\nb"`}, // the reference looks for `\n` as plain text
		{`"a\$b"`, `"a\$b"`},
		{`"a\\$b"`, `'a\\$b'`}, // `\\` then a plain `$`
		{`"$5"`, `'$5'`},
		{"\"two\nlines\"", "'two\nlines'"},
		{`x`, `x`},
	}
	for _, tt := range tests {
		if got := normQuotes(tt.in); got != tt.want {
			t.Errorf("normQuotes(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
