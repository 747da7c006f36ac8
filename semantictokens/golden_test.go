package semantictokens_test

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/semantictokens"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar from the output (review every line you accept)")

// TestGolden runs the archives of testdata: each holds the files of one configuration
// (`-- main.crn --`, `-- wait.crn --`, ...) and, for each file whose tokens it checks, a section
// `-- want main.crn --` with one line a token, as render writes them:
//
//	line:col len type mods text
func TestGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no testdata/*.txtar archives (%v)", err)
	}
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			a := parseTxtar(string(data))
			checked := 0
			for i, s := range a.files {
				name, ok := strings.CutPrefix(s.name, "want ")
				if !ok {
					continue
				}
				checked++
				cfg, f := load(t, a.sources(), name)
				toks := semantictokens.Tokens(cfg, f, nil)
				checkWellFormed(t, f.Text(), toks)
				got := render(f.Text(), semantictokens.Encode(f.Lines, toks))
				if *update {
					a.files[i].data = strings.Join(got, "\n") + "\n"
					continue
				}
				if diff := cmp.Diff(lines(s.data), got); diff != "" {
					t.Errorf("%s tokens (-want +got):\n%s", name, diff)
				}
			}
			if checked == 0 {
				t.Fatalf("%s has no want section", p)
			}
			if *update {
				if err := os.WriteFile(p, []byte(formatTxtar(a)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// checkWellFormed fails the test unless toks are ordered, non-overlapping, non-empty and inside
// the text.
func checkWellFormed(t *testing.T, src string, toks []semantictokens.Token) {
	t.Helper()
	types, _ := semantictokens.Legend()
	end := int32(0)
	for i, tk := range toks {
		if tk.Span.Start < end || tk.Span.End <= tk.Span.Start || int(tk.Span.End) > len(src) {
			t.Fatalf("token %d %v (after end %d) is out of order, empty or outside the text", i, tk.Span, end)
		}
		if tk.Type < 0 || tk.Type >= len(types) {
			t.Fatalf("token %d has type %d outside the legend", i, tk.Type)
		}
		end = tk.Span.End
	}
	if !slices.IsSortedFunc(toks, func(a, b semantictokens.Token) int { return int(a.Span.Start - b.Span.Start) }) {
		t.Fatal("tokens not sorted")
	}
}
