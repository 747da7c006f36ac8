package lsp

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// BenchmarkCodeLens asks for the code lenses of the 10,000-line benchmark file (the corpus
// concatenated, one document of a configuration) through the real JSON-RPC path, once the
// configuration is built: what a client asks after each edit settles. Each lens comes from the
// request's snapshot and the configuration's indexes; lenses reports how many.
func BenchmarkCodeLens(b *testing.B) {
	src, _ := corpus.Concat(b, 10000)
	dir := b.TempDir()
	path := filepath.Join(dir, "main.crn")
	writeFileB(b, path, src)
	c := startServerB(b, Options{Debounce: time.Hour})
	c.initialize(dir, protocol.ClientCapabilities{})
	uri := uriOf(path)
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: src}})
	params := &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}
	var lenses []protocol.CodeLens
	if err := c.call("textDocument/codeLens", params, &lenses); err != nil { // builds the configuration
		b.Fatal(err)
	}
	if len(lenses) == 0 {
		b.Fatal("no lenses")
	}
	b.Run("rpc", func(b *testing.B) {
		// The answer is read as raw JSON: the round trip, not the test client's decoding of it
		// into Go values (which the encoding/json scan of the raw message still costs).
		var raw json.RawMessage
		for b.Loop() {
			if err := c.call("textDocument/codeLens", params, &raw); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(lenses)), "lenses")
	})
	b.Run("handler", func(b *testing.B) {
		// The server's own work: the lenses from the snapshot, before they are encoded.
		for b.Loop() {
			if _, err := codeLens(b.Context(), c.srv, params); err != nil {
				b.Fatal(err)
			}
		}
	})
}
