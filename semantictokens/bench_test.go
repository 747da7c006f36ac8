package semantictokens_test

import (
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/semantictokens"
)

// benchLines is the size of the benchmark file: the corpus concatenated to about 10,000 lines.
const benchLines = 10000

// BenchmarkTokens classifies the whole 10,000-line file (textDocument/semanticTokens/full
// without the encoding).
func BenchmarkTokens(b *testing.B) {
	src, lines := corpus.Concat(b, benchLines)
	cfg, f := load(b, map[string]string{"main.crn": src}, "main.crn")
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for b.Loop() {
		semantictokens.Tokens(cfg, f, nil, testutil.EmbeddedIndex(b))
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
}

// BenchmarkFull is the whole request: classification and encoding of the 10,000-line file.
func BenchmarkFull(b *testing.B) {
	src, lines := corpus.Concat(b, benchLines)
	cfg, f := load(b, map[string]string{"main.crn": src}, "main.crn")
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for b.Loop() {
		semantictokens.Encode(f.Lines, semantictokens.Tokens(cfg, f, nil, testutil.EmbeddedIndex(b)))
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
}

// BenchmarkRange classifies and encodes one screen (about 60 lines) in the middle of the file
// (textDocument/semanticTokens/range).
func BenchmarkRange(b *testing.B) {
	src, _ := corpus.Concat(b, benchLines)
	cfg, f := load(b, map[string]string{"main.crn": src}, "main.crn")
	mid := f.Lines.Count() / 2
	r := grammar.Span{Start: int32(f.Lines.LineStart(mid)), End: int32(f.Lines.LineStart(mid + 60))}
	b.ResetTimer()
	for b.Loop() {
		semantictokens.Encode(f.Lines, semantictokens.Tokens(cfg, f, &r, testutil.EmbeddedIndex(b)))
	}
}
