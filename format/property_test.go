package format

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/google/go-cmp/cmp"
)

// checkProperties checks what holds for every source the formatter accepts: formatting its
// output again changes nothing, the output parses without errors, and the output holds the
// input's tokens and comments in the same order, apart from quote style, commas and the sorted
// `directives` depends_on lists (see tokenTexts), and with the list-to-block rewrite (Options.
// Blocks) apart from what it changes.
func checkProperties(t testing.TB, f *Formatter, in, out string) {
	t.Helper()
	again, err := f.Source(out)
	if err != nil {
		t.Fatalf("formatting the output again: %v\noutput:\n%s", err, out)
	}
	if diff := cmp.Diff(out, again); diff != "" {
		t.Fatalf("formatting is not idempotent (-first +second):\n%s", diff)
	}
	if errs := parse(f.parser, out).Errors; len(errs) > 0 {
		t.Fatalf("the output has syntax errors: %v\noutput:\n%s", errs, out)
	}
	if f.opts.Blocks != nil {
		// The list-to-block rewrite renames, drops and adds tokens (checked by its own verify):
		// compare with the rewritten input.
		in = applyEdits(in, blockRewrite(parse(f.parser, in), f.opts.Blocks).edits)
	}
	if diff := cmp.Diff(tokenTexts(f.parser, in), tokenTexts(f.parser, out)); diff != "" {
		t.Fatalf("the output's tokens differ from the input's (-input +output):\n%s", diff)
	}
}

// tokenTexts returns the texts of the significant tokens and comments of a source that parses,
// normalised for comparison: commas left out, double-quoted literals with the quotes the
// formatter gives them, trailing white space of comments and heredocs cut (the end of the
// file is trimmed), and the tokens inside each `directives { depends_on = [...] }`
// list sorted, since the formatter sorts its elements.
func tokenTexts(ps *grammar.Parser, src string) []string {
	f := parse(ps, src)
	var sorted []grammar.Span
	for _, st := range f.Stmts {
		grammar.Inspect(st.Node, func(n grammar.Node) bool {
			nb, ok := n.(*grammar.NestedBlock)
			if !ok || nb.Name.Text != "directives" {
				return true
			}
			for _, it := range nb.Body.Items {
				if a, ok := it.(*grammar.Attribute); ok && a.Key.Text == "depends_on" {
					if l, ok := a.Value.(*grammar.ListExpr); ok {
						sorted = append(sorted, st.Abs(l.Span))
					}
				}
			}
			return true
		})
	}
	var out []string
	var starts []int32
	for _, t := range f.Tokens {
		switch t.Kind {
		case grammar.EOF, grammar.Space, grammar.Newline, grammar.Comma:
			continue
		}
		text := t.Text(src)
		switch t.Kind {
		case grammar.String:
			text = normQuotes(text)
		case grammar.LineComment, grammar.BlockComment, grammar.Heredoc:
			text = strings.TrimRightFunc(text, unicode.IsSpace)
		}
		out = append(out, text)
		starts = append(starts, t.Start)
	}
	for _, sp := range sorted {
		lo, _ := slices.BinarySearch(starts, sp.Start+1)
		hi, _ := slices.BinarySearch(starts, sp.End-1)
		slices.Sort(out[lo:hi])
	}
	return out
}

// TestProperties checks the properties on sources written to be hard: comments and blank lines
// in every position the reference drops them, heredocs, interpolations.
func TestProperties(t *testing.T) {
	for _, opts := range []Options{{}, {Indent: 4}, {Tabs: true}} {
		f := New(opts)
		for _, src := range propertySources {
			out, err := f.Source(src)
			if err != nil {
				t.Errorf("Source(%q, %+v): %v", src, opts, err)
				continue
			}
			checkProperties(t, f, src, out)
		}
	}
}

// propertySources are the inputs of TestProperties and seeds of FuzzFormat.
var propertySources = []string{
	"",
	"# only a comment",
	"let x = 1",
	"let x = 1 # a\n\n\n# b\n\n/* c */ let y = [ # d\n 1, # e\n /* f */ 2 /* g */\n # h\n] # i\n",
	"aws.s3.Bucket { # a\n  tags = { # b\n    a = 1, # c\n    'b' = 2 /* d */, \"c\" = 3\n\n    # e\n  } # f\n  nested { # g\n  } # h\n  let l = 1 # i\n  k = 1 /* j */ # k\n  # l\n}\n",
	"arguments {\n  # a\n  x: String = \"a\" # b\n\n  y: Int { # c\n    description = \"d\" # d\n    validation { # e\n      condition = y > 1 # f\n      error_message = \"m\"\n    }\n  }\n}\n",
	"exports {\n  # a\n  a: list(String) = [] # b\n\n  b = {} # c\n}\nattributes { c = 1 }\n",
	"import { # a\n  to = aws.s3.Bucket \"a\" # b\n  id = \"x\"\n}\nremoved { from = aws.s3.Bucket 'a' }\nmoved {\n  from = aws.s3.Bucket 'a'\n\n  # c\n  to = aws.s3.Bucket 'b'\n}\n",
	"let w = wait c { # a\n  until = c.s == 'X' # b\n  depends_on = [ # c\n    a, # d\n    b,\n  ]\n  timeout = 5min\n}\n",
	"fn f(a, # a\n  b: String = \"x\"): String { # b\n  # c\n  let c = join(\"-\", [a, b]) # d\n\n  c # e\n  # f\n}\nlet x = f(1, # g\n  2 /* h */)\n",
	"for x in xs { # a\n  let y = x # b\n  # c\n  aws.s3.Bucket { name = y }\n}\nlet v = if c { 1 } else { let z = 2\n z }\n",
	"let p = <<EOF\nhello\nEOF\nlet q = [<<EOT\na\nEOT\n, <<-EOT\n    b\n  EOT\n]\nlet r = f(<<EOF\nx\nEOF\n)\n",
	"let a = x ?? y\nlet b = \"a\\$b\"\nlet c = \"${f(\"w\")}\"\n/* a /* b */ c */\nlet d = 'x'\n",
	"let a = x # a\n  >> y # b\n  |> f()\nlet b = # c\n  1",
	"let t = aws.s3.Bucket {\n  directives {\n    depends_on = [zeta, # z\n      # a\n      alpha]\n  }\n}\n",
	"provider aws {}\nbackend s3 {}\nlet u = use { source = \"./m\" }\nlet m = u {}\nu { a = 1 }\n",
	"let x = [\n]\nlet y = {\n}\nlet z = [ # a\n]\nlet s = struct_value\n",
	"require length(xs)>0, \"need\"\nrequire x == /* a */ 1, 'b' # c\n",
	"arguments {\n  a: struct { x: Int, y: String, } = {}\n  b: 'a'|\"b\" # c\n  c: map(list(String))\n}\n",
}
