package lsp

import (
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/workspace"
)

// gateFS holds the first listing of a directory, once armed, until released: a build that takes
// as long as the test wants.
type gateFS struct {
	workspace.FS
	mu      sync.Mutex
	dir     string        // the directory whose next listing is held ("" when disarmed)
	held    chan struct{} // closed when a listing is held
	release chan struct{} // closed to let it go
}

func (g *gateFS) arm(dir string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.dir, g.held, g.release = dir, make(chan struct{}), make(chan struct{})
}

func (g *gateFS) ReadDir(dir string) ([]fs.DirEntry, error) {
	g.mu.Lock()
	hold := g.dir != "" && dir == g.dir
	held, release := g.held, g.release
	if hold {
		g.dir = ""
	}
	g.mu.Unlock()
	if hold {
		close(held)
		<-release
	}
	return g.FS.ReadDir(dir)
}

// TestNothingWaitsBehindABuild holds the background build of a configuration in the middle
// (listing its directory) and checks that meanwhile edits are applied and their syntax errors
// published, requests on the edited document and on another configuration are answered, and the
// held build, canceled by the newer edit, publishes nothing; once let go, the newest version's
// semantic diagnostics arrive.
func TestNothingWaitsBehindABuild(t *testing.T) {
	root := writeFiles(t, map[string]string{
		"app/main.crn":   "let bucket = aws.s3.Bucket {\n  bucket = 'logs'\n}\n",
		"other/main.crn": "let other = 'x'\n",
	})
	gate := &gateFS{FS: workspace.OSFS{}}
	log, logs := observed()
	c := startServer(t, Options{Logger: log, FS: gate, Debounce: 10 * time.Millisecond})
	c.initialize(root, protocol.ClientCapabilities{})
	app, other := filepath.Join(root, "app"), filepath.Join(root, "other")
	appURI, otherURI := uriOf(filepath.Join(app, "main.crn")), uriOf(filepath.Join(other, "main.crn"))
	text := "let bucket = aws.s3.Bucket {\n  bucket = 'logs'\n}\n"
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: appURI, LanguageID: "carina", Version: 1, Text: text}})
	c.waitDiagnostics(appURI, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 1 })
	time.Sleep(50 * time.Millisecond) // the first check is done

	// Version 2 adds a wait on an unknown name: its check is held while listing app/.
	gate.arm(app)
	c.notify("textDocument/didChange", insertAt(appURI, 2, pos(3, 0), "let w = wait nothere {\n  until = nothere.status == 'x'\n}\n"))
	select {
	case <-gate.held:
	case <-time.After(hangLimit):
		t.Fatal("the check of version 2 did not start")
	}
	var once sync.Once
	let := func() { once.Do(func() { close(gate.release) }) }
	defer let()

	// A syntax error arrives at once, with version 3.
	start := time.Now()
	c.notify("textDocument/didChange", insertAt(appURI, 3, pos(6, 0), "let broken = }\n"))
	c.waitDiagnostics(appURI, func(p publishDiagnosticsParams) bool {
		return p.Version != nil && *p.Version == 3 && hasCode(p, "syntax")
	})
	var hover protocol.Hover
	if err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: appURI}, Position: pos(0, 5)}}, &hover); err != nil {
		t.Fatalf("hover while a build is held: %v", err)
	}
	if !strings.Contains(hover.Contents.Value, "bucket") {
		t.Errorf("hover on bucket: %q", hover.Contents.Value)
	}
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: otherURI, LanguageID: "carina", Version: 1, Text: "let other = 'x'\n"}})
	var syms []protocol.DocumentSymbol
	if err := c.call("textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: otherURI}}, &syms); err != nil || len(syms) != 1 {
		t.Fatalf("document symbols of another configuration while a build is held: %v, %v", syms, err)
	}
	// All of that was answered while the build is still held (it is let go below): nothing waited
	// behind it, which would have waited for good.
	t.Logf("the edit and the requests took %v while the build was held", time.Since(start))

	// Let the held build go: canceled by version 3, it publishes nothing for version 2.
	let()
	c.waitDiagnostics(appURI, func(p publishDiagnosticsParams) bool {
		return p.Version != nil && *p.Version == 3 && hasCode(p, "syntax") && hasCode(p, "wait-unknown-target")
	})
	deadline := time.Now().Add(hangLimit)
	for logs.FilterMessage("check canceled by a newer change").Len() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if logs.FilterMessage("check canceled by a newer change").Len() == 0 {
		t.Error("the held check of version 2 was not canceled by version 3")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range c.notes {
		if n.method == "textDocument/publishDiagnostics" && strings.Contains(string(n.params), `"version":2`) && strings.Contains(string(n.params), "wait-unknown-target") {
			t.Errorf("the canceled check of version 2 published: %s", n.params)
		}
	}
}

func hasCode(p publishDiagnosticsParams, code string) bool {
	for _, d := range p.Diagnostics {
		if d.Code == code {
			return true
		}
	}
	return false
}
