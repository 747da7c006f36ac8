package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Panics are contained: a panic in a feature handler becomes an internal-error response and a
// log line, a panic in the background check a log line and a message to the user; the document
// store and the other features go on.

// injectPanics wraps every handler of s but the lifecycle's so that, while on is set, requests
// panic before doing anything and notifications panic after doing their work (the store is
// updated, then the handler fails). It must be called before the client sends anything.
func injectPanics(s *Server, on *atomic.Bool) {
	for m, h := range s.methods {
		switch m {
		case "initialize", "initialized", "shutdown":
			continue
		}
		fn, method, notif := h.fn, m, h.notification
		h.fn = func(ctx context.Context, s *Server, params json.RawMessage) (any, error) {
			if notif {
				res, err := fn(ctx, s, params)
				if on.Load() {
					panic(fmt.Sprintf("injected panic in %s", method))
				}
				return res, err
			}
			if on.Load() {
				panic(fmt.Errorf("injected panic in %s", method))
			}
			return fn(ctx, s, params)
		}
		s.methods[m] = h
	}
}

// observed returns a logger that records its entries.
func observed() (*zap.Logger, *observer.ObservedLogs) {
	core, logs := observer.New(zap.DebugLevel)
	return zap.New(core), logs
}

// TestPanicInEveryFeature makes every request handler panic in turn: each answer is an internal
// error naming the method, each panic a log line with its stack. A didChange that panics after
// applying its change leaves the change in the store. Once the panics stop, every feature works
// on the edited text.
func TestPanicInEveryFeature(t *testing.T) {
	files := featureConfig()
	dir := writeFiles(t, files)
	log, logs := observed()
	c := startServer(t, Options{Logger: log})
	var on atomic.Bool
	injectPanics(c.srv, &on)
	c.initialize(dir, protocol.ClientCapabilities{})
	uris := openAll(t, c, dir, files)
	main := uris["main.crn"]
	c.waitDiagnostics(main, func(publishDiagnosticsParams) bool { return true })

	on.Store(true)
	requests := requestsAt(main, pos(1, 4))
	for _, r := range requests {
		err := c.call(r.method, r.params, nil)
		var e *jsonrpc2.Error
		if !errors.As(err, &e) || e.Code != jsonrpc2.InternalError || !strings.Contains(e.Message, r.method) || !strings.Contains(e.Message, "injected panic") {
			t.Errorf("%s panicking: %v, want an internal error naming the method", r.method, err)
		}
	}
	// A notification that panics after its work: the change is stored.
	c.notify("textDocument/didChange", insertAt(main, 2, pos(0, 0), "# edited while panicking\n"))
	c.notify("textDocument/didSave", &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: main}})
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{}})
	if err := c.call("carina/ping", nil, nil); rpcCode(err) != jsonrpc2.MethodNotFound {
		t.Fatalf("ping after the panics: %v", err)
	}
	on.Store(false)

	if got := c.srv.docs.get(main).Text; !strings.HasPrefix(got, "# edited while panicking\n") {
		t.Errorf("the change of the panicking didChange is not in the store: %q", got)
	}
	for _, r := range requestsAt(main, pos(2, 4)) { // the same place, one line down
		if err := c.call(r.method, r.params, nil); err != nil && rpcCode(err) == jsonrpc2.InternalError {
			t.Errorf("%s after the panics: %v", r.method, err)
		}
	}
	var h protocol.Hover
	if err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: main}, Position: pos(2, 13)}}, &h); err != nil || !strings.Contains(h.Contents.Value, "aws.acm.Certificate") {
		t.Errorf("hover on the edited text after the panics: %+v, %v", h, err)
	}
	c.notify("textDocument/didChange", insertAt(main, 3, pos(0, 0), "let broken = \n"))
	c.waitDiagnostics(main, func(p publishDiagnosticsParams) bool {
		return p.Version != nil && *p.Version == 3 && len(p.Diagnostics) > 0 && p.Diagnostics[0].Code == "syntax"
	})

	// One log line per panic, with the method and the stack.
	panicked := map[string]bool{}
	for _, e := range logs.FilterMessage("handler panicked").All() {
		m := e.ContextMap()
		if s, _ := m["stack"].(string); !strings.Contains(s, "panic_test.go") {
			t.Errorf("log line without the stack: %v", m)
		}
		panicked[fmt.Sprint(m["method"])] = true
	}
	for _, r := range requests {
		if !panicked[r.method] {
			t.Errorf("no log line for the panic in %s", r.method)
		}
	}
	for _, m := range []string{"textDocument/didChange", "textDocument/didSave", "workspace/didChangeConfiguration"} {
		if !panicked[m] {
			t.Errorf("no log line for the panic in %s", m)
		}
	}
}

// panicFS panics listing a directory whose name contains "boom" while on is set.
type panicFS struct {
	workspace.FS
	on *atomic.Bool
}

func (f panicFS) ReadDir(dir string) ([]fs.DirEntry, error) {
	if f.on.Load() && strings.Contains(dir, "boom") {
		panic("injected panic listing " + dir)
	}
	return f.FS.ReadDir(dir)
}

