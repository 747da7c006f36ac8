package cursor

import (
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// BenchmarkWalk walks every identifier of the 10,000-line concatenated corpus.
func BenchmarkWalk(b *testing.B) {
	src, lines := corpus.Concat(b, 10000)
	cfg := testutil.Config(b, map[string]string{"main.crn": src}, testutil.Root)
	f := cfg.File(testutil.Abs("main.crn"))
	idx := testutil.EmbeddedIndex(b)
	n := 0
	b.ResetTimer()
	for b.Loop() {
		n = 0
		Walk(cfg, f, nil, idx, func(Site) bool { n++; return true })
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
	b.ReportMetric(float64(n), "sites")
}
