package lsp

import (
	"encoding/json"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/workspace"
)

// recordingFS is the disk, recording every path the workspace asks it for.
type recordingFS struct {
	mu    sync.Mutex
	paths []string
}

func (r *recordingFS) record(p string) {
	r.mu.Lock()
	r.paths = append(r.paths, p)
	r.mu.Unlock()
}

func (r *recordingFS) ReadFile(p string) ([]byte, error) {
	r.record(p)
	return workspace.OSFS{}.ReadFile(p)
}

func (r *recordingFS) ReadDir(p string) ([]fs.DirEntry, error) {
	r.record(p)
	return workspace.OSFS{}.ReadDir(p)
}

func TestUntitledPaths(t *testing.T) {
	for _, u := range []protocol.DocumentURI{"untitled:Untitled-1", "untitled:/home/me/draft.crn", "untitled:Untitled-2?x=%20y#z"} {
		p := documentPath(u)
		if !isUntitled(p) || !isUntitled(filepath.Dir(p)) || filepath.Base(p) != untitledFile {
			t.Errorf("documentPath(%s) = %q: not a synthetic path", u, p)
		}
		if got := uriOf(p); got != canonicalURI(u) {
			t.Errorf("uriOf(documentPath(%s)) = %s, want %s", u, got, canonicalURI(u))
		}
	}
	if documentPath("untitled:Untitled-1") == documentPath("untitled:Untitled-2") {
		t.Error("two untitled documents share a path")
	}
	for _, p := range []string{"/tmp/x.crn", "/untitled/x.crn", string(filepath.Separator) + "untitled"} {
		if isUntitled(p) {
			t.Errorf("isUntitled(%q)", p)
		}
		if _, ok := untitledURI(p); ok {
			t.Errorf("untitledURI(%q) is ok", p)
		}
	}
	if got := documentPath("git:/x.crn"); got != "" {
		t.Errorf("documentPath of another scheme = %q, want nothing", got)
	}
}

