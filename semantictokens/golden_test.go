package semantictokens_test

import (
	"flag"
	"path/filepath"
	"slices"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
	"github.com/carina-rs/carina-lsp/semantictokens"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar from the output (review every line you accept)")

// TestGolden runs the archives of testdata (constructs.txtar, the token of every construct, which
// TestRange reads too; the scenarios through the server are lsp's marker archives): each holds the
// files of one configuration
// (`-- main.crn --`, `-- wait.crn --`, ...) and, for each file whose tokens it checks, a section
// `-- want main.crn --` with one line a token, as render writes them:
//
//	line:col len type mods text
func TestGolden(t *testing.T) {
	txtar.Run(t, filepath.Join("testdata", "*.txtar"), func(t *testing.T, p string, a *txtar.Archive) {
		txtar.CheckWants(t, p, a, *update, func(name string) []string {
			cfg, f := load(t, a.Sources(), name)
			toks := semantictokens.Tokens(cfg, f, nil, testutil.EmbeddedIndex(t))
			checkWellFormed(t, f.Text(), toks)
			return render(f.Text(), semantictokens.Encode(f.Lines, toks))
		})
	})
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
