package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// typingSizes are the sizes BenchmarkTyping types into: the benchmark file of docs/benchmarks.md
// and ten times it; CARINA_BENCH_LINES adds another (1000000 for the growth table).
func typingSizes(b *testing.B) []int {
	sizes := []int{10000, 100000}
	if s := os.Getenv("CARINA_BENCH_LINES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			b.Fatalf("CARINA_BENCH_LINES=%q: %v", s, err)
		}
		sizes = append(sizes, n)
	}
	return sizes
}

// BenchmarkTyping opens the concatenated corpus (10,000 and 100,000 lines) as one document of a
// configuration and types into its middle through the real JSON-RPC path, one character a
// keystroke. It reports the medians of: keystroke → syntax diagnostics published (syntax-ms), the
// semantic check the keystroke schedules (semantic-ms, the debounce excluded), completion
// (complete-ms) and hover (hover-ms) at the edit, the heap with the document open (heap-MiB),
// and, measured in the same run on the same text, one full parse with an empty statement cache
// (parse-ms) and the ratio of the keystroke to it (syntax/parse). The keystrokes are typed before
// any semantic phase has published; then 30 more once it has (syntax-with-semantic-ms): each
// publishes the file's semantic diagnostics again (semantic-carried of them, at most 1,000 of
// which are sent), moved along with the edit.
func BenchmarkTyping(b *testing.B) {
	for _, n := range typingSizes(b) {
		b.Run(fmt.Sprintf("lines=%d", n), func(b *testing.B) { benchTyping(b, n) })
	}
}

func benchTyping(b *testing.B, minLines int) {
	src, lines := corpus.Concat(b, minLines)
	before := heapNow() // earlier rounds' servers are held until the benchmark ends
	dir := b.TempDir()
	path := filepath.Join(dir, "main.crn")
	writeFileB(b, path, src)
	c := startServerB(b, Options{Debounce: time.Hour}) // the semantic phase is measured directly
	c.initialize(dir, protocol.ClientCapabilities{})
	uri := uriOf(path)
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: src}})
	c.waitDiagnostics(uri, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 1 })
	if _, err := c.srv.checkDir(b.Context(), dir); err != nil {
		b.Fatal(err)
	}
	heap := heapNow() - before

	line := uint32(lines / 2)
	// keystroke types "#" as version v at column i%40 of line and returns the time until that
	// version's syntax diagnostics are published.
	keystroke := func(v int32, i int) time.Duration {
		from := c.mark()
		start := time.Now()
		at := protocol.Position{Line: line, Character: uint32(i % 40)}
		c.notify("textDocument/didChange", &didChangeParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: v},
			ContentChanges: []contentChange{{Range: &protocol.Range{Start: at, End: at}, Text: "#"}},
		})
		c.waitDiagnosticsFrom(from, uri, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == v })
		return time.Since(start)
	}
	var syntax, semantic, complete, hov []time.Duration
	v := int32(1)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		v++
		syntax = append(syntax, keystroke(v, i))

		start := time.Now()
		if _, err := c.srv.checkDir(b.Context(), dir); err != nil {
			b.Fatal(err)
		}
		semantic = append(semantic, time.Since(start))

		at := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: line + 3, Character: 2}}
		start = time.Now()
		if err := c.call("textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: at}, nil); err != nil {
			b.Fatal(err)
		}
		complete = append(complete, time.Since(start))
		start = time.Now()
		if err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: at}, nil); err != nil {
			b.Fatal(err)
		}
		hov = append(hov, time.Since(start))
	}
	b.StopTimer()

	// The same keystrokes once the semantic phase has published the file's diagnostics, which
	// every keystroke then publishes again (moved along with the edit).
	c.srv.pub.mu.Lock()
	gen := c.srv.pub.dirs[dir].gen
	c.srv.pub.mu.Unlock()
	c.srv.pub.check(b.Context(), dir, gen)
	c.srv.pub.mu.Lock()
	carried := len(c.srv.pub.semantic[path])
	c.srv.pub.mu.Unlock()
	var withSem []time.Duration
	for i := range 30 {
		v++
		withSem = append(withSem, keystroke(v, i))
	}

	// One full parse of the same text, in the same run: what the keystroke is compared with.
	text := c.srv.docs.get(uri).Text
	_ = c.conn.Close()
	<-c.done
	root := grammar.NewParser()
	var parse []time.Duration
	for range min(max(len(syntax), 3), 15) {
		p := root.Fork()
		runtime.GC()
		start := time.Now()
		p.Parse(text)
		parse = append(parse, time.Since(start))
	}
	median := func(ds []time.Duration) float64 {
		slices.Sort(ds)
		return float64(ds[len(ds)/2].Microseconds()) / 1000
	}
	b.ReportMetric(median(syntax), "syntax-ms")
	b.ReportMetric(median(semantic), "semantic-ms")
	b.ReportMetric(median(complete), "complete-ms")
	b.ReportMetric(median(hov), "hover-ms")
	b.ReportMetric(float64(heap)/(1<<20), "heap-MiB")
	b.ReportMetric(median(parse), "parse-ms")
	b.ReportMetric(median(syntax)/median(parse), "syntax/parse")
	b.ReportMetric(median(withSem), "syntax-with-semantic-ms")
	b.ReportMetric(float64(carried), "semantic-carried")
}

// heapNow returns the bytes of the heap in use after a collection.
func heapNow() int64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}
