package lsp

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// BenchmarkCheckDir is the semantic phase on the ~10,000-line concatenated corpus as one file of
// a configuration: build the model (statements come from the parse cache) and run every check.
func BenchmarkCheckDir(b *testing.B) {
	src, _ := corpus.Concat(b, 10000)
	dir := b.TempDir()
	writeFileB(b, filepath.Join(dir, "main.crn"), src)
	s := New(Options{})
	ctx := context.Background()
	if _, err := s.checkDir(ctx, dir); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		s.ws.Changed(filepath.Join(dir, "main.crn"))
		if _, err := s.checkDir(ctx, dir); err != nil {
			b.Fatal(err)
		}
	}
}
