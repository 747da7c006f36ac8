package lsp

import (
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// TestTypingLatency opens the ~10,000-line concatenated corpus as one document of a
// configuration and types into it through the real JSON-RPC path, measuring per keystroke: the
// time until the syntax-phase diagnostics are published, and until the semantic phase is
// computed (the debounce excluded). It logs the medians.
func TestTypingLatency(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the typing measurement in -short mode")
	}
	src, lines := corpus.Concat(t, 10000)
	dir := writeFiles(t, map[string]string{"main.crn": src})
	const debounce = 50 * time.Millisecond
	c := startServer(t, Options{Debounce: debounce})
	c.initialize(dir, protocol.ClientCapabilities{})
	uri := uriOf(filepath.Join(dir, "main.crn"))
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: src}})
	c.waitDiagnostics(uri, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 1 })

	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	t.Logf("heap with the %d-line document open: %.1f MiB", lines, float64(ms.HeapAlloc)/(1<<20))

	// Type a comment word into the middle of the file, one character at a time.
	line := uint32(lines / 2)
	var syntax, semantic []time.Duration
	for i := 0; i < 40; i++ {
		v := int32(i + 2)
		start := time.Now()
		c.notify("textDocument/didChange", &didChangeParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: v},
			ContentChanges: []contentChange{{Range: &protocol.Range{Start: protocol.Position{Line: line}, End: protocol.Position{Line: line}}, Text: "#"}},
		})
		c.waitDiagnostics(uri, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == v })
		syntax = append(syntax, time.Since(start))
		// The semantic phase publishes only when its diagnostics change, which a comment does
		// not: measure the check it runs directly.
		cstart := time.Now()
		if _, err := c.srv.checkDir(t.Context(), dir); err != nil {
			t.Fatal(err)
		}
		semantic = append(semantic, time.Since(cstart))
	}
	slices.Sort(syntax)
	slices.Sort(semantic)
	t.Logf("keystroke → syntax diagnostics published: median %v (p90 %v)", syntax[len(syntax)/2], syntax[len(syntax)*9/10])
	t.Logf("semantic check of the configuration: median %v (p90 %v), plus the %v debounce", semantic[len(semantic)/2], semantic[len(semantic)*9/10], debounce)
	// The targets are 5 ms and 20 ms; a shared machine is noisy, so the test fails only at ten
	// times those (a regression by an order of magnitude), and docs/benchmarks.md has the figures.
	if m := syntax[len(syntax)/2]; m > 50*time.Millisecond {
		t.Errorf("median keystroke → syntax diagnostics %v, far over the 5 ms target", m)
	}
	if m := semantic[len(semantic)/2]; m > 200*time.Millisecond {
		t.Errorf("median semantic check %v, far over the 20 ms target", m)
	}
}
