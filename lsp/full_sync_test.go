package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// TestFullSyncKeepsDiagnostics sends whole-text changes (as clients that do not sync
// incrementally do) that do not touch the statement with a semantic error: every publish after
// them, the syntax phase's at once and the semantic phase's after the debounce, still has the
// error, at its new place; no publish drops it (which made it flicker: [] at once, the error again
// after the debounce). A change that removes the statement removes its error at once.
func TestFullSyncKeepsDiagnostics(t *testing.T) {
	dir := writeFiles(t, map[string]string{})
	c := startServer(t, Options{Debounce: 150 * time.Millisecond})
	c.initialize(dir, protocol.ClientCapabilities{})
	uri := uriOf(filepath.Join(dir, "main.crn"))
	text := "let bucket = aws.s3.Bucket {\n  bucket = 'logs'\n}\n\nlet w = wait nothere {\n  until = nothere.status == 'x'\n}\n"
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: text}})
	first := c.waitDiagnostics(uri, func(p publishDiagnosticsParams) bool { return hasCode(p, "wait-unknown-target") })
	errLine := first.Diagnostics[0].Range.Start.Line

	versions := []string{
		// An attribute of the bucket changes: the wait's error stays where it is.
		strings.Replace(text, "'logs'", "'logs-2'", 1),
		// A line above the wait: the error moves down one line.
		strings.Replace(text, "'logs'", "'logs-2'\n  # a comment", 1),
		// Typing at the end of the file.
		strings.Replace(text, "'logs'", "'logs-2'\n  # a comment", 1) + "\nlet x = 1\n",
	}
	from := c.mark()
	for i, v := range versions {
		c.notify("textDocument/didChange", &didChangeParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: int32(i + 2)},
			ContentChanges: []contentChange{{Text: v}},
		})
		time.Sleep(20 * time.Millisecond) // within the debounce: the semantic phase waits
	}
	last := int32(len(versions) + 1)
	c.waitDiagnosticsFrom(from, uri, func(p publishDiagnosticsParams) bool {
		return p.Version != nil && *p.Version == last && hasCode(p, "wait-unknown-target") && !hasCode(p, "syntax")
	})
	time.Sleep(300 * time.Millisecond) // any later publish of the semantic phase
	publishes := c.publishedFrom(from, uri)
	if len(publishes) < len(versions) {
		t.Fatalf("%d publishes for %d changes", len(publishes), len(versions))
	}
	for _, p := range publishes {
		var line uint32 = 1 << 31
		for _, d := range p.Diagnostics {
			if d.Code == "wait-unknown-target" {
				line = d.Range.Start.Line
			}
		}
		want := errLine
		if *p.Version >= 3 {
			want = errLine + 1
		}
		if line != want {
			t.Errorf("version %d: the wait's error is on line %d, want %d (%+v)", *p.Version, line, want, p.Diagnostics)
		}
	}

	// A whole-text change that removes the wait's statement removes its error at once.
	from = c.mark()
	gone := strings.Replace(versions[len(versions)-1], "let w = wait nothere {\n  until = nothere.status == 'x'\n}\n", "", 1)
	c.notify("textDocument/didChange", &didChangeParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: last + 1},
		ContentChanges: []contentChange{{Text: gone}},
	})
	syn := c.waitDiagnosticsFrom(from, uri, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == last+1 })
	if hasCode(syn, "wait-unknown-target") || hasCode(syn, "wait-unused") {
		t.Errorf("the errors of a removed statement were carried over: %+v", syn.Diagnostics)
	}
}

// publishedFrom returns the diagnostics published for uri from the seen-th notification on.
func (c *testClient) publishedFrom(seen int, uri protocol.DocumentURI) []publishDiagnosticsParams {
	c.t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []publishDiagnosticsParams
	for _, n := range c.notes[seen:] {
		if n.method != "textDocument/publishDiagnostics" {
			continue
		}
		var p publishDiagnosticsParams
		if err := json.Unmarshal(n.params, &p); err != nil {
			c.t.Fatal(err)
		}
		if p.URI == uri {
			out = append(out, p)
		}
	}
	return out
}
