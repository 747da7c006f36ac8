package format

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// rangeMutations is how many seeded mutations of each corpus file TestRangeProperty tries in the
// suite's long mode (a quarter of them in short mode; testutil.MutationsEnv sets another number);
// only those that still parse are checked.
const rangeMutations = 40

// TestRangeProperty checks range formatting against whole-file formatting on every top-level
// statement of every corpus file, and of the seeded mutations of those files that still format
// as a whole. For a source src whose whole-file formatting is W, and each statement i of src,
// the edit Range(src, start, end) over that statement's span, applied to src, gives a text R
// such that:
//
//   - R parses without errors, into as many statements as src;
//   - statement i of R equals its whole-file formatting: its text, from its first token to its
//     last (the parser's statement span), is byte for byte the text of statement i of W, and it
//     begins a line in R (at the start of the file or right after a line break, not indented)
//     as it does in W;
//   - every other statement of R has the text it has in src: the edit touches nothing else;
//   - formatting R as a whole gives W again: the edit changed only layout, so no two tokens were
//     joined and no statement was split or merged.
func TestRangeProperty(t *testing.T) {
	files := corpus.Files(t)
	root := corpus.Shared(t, "corpus")
	f := New(Options{})
	checked, sources := 0, 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, path)
		src := string(data)
		n := checkRangeProperty(t, f, rel, src)
		if n == 0 && len(parse(f.parser, src).Stmts) > 0 {
			t.Errorf("%s: the corpus file does not format", rel)
		}
		checked += n
		sources++
		for j, m := range testutil.Mutations(t, rel, src, suite.Scale(rangeMutations/4, rangeMutations)) {
			if n := checkRangeProperty(t, f, fmt.Sprintf("%s, mutation %d (%s)", rel, j, m.Desc), m.Text); n > 0 {
				checked += n
				sources++
			}
		}
	}
	t.Logf("%d range formattings checked over %d sources", checked, sources)
	if checked < 1000 {
		t.Errorf("only %d statements checked; is the corpus there?", checked)
	}
}

// checkRangeProperty checks the properties of TestRangeProperty on every top-level statement of
// src and returns how many it checked (none when src does not format as a whole).
func checkRangeProperty(t *testing.T, f *Formatter, name, src string) int {
	t.Helper()
	whole, err := f.Source(src)
	if err != nil {
		return 0
	}
	in, out := parse(f.parser, src), parse(f.parser, whole)
	if len(out.Stmts) != len(in.Stmts) {
		t.Errorf("%s: %d statements, %d after formatting", name, len(in.Stmts), len(out.Stmts))
		return 0
	}
	for i, st := range in.Stmts {
		e, err := f.Range(src, int(st.Offset), int(st.End))
		if err != nil {
			t.Errorf("%s: Range over statement %d: %v", name, i, err)
			continue
		}
		res := src[:e.Start] + e.Text + src[e.End:]
		fail := func(format string, args ...any) {
			t.Errorf("%s: statement %d (%d-%d): %s\nedit %d-%d %q\nresult:\n%s", name, i, st.Offset, st.End,
				fmt.Sprintf(format, args...), e.Start, e.End, e.Text, res)
		}
		got := parse(f.parser, res)
		if len(got.Errors) > 0 {
			fail("the result has syntax errors: %v", got.Errors)
			continue
		}
		if len(got.Stmts) != len(in.Stmts) {
			fail("the result has %d statements, the source %d", len(got.Stmts), len(in.Stmts))
			continue
		}
		g, w := got.Stmts[i], out.Stmts[i]
		if a, b := res[g.Offset:g.End], whole[w.Offset:w.End]; a != b {
			fail("the statement is %q, formatted as a whole %q", a, b)
		}
		if !beginsLine(res, int(g.Offset)) || !beginsLine(whole, int(w.Offset)) {
			fail("the statement does not begin a line")
		}
		for j, o := range got.Stmts {
			if j != i && res[o.Offset:o.End] != src[in.Stmts[j].Offset:in.Stmts[j].End] {
				fail("statement %d changed to %q", j, res[o.Offset:o.End])
			}
		}
		if again, err := f.Source(res); err != nil || again != whole {
			fail("formatting the result as a whole gives another text (%v)", err)
		}
	}
	return len(in.Stmts)
}

// beginsLine reports whether the byte at off is the first of its line.
func beginsLine(src string, off int) bool {
	return off == 0 || src[off-1] == '\n' || src[off-1] == '\r'
}
