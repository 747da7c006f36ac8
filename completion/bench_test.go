package completion

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/workspace"
)

// resourceOpen matches the opening line of a let-bound resource body.
var resourceOpen = regexp.MustCompile(`(?m)^let \w+ = (aws|awscc)\.\w+\.\w+ \{\n`)

// largeConfig writes the ~10,000-line concatenated corpus as the one file of a configuration and
// returns it with the offset of the start of a line inside the last resource body of the text.
func largeConfig(b *testing.B) (*workspace.Config, *workspace.File, int) {
	b.Helper()
	src, lines := corpus.Concat(b, 10000)
	dir := b.TempDir()
	path := filepath.Join(dir, "main.crn")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	cfg, err := workspace.New(workspace.OSFS{}).Config(context.Background(), dir)
	if err != nil {
		b.Fatal(err)
	}
	ms := resourceOpen.FindAllStringIndex(src, -1)
	if len(ms) == 0 {
		b.Fatal("no resource body in the corpus")
	}
	b.Logf("%d lines, %d bytes, %d resource bodies", lines, len(src), len(ms))
	return cfg, cfg.File(path), ms[len(ms)-1][1]
}

// BenchmarkCompleteLarge completes at key position inside a resource body of the ~10,000-line
// concatenated corpus: context detection from the tokens and the attribute items. The workspace
// build is not part of the call. It reports the median and the 95th percentile per call.
func BenchmarkCompleteLarge(b *testing.B) {
	idx := testutil.EmbeddedIndex(b)
	cfg, f, off := largeConfig(b)
	ctx := context.Background()
	if items := Complete(ctx, cfg, f, off, idx, Options{Snippets: true}); len(items) == 0 {
		b.Fatalf("no items at offset %d: %q", off, f.Text()[max(0, off-80):off])
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		Complete(ctx, cfg, f, off, idx, Options{Snippets: true})
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
}

// BenchmarkCompleteLargeValue completes a value in the same file: the value position scans every
// binding of the configuration for references and names in scope.
func BenchmarkCompleteLargeValue(b *testing.B) {
	idx := testutil.EmbeddedIndex(b)
	cfg, f, off := largeConfig(b)
	ctx := context.Background()
	// `name = ` at the resource's first attribute: find the "=" on the line.
	src := f.Text()
	end := off
	for end < len(src) && src[end] != '\n' && src[end] != '=' {
		end++
	}
	if end >= len(src) || src[end] != '=' {
		b.Skip("the resource's first line has no attribute")
	}
	pos := end + 2
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		Complete(ctx, cfg, f, pos, idx, Options{Snippets: true})
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1000, "p95-ms")
}
