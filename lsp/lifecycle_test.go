package lsp

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/version"
)

func rpcCode(err error) jsonrpc2.Code {
	var e *jsonrpc2.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

func TestLifecycle(t *testing.T) {
	c := startServer(t, Options{})
	if err := c.call("textDocument/hover", map[string]any{}, nil); rpcCode(err) != jsonrpc2.ServerNotInitialized {
		t.Errorf("request before initialize: err = %v, want ServerNotInitialized", err)
	}
	var res initializeResult
	if err := c.call("initialize", &protocol.InitializeParams{}, &res); err != nil {
		t.Fatal(err)
	}
	if res.ServerInfo == nil || res.ServerInfo.Name != "carina-lsp" || res.ServerInfo.Version != version.Get().String() {
		t.Errorf("serverInfo = %+v, want carina-lsp %s", res.ServerInfo, version.Get())
	}
	// Every method in the dispatch table is announced (clients such as Neovim do not send a
	// request the server did not announce).
	caps := res.Capabilities
	for name, on := range map[string]bool{
		"completion": caps.CompletionProvider != nil, "hover": caps.HoverProvider != nil,
		"signatureHelp": caps.SignatureHelpProvider != nil, "definition": caps.DefinitionProvider != nil,
		"references": caps.ReferencesProvider != nil, "rename": caps.RenameProvider != nil,
		"documentSymbol": caps.DocumentSymbolProvider != nil, "workspaceSymbol": caps.WorkspaceSymbolProvider != nil,
		"documentHighlight": caps.DocumentHighlightProvider != nil, "foldingRange": caps.FoldingRangeProvider != nil,
		"semanticTokens": caps.SemanticTokensProvider != nil, "formatting": caps.DocumentFormattingProvider != nil,
		"rangeFormatting": caps.DocumentRangeFormattingProvider != nil, "codeAction": caps.CodeActionProvider != nil,
		"inlayHint": caps.InlayHintProvider, "documentLink": caps.DocumentLinkProvider != nil,
	} {
		if !on {
			t.Errorf("capability %s is not announced", name)
		}
	}
	if err := c.call("initialize", &protocol.InitializeParams{}, nil); rpcCode(err) != jsonrpc2.InvalidRequest {
		t.Errorf("second initialize: err = %v, want InvalidRequest", err)
	}
	c.notify("initialized", &protocol.InitializedParams{})
	if err := c.call("carina/nonsense", map[string]any{}, nil); rpcCode(err) != jsonrpc2.MethodNotFound {
		t.Errorf("unknown method: err = %v, want MethodNotFound", err)
	}
	if err := c.call("shutdown", nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.call("textDocument/formatting", map[string]any{}, nil); rpcCode(err) != jsonrpc2.InvalidRequest {
		t.Errorf("request after shutdown: err = %v, want InvalidRequest", err)
	}
	c.notify("exit", nil)
	select {
	case code := <-c.done:
		if code != 0 {
			t.Errorf("exit code after shutdown = %d, want 0", code)
		}
	case <-time.After(hangLimit):
		t.Fatal("server did not exit")
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize(t.TempDir(), protocol.ClientCapabilities{})
	c.notify("exit", nil)
	select {
	case code := <-c.done:
		if code != 1 {
			t.Errorf("exit code without shutdown = %d, want 1", code)
		}
	case <-time.After(hangLimit):
		t.Fatal("server did not exit")
	}
}

// TestDiagnosticsPhases opens a broken file of a two-file configuration: the syntax error is
// published at once, the semantic problems after the debounce, each file gets only its own, and
// closing clears them.
func TestDiagnosticsPhases(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"main.crn": "let cert = aws.acm.Certificate {\n  domain_name       = 'example.com'\n  validation_method = dns\n}\n",
		"wait.crn": "let cert_issued = wait cert {\n  until = cert.status == aws.acm.Certificate.Status.issued\n}\n",
	})
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	waitURI := uriOf(filepath.Join(dir, "wait.crn"))
	text := "let cert_issued = wait certt {\n  until = cert.status == aws.acm.Certificate.Status.issued\n  timeout = 30 min\n}\n"
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: waitURI, LanguageID: "carina", Version: 1, Text: text,
	}})
	syn := c.waitDiagnostics(waitURI, func(p publishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	if syn.Version == nil || *syn.Version != 1 {
		t.Errorf("version = %v, want 1", syn.Version)
	}
	if got := syn.Diagnostics[0].Code; got != "syntax" {
		t.Errorf("first publish: code %v, want the syntax error first", got)
	}
	sem := c.waitDiagnostics(waitURI, func(p publishDiagnosticsParams) bool {
		for _, d := range p.Diagnostics {
			if d.Code == "wait-unknown-target" {
				return true
			}
		}
		return false
	})
	for _, d := range sem.Diagnostics {
		if d.Range.Start.Line > 3 {
			t.Errorf("diagnostic outside wait.crn's lines: %+v", d)
		}
	}
	// Fix it with an incremental change: `certt` → `cert` and `30 min` → `30min`.
	c.notify("textDocument/didChange", &didChangeParams{
		TextDocument: protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: waitURI}, Version: 2},
		ContentChanges: []contentChange{
			{Range: &protocol.Range{Start: protocol.Position{Line: 0, Character: 27}, End: protocol.Position{Line: 0, Character: 28}}, Text: ""},
			{Range: &protocol.Range{Start: protocol.Position{Line: 2, Character: 14}, End: protocol.Position{Line: 2, Character: 15}}, Text: ""},
		},
	})
	fixed := c.waitDiagnostics(waitURI, func(p publishDiagnosticsParams) bool {
		if p.Version == nil || *p.Version != 2 {
			return false
		}
		for _, d := range p.Diagnostics {
			if d.Severity == protocol.DiagnosticSeverityError {
				return false
			}
		}
		return true
	})
	// What is left is the warning that nothing reads the wait.
	if len(fixed.Diagnostics) != 1 || fixed.Diagnostics[0].Code != "wait-unused" {
		t.Errorf("after the fix: %+v, want only wait-unused", fixed.Diagnostics)
	}
	c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: waitURI}})
	c.waitDiagnostics(waitURI, func(p publishDiagnosticsParams) bool {
		return p.Version == nil && p.Diagnostics != nil && len(p.Diagnostics) == 0
	})
}

