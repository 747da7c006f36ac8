package lsp

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// initializePull runs the handshake for a client that pulls diagnostics as VS Code's does: it
// declares textDocument.diagnostic and workspace.diagnostics.refreshSupport (which the library's
// capability type cannot carry).
func (c *testClient) initializePull(root string) initializeResult {
	c.t.Helper()
	params := map[string]any{
		"rootUri": uriOf(root),
		"capabilities": map[string]any{
			"textDocument": map[string]any{"diagnostic": map[string]any{}},
			"workspace":    map[string]any{"diagnostics": map[string]any{"refreshSupport": true}},
		},
	}
	var res initializeResult
	if err := c.call("initialize", params, &res); err != nil {
		c.t.Fatalf("initialize: %v", err)
	}
	c.notify("initialized", &protocol.InitializedParams{})
	return res
}

// pullReport is either report of one document, as decoded.
type pullReport struct {
	Kind     string                `json:"kind"`
	ResultID string                `json:"resultId"`
	Items    []protocol.Diagnostic `json:"items"`
	URI      protocol.DocumentURI  `json:"uri"`
	Version  *int32                `json:"version"`
}

func (r pullReport) codes() []string {
	var out []string
	for _, d := range r.Items {
		out = append(out, d.Code.(string))
	}
	sort.Strings(out)
	return out
}

func (c *testClient) pullDocument(uri protocol.DocumentURI, previous string) pullReport {
	c.t.Helper()
	var r pullReport
	if err := c.call("textDocument/diagnostic", &documentDiagnosticParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, PreviousResultID: previous}, &r); err != nil {
		c.t.Fatal(err)
	}
	return r
}

// pullWorkspace asks workspace/diagnostic, with a partial result token when stream, and returns
// every report: the partial results' and the answer's.
func (c *testClient) pullWorkspace(token string, previous map[protocol.DocumentURI]string) (all []pullReport, partials int) {
	c.t.Helper()
	p := &workspaceDiagnosticParams{PreviousResultIDs: []previousResultID{}}
	if token != "" {
		p.PartialResultToken = json.RawMessage(`"` + token + `"`)
	}
	for u, id := range previous {
		p.PreviousResultIDs = append(p.PreviousResultIDs, previousResultID{URI: u, Value: id})
	}
	seen := c.mark()
	var res struct {
		Items []pullReport `json:"items"`
	}
	if err := c.call("workspace/diagnostic", p, &res); err != nil {
		c.t.Fatal(err)
	}
	if token != "" && len(res.Items) > 0 {
		c.t.Errorf("with partial results, the answer holds %d items", len(res.Items))
	}
	all = res.Items
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range c.notes[seen:] {
		if n.method != "$/progress" {
			continue
		}
		var pr struct {
			Token string `json:"token"`
			Value struct {
				Items []pullReport `json:"items"`
			} `json:"value"`
		}
		if err := json.Unmarshal(n.params, &pr); err != nil || pr.Token != token {
			continue
		}
		partials++
		all = append(all, pr.Value.Items...)
	}
	return all, partials
}

