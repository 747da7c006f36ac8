package cursor

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// TestSelection: the steps of expand selection at the cursor (<|>), as the texts they select,
// innermost first; half-typed text included. Each step must hold the cursor and the step before.
func TestSelection(t *testing.T) {
	idx := testutil.EmbeddedIndex(t)
	for _, tc := range []struct {
		name string
		src  string
		want []string
	}{
		{"a segment of a member path", "let c = aws.acm.Certificate {}\nlet x = c.sta<|>tus\n",
			[]string{"status", "c.status", "let x = c.status"}},
		{"the root of a member path", "let c = aws.acm.Certificate {}\nlet x = <|>c.status\n",
			[]string{"c", "c.status", "let x = c.status"}},
		{"a value in a body", "let b = aws.s3.Bucket {\n  bucket = 'lo<|>gs'\n  acl = 'private'\n}\n",
			[]string{"logs", "'logs'", "bucket = 'logs'", "bucket = 'logs'\n  acl = 'private'", "{\n  bucket = 'logs'\n  acl = 'private'\n}",
				"aws.s3.Bucket {\n  bucket = 'logs'\n  acl = 'private'\n}", "let b = aws.s3.Bucket {\n  bucket = 'logs'\n  acl = 'private'\n}"}},
		{"a key being typed in a block never closed", "let b = aws.s3.Bucket {\n  bucket = 'x'\n  buck<|>",
			[]string{"buck", "bucket = 'x'\n  buck", "{\n  bucket = 'x'\n  buck", "aws.s3.Bucket {\n  bucket = 'x'\n  buck", "let b = aws.s3.Bucket {\n  bucket = 'x'\n  buck"}},
		{"an element of a list", "let xs = [1, <|>2, 3]\n", []string{"2", "[1, 2, 3]", "let xs = [1, 2, 3]"}},
		{"a call's argument", "let s = join('-', [<|>'a'])\n", []string{"'a'", "['a']", "join('-', ['a'])", "let s = join('-', ['a'])"}},
		{"blanks between statements", "let a = 1\n<|>\nlet b = 2\n", nil},
		{"the end of an empty file", "<|>", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, off := testutil.Cut(t, tc.src)
			cfg := testutil.Config(t, map[string]string{"main.crn": src}, testutil.Root)
			f := cfg.Files[0]
			var got []string
			prevStart, prevEnd := int32(off), int32(off)
			for _, sp := range Selection(cfg, f, off, idx) {
				if sp.Start > prevStart || sp.End < prevEnd {
					t.Errorf("step %q does not hold the one before", src[sp.Start:sp.End])
				}
				prevStart, prevEnd = sp.Start, sp.End
				got = append(got, src[sp.Start:sp.End])
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("steps (-want +got):\n%s", d)
			}
		})
	}
}