// TestNothingAfterShutdown shuts down while the workspace index is building: the build has
// returned once shutdown is answered, and nothing (no $/progress) comes after the answer. A client
// may stop reading then, and Neovim 0.7 reports a message from a client it stopped as an error.
func TestNothingAfterShutdown(t *testing.T) {
	files := map[string]string{}
	const dirs = 2000
	for i := range dirs {
		files[fmt.Sprintf("d%04d/main.crn", i)] = "let b = aws.s3.Bucket {\n  bucket_name = 'x'\n}\n"
	}
	root := writeFiles(t, files)
	c := startServer(t, Options{})
	c.initialize(root, protocol.ClientCapabilities{Window: &protocol.WindowClientCapabilities{WorkDoneProgress: true}})
	if err := c.call("shutdown", nil, nil); err != nil {
		t.Fatal(err)
	}
	seen := c.mark()
	ix := c.srv.index
	ix.mu.Lock()
	ready, walked := ix.ready, ix.walked
	ix.mu.Unlock()
	select {
	case <-ready:
	default:
		t.Error("the index is still building after shutdown was answered")
	}
	if walked != 0 {
		t.Fatalf("the index of %d directories finished before shutdown: the test needs a larger tree", dirs)
	}
	c.notify("exit", nil)
	select {
	case <-c.done:
	case <-time.After(hangLimit):
		t.Fatal("server did not exit")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range c.notes[seen:] {
		t.Errorf("after shutdown: %s %s", n.method, n.params)
	}
}

// TestClosedDirectoryForgotten: what the session keeps for a directory's edits (its model and
// statement memo) goes once its last open document is closed and the check that follows ran;
// another directory's open document keeps its own.
func TestClosedDirectoryForgotten(t *testing.T) {
	root := writeFiles(t, map[string]string{"a/main.crn": "let a = 'a'\n", "b/main.crn": "let b = 'b'\n"})
	c := startServer(t, Options{})
	c.initialize(root, protocol.ClientCapabilities{})
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	for _, dir := range []string{a, b} {
		c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
			URI: uriOf(filepath.Join(dir, "main.crn")), LanguageID: "carina", Version: 1, Text: "let x = 1\n"}})
	}
	c.settledDiagnostics(a, b)
	if got := c.srv.sess.Kept(); got != 2 {
		t.Fatalf("two directories open: the session keeps %d memos, want 2", got)
	}
	c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(filepath.Join(a, "main.crn"))}})
	deadline := time.Now().Add(hangLimit)
	for c.srv.sess.Kept() != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("a's last document closed: the session still keeps %d memos, want 1 (b's)", c.srv.sess.Kept())
		}
		time.Sleep(time.Millisecond)
	}
	if st := c.srv.ws.Stats(); st.Overlays != 1 {
		t.Errorf("%d buffers after a's was closed, want b's", st.Overlays)
	}
}
