package hover

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// largeFixture builds one configuration whose only file is the ~10,000-line concatenated corpus,
// and the offsets of every identifier and duration in it.
func largeFixture(tb testing.TB) (fixture, []int) {
	tb.Helper()
	text, _ := corpus.Concat(tb, 10000)
	fx := build(tb, map[string]string{"main.crn": text}, false)
	var offs []int
	for _, t := range fx.file.AST.Tokens {
		if t.Kind == grammar.Ident || t.Kind == grammar.Duration {
			offs = append(offs, int(t.Start+(t.End-t.Start)/2))
		}
	}
	return fx, offs
}

// BenchmarkHoverLarge hovers identifiers spread over the ~10,000-line concatenated corpus, one per
// iteration; ms/median is the median time of one hover (target: at most 2 ms).
func BenchmarkHoverLarge(b *testing.B) {
	fx, offs := largeFixture(b)
	idx := testutil.EmbeddedIndex(b)
	ctx := context.Background()
	// Spread the positions over the file: a fixed stride through the identifiers.
	stride := max(1, len(offs)/997)
	times := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		off := offs[(i*stride)%len(offs)]
		start := time.Now()
		At(ctx, fx.cfg, fx.file, off, idx)
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e6, "ms/median")
	b.ReportMetric(float64(times[len(times)*99/100].Nanoseconds())/1e6, "ms/p99")
}

// TestCorpusHover hovers every identifier and duration of the concatenated corpus, and asks for
// signature help and inlay hints over it: nothing may panic, and every hover's span must lie in the
// file and hold the cursor.
func TestCorpusHover(t *testing.T) {
	fx, offs := largeFixture(t)
	idx := testutil.EmbeddedIndex(t)
	ctx := context.Background()
	n := 0
	for _, off := range offs {
		h := At(ctx, fx.cfg, fx.file, off, idx)
		SignatureAt(fx.cfg, fx.file, off, nil)
		if h == nil {
			continue
		}
		n++
		if h.Span.Start < 0 || int(h.Span.End) > len(fx.file.Text()) || int(h.Span.Start) > off || off > int(h.Span.End) {
			t.Fatalf("hover at %d: span %v does not hold the cursor", off, h.Span)
		}
		if h.Markdown == "" {
			t.Fatalf("hover at %d: empty card", off)
		}
	}
	InlayHints(fx.cfg, fx.file, grammar.Span{Start: 0, End: int32(len(fx.file.Text()))}, idx)
	if n < len(offs)/2 {
		t.Errorf("only %d of %d identifiers have a hover", n, len(offs))
	}
	t.Logf("%d of %d identifiers have a hover", n, len(offs))
}