// TestPullDiagnostics: a client that pulls gets no publishDiagnostics at all; a document's pull
// answers its findings with a result id, "unchanged" for that id until an edit changes them; a
// file never opened is pulled too; the workspace's pull reports every file of every
// configuration, in partial results when asked, "unchanged" for the ids the client holds.
func TestPullDiagnostics(t *testing.T) {
	root := writeFiles(t, map[string]string{
		"app/main.crn":  "let logs = aws.s3.Bucket {\n  bucket = 'logs'\n}\nlet copy = lgos.bucket\n",
		"app/other.crn": "let fine = 'x'\n",
		"lib/main.crn":  "let unused_thing = 'x'\n",
	})
	c := startServer(t, Options{})
	res := c.initializePull(root)
	if dp := res.Capabilities.DiagnosticProvider; dp == nil || !dp.WorkspaceDiagnostics || !dp.InterFileDependencies {
		t.Fatalf("diagnosticProvider %+v", dp)
	}
	app := uriOf(filepath.Join(root, "app", "main.crn"))
	other := uriOf(filepath.Join(root, "app", "other.crn"))
	lib := uriOf(filepath.Join(root, "lib", "main.crn"))
	text := "let logs = aws.s3.Bucket {\n  bucket = 'logs'\n}\nlet copy = lgos.bucket\n"
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: app, LanguageID: "carina", Version: 1, Text: text}})

	first := c.pullDocument(app, "")
	if first.Kind != reportFull || first.ResultID == "" || !slices.Contains(first.codes(), "undefined-binding") {
		t.Fatalf("first pull: %+v", first)
	}
	linksToPages(t, first.Items)
	if again := c.pullDocument(app, first.ResultID); again.Kind != reportUnchanged || again.ResultID != first.ResultID || again.Items != nil {
		t.Errorf("second pull with its id: %+v, want unchanged", again)
	}
	if closed := c.pullDocument(lib, ""); closed.Kind != reportFull || !slices.Equal(closed.codes(), []string{"unused-let"}) {
		t.Errorf("a file never opened: %+v", closed)
	}
	// The fix: the finding goes, the id changes.
	c.notify("textDocument/didChange", &didChangeParams{TextDocument: versioned(app, 2), ContentChanges: []contentChange{{Text: strings.Replace(text, "lgos", "logs", 1)}}})
	fixed := c.pullDocument(app, first.ResultID)
	if fixed.Kind != reportFull || fixed.ResultID == first.ResultID || slices.Contains(fixed.codes(), "undefined-binding") {
		t.Errorf("after the fix: %+v", fixed)
	}

	for _, token := range []string{"", "ws-1"} {
		all, partials := c.pullWorkspace(token, nil)
		if token != "" && partials == 0 {
			t.Errorf("token %q: no partial result", token)
		}
		got := map[protocol.DocumentURI]pullReport{}
		for _, r := range all {
			if _, dup := got[r.URI]; dup {
				t.Errorf("token %q: %s reported twice", token, r.URI)
			}
			got[r.URI] = r
		}
		want := map[protocol.DocumentURI][]string{app: {"unused-let"}, other: {"unused-let"}, lib: {"unused-let"}}
		gotCodes := map[protocol.DocumentURI][]string{}
		for u, r := range got {
			gotCodes[u] = r.codes()
			linksToPages(t, r.Items)
		}
		if d := cmp.Diff(want, gotCodes); d != "" {
			t.Errorf("token %q: codes by file (-want +got):\n%s", token, d)
		}
		if v := got[app].Version; v == nil || *v != 2 {
			t.Errorf("token %q: the open document's version %v, want 2", token, v)
		}
		if got[lib].Version != nil {
			t.Errorf("token %q: a closed file has version %d", token, *got[lib].Version)
		}
		if got[app].ResultID != fixed.ResultID {
			t.Errorf("token %q: the open document's id %q, its own pull's %q", token, got[app].ResultID, fixed.ResultID)
		}
		ids := map[protocol.DocumentURI]string{}
		for u, r := range got {
			ids[u] = r.ResultID
		}
		again, _ := c.pullWorkspace(token, ids)
		for _, r := range again {
			if r.Kind != reportUnchanged || r.ResultID != ids[r.URI] {
				t.Errorf("token %q: pulled again, %s is %s (%q), want unchanged (%q)", token, r.URI, r.Kind, r.ResultID, ids[r.URI])
			}
		}
		if len(again) != len(got) {
			t.Errorf("token %q: pulled again, %d reports, first %d", token, len(again), len(got))
		}
	}

	// Nothing was pushed, and no semantic phase was scheduled.
	if err := c.call("textDocument/foldingRange", &protocol.FoldingRangeParams{}, nil); err != nil {
		t.Fatal(err)
	}
	c.mu.Lock()
	for _, n := range c.notes {
		if n.method == "textDocument/publishDiagnostics" {
			t.Errorf("a pulling client got a publish: %s", n.params)
		}
	}
	c.mu.Unlock()
	c.srv.pub.mu.Lock()
	if n := len(c.srv.pub.dirs); n != 0 {
		t.Errorf("%d semantic phases scheduled for a pulling client", n)
	}
	c.srv.pub.mu.Unlock()
}

// TestPushWithoutPull: a client that does not declare textDocument.diagnostic, or declares it
// but cannot be told to pull again (Neovim 0.10, which pulls only the buffers it shows), gets
// pushed diagnostics, as before pull existed, and no diagnostic provider (so it does not pull as
// well).
func TestPushWithoutPull(t *testing.T) {
	for name, caps := range map[string]string{
		"no pull":              `{}`,
		"pull without refresh": `{"textDocument":{"diagnostic":{"dynamicRegistration":false}}}`,
		"refresh without pull": `{"workspace":{"diagnostics":{"refreshSupport":true}}}`,
	} {
		t.Run(name, func(t *testing.T) { pushedTo(t, caps) })
	}
}

func pushedTo(t *testing.T, caps string) {
	root := writeFiles(t, map[string]string{"main.crn": "let copy = nothing_here.x\n"})
	c := startServer(t, Options{})
	var res initializeResult
	if err := c.call("initialize", map[string]any{"rootUri": uriOf(root), "capabilities": json.RawMessage(caps)}, &res); err != nil {
		t.Fatal(err)
	}
	c.notify("initialized", &protocol.InitializedParams{})
	if res.Capabilities.DiagnosticProvider != nil {
		t.Errorf("a client pushed to is offered pulls: %+v", res.Capabilities.DiagnosticProvider)
	}
	uri := uriOf(filepath.Join(root, "main.crn"))
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: "let copy = nothing_here.x\n"}})
	p := c.waitDiagnostics(uri, func(p publishDiagnosticsParams) bool {
		return slices.ContainsFunc(p.Diagnostics, func(d protocol.Diagnostic) bool { return d.Code == "undefined-binding" })
	})
	linksToPages(t, p.Diagnostics)
}

// linksToPages fails unless every diagnostic links to its code's page (codeDescription.href).
func linksToPages(t *testing.T, ds []protocol.Diagnostic) {
	t.Helper()
	for _, d := range ds {
		code, _ := d.Code.(string)
		if want := finding.DocURL(finding.Code(code)); d.CodeDescription == nil || string(d.CodeDescription.Href) != want {
			t.Errorf("%s %q: codeDescription %+v, want href %s", code, d.Message, d.CodeDescription, want)
		}
	}
}
