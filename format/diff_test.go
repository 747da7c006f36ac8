package format

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestUnified(t *testing.T) {
	tests := []struct {
		name, a, b, want string
	}{
		{"equal", "x\n", "x\n", ""},
		{
			"one change with context",
			"1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nfive\n6\n7\n8\n9\n",
			"--- f.crn\n+++ f.crn\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n",
		},
		{
			"two hunks",
			"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "one\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ntwelve\n",
			"--- f.crn\n+++ f.crn\n@@ -1,4 +1,4 @@\n-1\n+one\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+twelve\n",
		},
		{
			"missing final newline",
			"a\nb", "a\nb\n",
			"--- f.crn\n+++ f.crn\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
		},
		{
			"insertion into an empty file",
			"", "a\n",
			"--- f.crn\n+++ f.crn\n@@ -0,0 +1,1 @@\n+a\n",
		},
		{
			"deletion",
			"a\nb\nc\n", "a\nc\n",
			"--- f.crn\n+++ f.crn\n@@ -1,3 +1,2 @@\n a\n-b\n c\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Unified("f.crn", tt.a, tt.b)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if got != "" {
				if applied := applyUnified(t, tt.a, got); applied != tt.b {
					t.Errorf("applying the diff gives %q, want %q", applied, tt.b)
				}
			}
		})
	}
}

// TestDiffRandom checks, on random pairs of texts, that the unified diff and the line edits
// both turn the first text into the second, also past the cost bound of the diff.
func TestDiffRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(strconv.Itoa(rng.IntN(8)))
			b.WriteByte('\n')
		}
		s := b.String()
		if rng.IntN(4) == 0 {
			s = strings.TrimSuffix(s, "\n")
		}
		return s
	}
	for i := range 300 {
		n := rng.IntN(40)
		if i%50 == 0 {
			n = 3000
		}
		a, b := text(n), text(rng.IntN(40)+n/2)
		if i%3 == 0 {
			b = a[:len(a)/2] + text(3) + a[len(a)/2:]
		}
		if d := Unified("f", a, b); d != "" {
			if got := applyUnified(t, a, d); got != b {
				t.Fatalf("case %d: the unified diff applies to %q, want %q\n%s", i, got, b, d)
			}
		} else if a != b {
			t.Fatalf("case %d: empty diff for different texts", i)
		}
		got := a
		edits := LineEdits(a, b)
		for k := len(edits) - 1; k >= 0; k-- {
			e := edits[k]
			if k > 0 && edits[k-1].End > e.Start {
				t.Fatalf("case %d: overlapping edits %v", i, edits)
			}
			got = got[:e.Start] + e.Text + got[e.End:]
		}
		if got != b {
			t.Fatalf("case %d: the line edits give %q, want %q", i, got, b)
		}
	}
}

// applyUnified applies a unified diff made by Unified to a, checking every context and deleted
// line against a.
func applyUnified(t *testing.T, a, diff string) string {
	t.Helper()
	old := splitLines(a)
	lines := strings.SplitAfter(diff, "\n")
	var out []string
	next := 0 // next line of old to copy
	for i := 2; i < len(lines) && lines[i] != ""; {
		var oldStart, oldN, newStart, newN int
		if _, err := fmt.Sscanf(lines[i], "@@ -%d,%d +%d,%d @@\n", &oldStart, &oldN, &newStart, &newN); err != nil {
			t.Fatalf("bad hunk header %q: %v", lines[i], err)
		}
		i++
		from := oldStart - 1
		if oldN == 0 {
			from = oldStart
		}
		out = append(out, old[next:from]...)
		next = from
		for i < len(lines) && lines[i] != "" && !strings.HasPrefix(lines[i], "@@") {
			line := lines[i][1:]
			noNL := i+1 < len(lines) && strings.HasPrefix(lines[i+1], `\ No newline`)
			if noNL {
				line = strings.TrimSuffix(line, "\n")
			}
			switch lines[i][0] {
			case ' ', '-':
				if next >= len(old) || old[next] != line {
					t.Fatalf("diff line %q does not match the text's line %d", lines[i], next+1)
				}
				if lines[i][0] == ' ' {
					out = append(out, line)
				}
				next++
			case '+':
				out = append(out, line)
			}
			i++
			if noNL {
				i++
			}
		}
	}
	out = append(out, old[next:]...)
	return strings.Join(out, "")
}
