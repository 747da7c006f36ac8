package format

import (
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// benchLines is the size of the benchmark file: the corpus concatenated to about 10,000 lines.
const benchLines = 10000

// BenchmarkSource formats the 10,000-line concatenated corpus in-process, parse included, and
// reports the cost per line.
func BenchmarkSource(b *testing.B) {
	src, lines := corpus.Concat(b, benchLines)
	f := New(Options{})
	if _, err := f.Source(src); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := f.Source(src); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
}

// BenchmarkSourceCold is BenchmarkSource with a new Formatter each time, as one run of the
// command builds it: the parser's grammar and an empty statement cache.
func BenchmarkSourceCold(b *testing.B) {
	src, lines := corpus.Concat(b, benchLines)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Source(src, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
}
