package grammar

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

var update = flag.Bool("update", false, "rewrite the want and stmts sections of testdata/errors/*.txtar from the parser's output")

// TestErrors parses each testdata/errors/*.txtar case: an invalid input.crn holding one mistake
// among valid statements. The `want` section lists every expected diagnostic as
// `LINE:COL-LINE:COL message` (1-based line, 1-based byte column, end exclusive); no other
// diagnostic may appear. The `stmts` section lists the statements the file splits into (node type
// and first line): it shows that the mistake did not swallow or break its neighbours, and every
// statement without an error must be free of Bad* nodes.
func TestErrors(t *testing.T) {
	if n := len(txtar.Glob(t, "testdata/errors/*.txtar")); n < 60 {
		t.Errorf("%d error cases, want at least 60", n)
	}
	txtar.Run(t, "testdata/errors/*.txtar", func(t *testing.T, path string, ar *txtar.Archive) {
		src, ok := ar.Get("input.crn")
		if !ok {
			t.Fatal("no input.crn section")
		}
		f := fresh().Parse(src)
		checkFile(t, src, f)

		gotErrs := formatErrors(src, f.Errors)
		gotStmts := describeStmts(src, f)
		if *update {
			ar.Set("want", joinLines(gotErrs))
			ar.Set("stmts", joinLines(gotStmts))
			if err := os.WriteFile(path, []byte(ar.Format()), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		want, _ := ar.Get("want")
		if diff := cmp.Diff(splitLines(want), gotErrs); diff != "" {
			t.Errorf("diagnostics (-want +got):\n%s", diff)
		}
		wantStmts, _ := ar.Get("stmts")
		if diff := cmp.Diff(splitLines(wantStmts), gotStmts); diff != "" {
			t.Errorf("statements (-want +got):\n%s", diff)
		}

		if len(f.Errors) == 0 {
			t.Fatal("an error case without a diagnostic")
		}
		clean := 0
		for i, st := range f.Stmts {
			for _, e := range st.Errors {
				if e.Span.End == e.Span.Start && len(src) > 0 {
					t.Errorf("statement %d: empty error range at %d: %s", i, e.Span.Start, e.Msg)
				}
			}
			if len(st.Errors) > 0 {
				continue
			}
			clean++
			if bad := badNodes(st.Node); len(bad) > 0 {
				t.Errorf("statement %d %q has no error but holds %T at %v", i, firstLine(src[st.Offset:st.End]), bad[0], bad[0].Pos())
			}
		}
		if clean == 0 {
			t.Error("no statement of the case parsed cleanly: add a valid neighbour")
		}
		for _, e := range f.Errors {
			if e.Span.End == e.Span.Start {
				t.Errorf("empty error range at %s: %s", formatRange(src, e.Span), e.Msg)
			}
		}
	})
}

// describeStmts writes one line per statement: its node type and its first line.
func describeStmts(src string, f *File) []string {
	out := []string{}
	for _, st := range f.Stmts {
		typ := reflect.TypeOf(st.Node).Elem().Name()
		out = append(out, fmt.Sprintf("%s %s", typ, firstLine(src[st.Offset:st.End])))
	}
	return out
}

func firstLine(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		return s[:i] + " ..."
	}
	return s
}

func splitLines(s string) []string {
	out := []string{}
	for line := range strings.Lines(s) {
		if line = strings.TrimRight(line, "\r\n"); line != "" {
			out = append(out, line)
		}
	}
	return out
}

func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}
