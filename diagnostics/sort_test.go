package diagnostics

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
)

// Sort must give the order of a stable sort by Compare, on few files and on many.
func TestSortIsStableSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 400 {
		files := 3
		if n%4 == 0 {
			files = 90 // past the ranking of paths
		}
		ds := make([]finding.Diagnostic, r.IntN(200))
		for i := range ds {
			ds[i] = finding.Diagnostic{Path: fmt.Sprintf("f%d.crn", r.IntN(files)), Span: grammar.Span{Start: int32(r.IntN(6)), End: int32(r.IntN(6))},
				Message: []string{"x", "y"}[r.IntN(2)], Code: finding.Code(fmt.Sprint(i))}
		}
		want := slices.Clone(ds)
		slices.SortStableFunc(want, finding.Compare)
		Sort(ds)
		codes := func(ds []finding.Diagnostic) []finding.Code {
			out := make([]finding.Code, len(ds))
			for i, d := range ds {
				out[i] = d.Code
			}
			return out
		}
		if diff := cmp.Diff(codes(want), codes(ds)); diff != "" {
			t.Fatalf("case %d (-stable +Sort):\n%s", n, diff)
		}
	}
}