// TestUntitled opens unsaved buffers (untitled: URIs, as VS Code sends them) next to a file of the
// workspace: each is a one-file configuration of its own, every feature answers in its URI, and
// the disk is never asked for its synthetic directory.
func TestUntitled(t *testing.T) {
	dir := writeFiles(t, map[string]string{"main.crn": "let shared_name = 'x'\nlet cert = 'y'\n"})
	disk := &recordingFS{}
	c := startServer(t, Options{FS: disk})
	c.initialize(dir, protocol.ClientCapabilities{TextDocument: &protocol.TextDocumentClientCapabilities{
		DocumentSymbol: &protocol.DocumentSymbolClientCapabilities{HierarchicalDocumentSymbolSupport: true},
	}})
	file := uriOf(filepath.Join(dir, "main.crn"))
	u1, u2 := protocol.DocumentURI("untitled:Untitled-1"), protocol.DocumentURI("untitled:Untitled-2")
	src := "let cert = aws.acm.Certificate {\n  domain_name       = 'registry.carina-rs.dev'\n  validation_method = dns\n}\n\nlet cert_issued = wait cert {\n    until = cert.status == aws.acm.Certificate.Status.Isued\n}\n\nawscc.s3.Bucket {\n  bucket_name = cert_issued.domain_name\n\n  tags = {\n    Name = shared_name.value\n  }\n}\n"
	open := func(u protocol.DocumentURI, text string) {
		c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "carina", Version: 1, Text: text}})
	}
	open(file, "let shared_name = 'x'\nlet cert = 'y'\n")
	open(u1, src)
	open(u2, "let cert = 1\nlet shared_name = cert\n")
	codes := func(p publishDiagnosticsParams) []string {
		var out []string
		for _, d := range p.Diagnostics {
			if d.Code != nil {
				out = append(out, d.Code.(string))
			}
		}
		return out
	}
	d1 := c.waitDiagnostics(u1, func(p publishDiagnosticsParams) bool { return slices.Contains(codes(p), "wait-until-type-mismatch") })
	if got := codes(d1); !slices.Contains(got, "undefined-binding") || slices.Contains(got, "duplicate-declaration") {
		t.Errorf("untitled diagnostics %v: want undefined-binding for shared_name (declared only in a file of the workspace) and no duplicate-declaration", got)
	}
	// No state file can be beside a buffer never saved: no plan, and no error about one.
	d2 := c.waitDiagnostics(u2, func(p publishDiagnosticsParams) bool { return slices.Contains(codes(p), "unused-let") })
	for _, got := range [][]string{codes(d1), codes(d2)} {
		if slices.Contains(got, "invalid-state") {
			t.Errorf("untitled diagnostics %v: the buffer's synthetic directory was read for a state file", got)
		}
	}
	for _, u := range []protocol.DocumentURI{file, u2} {
		p := c.waitDiagnostics(u, func(p publishDiagnosticsParams) bool { return true })
		if got := codes(p); slices.Contains(got, "duplicate-declaration") {
			t.Errorf("%s: %v: the untitled buffer joined its configuration", u, got)
		}
	}

	doc := protocol.TextDocumentIdentifier{URI: u1}
	at := func(line, char uint32) protocol.TextDocumentPositionParams {
		return protocol.TextDocumentPositionParams{TextDocument: doc, Position: pos(line, char)}
	}
	t.Run("hover", func(t *testing.T) {
		var h protocol.Hover
		if err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: at(5, 19)}, &h); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(h.Contents.Value, "> cert_issued (until cert.status") {
			t.Errorf("hover: %s", h.Contents.Value)
		}
	})
	t.Run("completion", func(t *testing.T) {
		var list protocol.CompletionList
		if err := c.call("textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: at(4, 0)}, &list); err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(list.Items, func(it protocol.CompletionItem) bool { return it.Label == "let" }) {
			t.Errorf("completion at the top level: %d items, no let", len(list.Items))
		}
	})
	t.Run("definition", func(t *testing.T) {
		var locs []protocol.Location
		if err := c.call("textDocument/definition", &protocol.DefinitionParams{TextDocumentPositionParams: at(5, 24)}, &locs); err != nil {
			t.Fatal(err)
		}
		if len(locs) != 1 || locs[0].URI != u1 || locs[0].Range.Start != pos(0, 4) {
			t.Errorf("definition: %+v", locs)
		}
	})
	t.Run("rename", func(t *testing.T) {
		var we protocol.WorkspaceEdit
		if err := c.call("textDocument/rename", &protocol.RenameParams{TextDocumentPositionParams: at(5, 24), NewName: "certificate"}, &we); err != nil {
			t.Fatal(err)
		}
		if len(we.Changes) != 1 || len(we.Changes[u1]) != 3 {
			t.Errorf("rename edits: %+v", we.Changes)
		}
	})
	t.Run("formatting", func(t *testing.T) {
		var edits []protocol.TextEdit
		if err := c.call("textDocument/formatting", &protocol.DocumentFormattingParams{TextDocument: doc}, &edits); err != nil {
			t.Fatal(err)
		}
		if len(edits) != 1 || edits[0].NewText != "  until = cert.status == aws.acm.Certificate.Status.Isued\n" {
			t.Errorf("formatting edits: %+v", edits)
		}
	})
	t.Run("symbols", func(t *testing.T) {
		var syms []protocol.DocumentSymbol
		if err := c.call("textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: doc}, &syms); err != nil {
			t.Fatal(err)
		}
		if len(syms) != 3 || syms[0].Name != "cert" || syms[1].Name != "cert_issued" {
			t.Errorf("document symbols: %+v", syms)
		}
		var ws []protocol.SymbolInformation
		if err := c.call("workspace/symbol", &protocol.WorkspaceSymbolParams{Query: "cert_issued"}, &ws); err != nil {
			t.Fatal(err)
		}
		if len(ws) != 1 || ws[0].Location.URI != u1 {
			t.Errorf("workspace symbols: %+v", ws)
		}
	})
	t.Run("semantic tokens and inlay hints", func(t *testing.T) {
		var toks semanticTokens
		if err := c.call("textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}, &toks); err != nil {
			t.Fatal(err)
		}
		if len(toks.Data) < 5*20 {
			t.Errorf("semantic tokens: %d numbers", len(toks.Data))
		}
		var hints []inlayHint
		if err := c.call("textDocument/inlayHint", &inlayHintParams{TextDocument: doc, Range: protocol.Range{End: pos(20, 0)}}, &hints); err != nil {
			t.Fatal(err)
		}
		if len(hints) != 1 || hints[0].Label != "timeout: 5min (default)" {
			t.Errorf("inlay hints: %+v", hints)
		}
	})
	t.Run("an edit re-checks the buffer; closing clears it", func(t *testing.T) {
		c.notify("textDocument/didChange", &protocol.DidChangeTextDocumentParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: doc, Version: 2},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{{Range: protocol.Range{Start: pos(6, 54), End: pos(6, 59)}, Text: "issued"}},
		})
		c.waitDiagnostics(u1, func(p publishDiagnosticsParams) bool {
			return p.Version != nil && *p.Version == 2 && !slices.Contains(codes(p), "wait-until-type-mismatch") && slices.Contains(codes(p), "undefined-binding")
		})
		c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: doc})
		c.waitDiagnostics(u1, func(p publishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
	})
	disk.mu.Lock()
	defer disk.mu.Unlock()
	for _, p := range disk.paths {
		if strings.Contains(p, "\x00") || strings.Contains(p, "untitled") {
			t.Errorf("the disk was asked for %q", p)
		}
	}
	if !slices.Contains(disk.paths, dir) {
		t.Errorf("the disk was never asked for the workspace directory (the recorder is not in the path): %q", disk.paths)
	}
}

// TestUntitledGraphName: carina/graph shows an unsaved document by its name, never by the
// synthetic directory it is analysed in, whichever spelling asks.
func TestUntitledGraphName(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize(t.TempDir(), protocol.ClientCapabilities{})
	const u = protocol.DocumentURI("untitled:Untitled-1")
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "carina", Version: 1,
		Text: "let cert = aws.acm.Certificate {\n  domain_name = 'x.dev'\n}\n\nlet cert_issued = wait cert {\n  until = cert.status == aws.acm.Certificate.Status.Issued\n}\n"}})
	for _, asked := range []protocol.DocumentURI{u, "untitled:Untitled%2D1"} {
		var res graphResult
		if err := c.call("carina/graph", &graphParams{TextDocument: protocol.TextDocumentIdentifier{URI: asked}, SVG: true}, &res); err != nil {
			t.Fatal(err)
		}
		var files []string
		for _, n := range res.Graph.Nodes {
			files = append(files, n.File)
		}
		for _, e := range res.Graph.Edges {
			files = append(files, e.File)
		}
		type shown struct {
			Directory string
			Files     []string
		}
		if diff := cmp.Diff(shown{string(u), []string{"Untitled-1", "Untitled-1", "Untitled-1"}}, shown{res.Graph.Directory, files}); diff != "" {
			t.Errorf("carina/graph asked as %s (-want +got):\n%s", asked, diff)
		}
		raw, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		synthetic := filepath.Base(filepath.Dir(documentPath(u)))
		if s := string(raw); strings.Contains(s, `\u0000`) || strings.Contains(s, synthetic) || !strings.Contains(res.SVG, "<title>Untitled-1</title>") {
			t.Errorf("carina/graph asked as %s shows the synthetic directory %s: %.600s", asked, synthetic, s)
		}
	}
}