// TestPanicInBackgroundCheck makes the semantic check of one configuration panic (its directory
// cannot be listed without a panic): the panic is logged and shown to the user, requests on that
// configuration fail with an internal error, another configuration is checked as usual, and once
// the cause is gone the next edit checks the first one again.
func TestPanicInBackgroundCheck(t *testing.T) {
	root := t.TempDir()
	boom, calm := filepath.Join(root, "boom"), filepath.Join(root, "calm")
	broken := "let cert_issued = wait certt {\n  until = certt.status == 'ISSUED'\n}\n"
	for _, d := range []string{boom, calm} {
		writeFile(t, filepath.Join(d, "main.crn"), broken)
	}
	var on atomic.Bool
	on.Store(true)
	log, logs := observed()
	c := startServer(t, Options{Logger: log, FS: panicFS{workspace.OSFS{}, &on}})
	c.initialize(root, protocol.ClientCapabilities{})
	boomURI, calmURI := uriOf(filepath.Join(boom, "main.crn")), uriOf(filepath.Join(calm, "main.crn"))
	for _, u := range []protocol.DocumentURI{boomURI, calmURI} {
		c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "carina", Version: 1, Text: broken}})
	}
	semantic := func(p publishDiagnosticsParams) bool {
		for _, d := range p.Diagnostics {
			if d.Code == "wait-unknown-target" {
				return true
			}
		}
		return false
	}
	c.waitDiagnostics(calmURI, semantic) // the other configuration is checked
	c.waitNote("window/logMessage", func(raw json.RawMessage) bool {
		return strings.Contains(string(raw), "internal error while checking") && strings.Contains(string(raw), "injected panic")
	})
	if n := logs.FilterMessage("check panicked").Len(); n == 0 {
		t.Error("no log line for the panic in the check")
	}
	err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: boomURI}, Position: pos(0, 6)}}, nil)
	if rpcCode(err) != jsonrpc2.InternalError {
		t.Errorf("hover in the configuration that panics: %v, want an internal error", err)
	}
	on.Store(false)
	c.notify("textDocument/didChange", insertAt(boomURI, 2, pos(3, 0), "\n"))
	p := c.waitDiagnostics(boomURI, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 2 && semantic(p) })
	if p.Diagnostics[0].Range.Start.Line != 0 {
		t.Errorf("diagnostics after recovery: %+v", p.Diagnostics)
	}
}

// waitNote waits for a notification from the server accepted by ok.
func (c *testClient) waitNote(method string, ok func(json.RawMessage) bool) {
	c.t.Helper()
	deadline := time.After(hangLimit)
	for {
		c.mu.Lock()
		for _, n := range c.notes {
			if n.method == method && ok(n.params) {
				c.mu.Unlock()
				return
			}
		}
		c.mu.Unlock()
		select {
		case <-c.arrived:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			c.t.Fatalf("no %s as expected within %v", method, hangLimit)
		}
	}
}

// writeFile writes a file, creating its directory.
func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPanicInOneCheck makes one check panic on one statement: only that check's findings on that
// statement are lost. The other checks of the statement, the same check on other statements and
// the rest of the directory are published; the panic is logged once, with the file, the line and
// the stack, even when the directory is checked again.
func TestPanicInOneCheck(t *testing.T) {
	files := map[string]string{
		"main.crn": "let cert = aws.acm.Certificate {\n  domain_name = 'example.com'\n}\n" +
			"let issued = wait cert {\n  until = cert.status == issued\n  timeout = 0s\n  interval = 5s\n}\n" +
			"let x = nothere.z\n",
		"other.crn": "let other = wait cert {\n  until = cert.status == issued\n  timeout = 0s\n}\nlet y = [issued, other, x, missing.q]\n",
	}
	dir := writeFiles(t, files)
	log, logs := observed()
	c := startServer(t, Options{Logger: log})
	c.srv.beforeCheck = func(check string, f *workspace.File, st *grammar.Stmt) {
		if check == "waits" && st != nil && strings.Contains(f.Text()[st.Offset:st.End], "let issued") {
			panic("injected panic in the wait checks")
		}
	}
	c.initialize(dir, protocol.ClientCapabilities{})
	uris := openAll(t, c, dir, files)
	codes := func(p publishDiagnosticsParams) map[string]int {
		m := map[string]int{}
		for _, d := range p.Diagnostics {
			m[fmt.Sprint(d.Code)]++
		}
		return m
	}
	semantic := func(p publishDiagnosticsParams) bool { return codes(p)["undefined-binding"] > 0 }
	main := c.waitDiagnostics(uris["main.crn"], semantic)
	other := c.waitDiagnostics(uris["other.crn"], semantic)
	// The wait's unknown key is the table-driven check's (constructs), another check of the
	// statement: it is kept.
	if got := codes(main); got["wait-timeout-zero"] != 0 || got["wait-unknown-key"] != 1 || got["undefined-binding"] != 1 {
		t.Errorf("main.crn: the panicking statement's wait findings must be lost and the rest kept; codes %v", got)
	}
	if got := codes(other); got["wait-timeout-zero"] != 1 || got["undefined-binding"] != 1 {
		t.Errorf("other.crn: the same check on another statement must still report; codes %v", got)
	}
	// An edit elsewhere checks the directory again; the panic is not logged again.
	c.notify("textDocument/didChange", insertAt(uris["other.crn"], 2, pos(0, 0), "# edited\n"))
	c.waitDiagnostics(uris["other.crn"], func(p publishDiagnosticsParams) bool {
		return p.Version != nil && *p.Version == 2 && semantic(p)
	})
	entries := logs.FilterMessageSnippet("contained panic in check waits").All()
	if len(entries) != 1 {
		t.Fatalf("%d log lines for the contained panic, want 1", len(entries))
	}
	m := entries[0].ContextMap()
	if m["path"] != filepath.Join(dir, "main.crn") || m["line"] != int64(4) || !strings.Contains(fmt.Sprint(m["stack"]), "panic_test.go") {
		t.Errorf("log line: %v, want the file, line 4 and the stack", m)
	}
}
