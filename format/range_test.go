package format

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRange checks range formatting: the statements overlapping the range are replaced by their
// formatted text, the rest of the file is untouched.
func TestRange(t *testing.T) {
	src := "let a=1\n\n  let b=\"x\" # about b\n\n\n# c\nlet c = {x=1}\nlet d=2\n"
	at := func(s string) int { return strings.Index(src, s) }
	tests := []struct {
		name       string
		start, end int
		want       Edit
		result     string
	}{
		{
			name: "cursor in the first statement", start: at("=1"), end: at("=1"),
			want:   Edit{Start: 0, End: len("let a=1"), Text: "let a = 1"},
			result: "let a = 1\n\n  let b=\"x\" # about b\n\n\n# c\nlet c = {x=1}\nlet d=2\n",
		},
		{
			name: "indented statement", start: at("b="), end: at("b=") + 1,
			want:   Edit{Start: at("  let b"), End: at(" # about"), Text: "let b = 'x'"},
			result: "let a=1\n\nlet b = 'x' # about b\n\n\n# c\nlet c = {x=1}\nlet d=2\n",
		},
		{
			name: "two statements and the comments between them", start: at("let b"), end: at("x=1"),
			want: Edit{Start: at("  let b"), End: at("\nlet d"),
				Text: "let b = 'x'\n\n# about b\n# c\nlet c = {\n  x = 1\n}"},
			result: "let a=1\n\nlet b = 'x'\n\n# about b\n# c\nlet c = {\n  x = 1\n}\nlet d=2\n",
		},
		{
			name: "range between statements", start: at("\n\n\n# c"), end: at("\n\n\n# c") + 1,
			want:   Edit{Start: at("\n\n\n# c"), End: at("\n\n\n# c")},
			result: src,
		},
		{
			name: "reversed and clamped range", start: len(src) + 10, end: at("let d"),
			want:   Edit{Start: at("let d"), End: len(src) - 1, Text: "let d = 2"},
			result: "let a=1\n\n  let b=\"x\" # about b\n\n\n# c\nlet c = {x=1}\nlet d = 2\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Range(src, tt.start, tt.end, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("edit (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.result, src[:got.Start]+got.Text+src[got.End:]); diff != "" {
				t.Errorf("edited source (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRangeSameLine checks range formatting of a statement that does not begin its line: the
// edit reaches back to the end of the statement before it and separates the two as whole-file
// formatting does, instead of treating the blanks between them as indentation and joining them.
func TestRangeSameLine(t *testing.T) {
	tests := []struct {
		name, src string
		on        string // the range is this text of src
		want      Edit
		result    string
	}{
		{
			name: "previous statement on the same line", src: "let a=x b{}\n", on: "b{}",
			want:   Edit{Start: len("let a=x"), End: len("let a=x b{}"), Text: "\n\nb {}"},
			result: "let a=x\n\nb {}\n",
		},
		{
			name: "range on the statement's second line", src: "let a = 1 b {\n}\n", on: "}",
			want:   Edit{Start: len("let a = 1"), End: len("let a = 1 b {\n}"), Text: "\n\nb {}"},
			result: "let a = 1\n\nb {}\n",
		},
		{
			name: "after a fn, one line break", src: "fn f(x) { x } let a=1\n", on: "a=1",
			want:   Edit{Start: len("fn f(x) { x }"), End: len("fn f(x) { x } let a=1"), Text: "\nlet a = 1"},
			result: "fn f(x) { x }\nlet a = 1\n",
		},
		{
			name: "block comment between them", src: "let a = 1 /* c */ let b=2\n", on: "b=2",
			want:   Edit{Start: len("let a = 1"), End: len("let a = 1 /* c */ let b=2"), Text: "\n\n/* c */\nlet b = 2"},
			result: "let a = 1\n\n/* c */\nlet b = 2\n",
		},
		{
			name: "block comment before the first statement", src: "/* c */ let b=2\n", on: "b=2",
			want:   Edit{Start: 0, End: len("/* c */ let b=2"), Text: "/* c */\nlet b = 2"},
			result: "/* c */\nlet b = 2\n",
		},
		{
			name: "indented statement on its own line keeps its edit", src: "let a = 1\n  let b=2\n", on: "b=2",
			want:   Edit{Start: len("let a = 1\n"), End: len("let a = 1\n  let b=2"), Text: "let b = 2"},
			result: "let a = 1\nlet b = 2\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := strings.Index(tt.src, tt.on)
			if start < 0 {
				t.Fatalf("%q is not in the source", tt.on)
			}
			got, err := Range(tt.src, start, start+len(tt.on), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("edit (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.result, tt.src[:got.Start]+got.Text+tt.src[got.End:]); diff != "" {
				t.Errorf("edited source (-want +got):\n%s", diff)
			}
		})
	}
}
