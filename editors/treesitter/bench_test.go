package treesitter

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// BenchmarkParse parses the benchmark file (the corpus concatenated, docs/benchmarks.md) with
// carina-lsp's parser and with the tree-sitter parser, side by side in one run. The tree-sitter
// side is timed inside the driver (built with -O2, no process start): its ns/op is the driver's
// mean. The figures are in docs/benchmarks.md ("Tree-sitter beside our parser").
func BenchmarkParse(b *testing.B) {
	for _, lines := range []int{10000, 200000} {
		src, n := corpus.Concat(b, lines)
		b.Run(fmt.Sprintf("ours/lines=%d", lines), func(b *testing.B) {
			for b.Loop() {
				// a fresh parser: no statement cache from an earlier run (within the file, the
				// repeated corpus statements still share their parses)
				grammar.NewParser().Parse(src)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/line")
		})
		b.Run(fmt.Sprintf("treesitter/lines=%d", lines), func(b *testing.B) {
			drv := driver(b)
			file := filepath.Join(b.TempDir(), "big.crn")
			if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
				b.Fatal(err)
			}
			f := strings.Fields(run(b, drv, "bench", file, strconv.Itoa(b.N)))
			total, _ := strconv.ParseFloat(f[1], 64)
			b.ReportMetric(total/float64(b.N), "ns/op")
			b.ReportMetric(total/float64(b.N)/float64(n), "ns/line")
		})
	}
}
