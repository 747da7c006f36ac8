package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestProjectConfiguration drives the server through carina-lsp.toml: the levels it sets (pushed
// and pulled alike), its ignored paths, a broken file reported on the file itself with its
// position, a change on disk picked up from didChangeWatchedFiles without reopening anything,
// the formatter's options, and the quick fix that turns a code off in the file (editing it, or
// creating it where the client can create files).
func TestProjectConfiguration(t *testing.T) {
	files := map[string]string{
		"carina-lsp.toml": "[diagnostics]\nignore = [\"gen\"]\n\n[diagnostics.levels]\nunused-let = \"error\"\n\n[format]\nindent = 4\n",
		"main.crn":        "let unused = 1\n\nlet b = aws.s3.Bucket {\nbucket = 'x'\n}\n",
		"gen/main.crn":    "let unused = 1\n",
	}
	root := writeFiles(t, files)
	toml := filepath.Join(root, "carina-lsp.toml")
	main := uriOf(filepath.Join(root, "main.crn"))
	gen := uriOf(filepath.Join(root, "gen", "main.crn"))
	c := startServer(t, Options{})
	c.initialize(root, protocol.ClientCapabilities{Workspace: &protocol.WorkspaceClientCapabilities{
		WorkspaceEdit: &protocol.WorkspaceClientCapabilitiesWorkspaceEdit{DocumentChanges: true, ResourceOperations: []string{"create"}},
	}})
	for name, uri := range map[string]protocol.DocumentURI{"main.crn": main, "gen/main.crn": gen} {
		c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: files[name]}})
	}
	unused := func(sev protocol.DiagnosticSeverity) func(publishDiagnosticsParams) bool {
		return func(p publishDiagnosticsParams) bool {
			return slices.ContainsFunc(p.Diagnostics, func(d protocol.Diagnostic) bool { return d.Code == "unused-let" && d.Severity == sev })
		}
	}

	t.Run("levels and ignored paths", func(t *testing.T) {
		c.waitDiagnostics(main, unused(protocol.DiagnosticSeverityError))
		for _, p := range c.settledDiagnostics(root, filepath.Join(root, "gen")) {
			if p.URI == gen && len(p.Diagnostics) > 0 {
				t.Errorf("an ignored file got diagnostics: %+v", p.Diagnostics)
			}
		}
		// A client that pulls, as VS Code does, gets the same, its whole workspace included.
		pull := startServer(t, Options{})
		pull.initializePull(root)
		if r := pull.pullDocument(main, ""); !slices.ContainsFunc(r.Items, func(d protocol.Diagnostic) bool {
			return d.Code == "unused-let" && d.Severity == protocol.DiagnosticSeverityError
		}) {
			t.Errorf("pulled: %+v", r.Items)
		}
		all, _ := pull.pullWorkspace("", nil)
		for _, r := range all {
			if r.URI == gen && len(r.Items) > 0 {
				t.Errorf("the workspace pull reports an ignored file: %+v", r.Items)
			}
		}
	})

	t.Run("formatting", func(t *testing.T) {
		var edits []protocol.TextEdit
		if err := c.call("textDocument/formatting", &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: main}, Options: protocol.FormattingOptions{TabSize: 2, InsertSpaces: true}}, &edits); err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(edits, func(e protocol.TextEdit) bool { return strings.Contains(e.NewText, "    bucket = 'x'") }) {
			t.Errorf("not indented by four, as carina-lsp.toml says: %+v", edits)
		}
	})

	t.Run("the quick fix edits the file", func(t *testing.T) {
		action := turnOff(t, c, main, "unused-let")
		var got struct {
			Edit protocol.WorkspaceEdit `json:"edit"`
		}
		remarshal(t, action, &got)
		edits := got.Edit.Changes[uriOf(toml)]
		if len(edits) != 1 || !strings.Contains(edits[0].NewText, "unused-let = \"off\"\n") || !strings.Contains(edits[0].NewText, "indent = 4") {
			t.Fatalf("the edit: %+v", got.Edit)
		}
		// Applied on disk, as the editor would: the diagnostic goes.
		if err := os.WriteFile(toml, []byte(edits[0].NewText), 0o644); err != nil {
			t.Fatal(err)
		}
		c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uriOf(toml), Type: protocol.FileChangeTypeChanged}}})
		c.waitDiagnostics(main, func(p publishDiagnosticsParams) bool {
			return !unused(protocol.DiagnosticSeverityError)(p) && !unused(protocol.DiagnosticSeverityWarning)(p)
		})
	})

	t.Run("a broken file", func(t *testing.T) {
		if err := os.WriteFile(toml, []byte("[diagnostics.levels]\nunused-lett = \"off\"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uriOf(toml), Type: protocol.FileChangeTypeChanged}}})
		p := c.waitDiagnostics(uriOf(toml), func(p publishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
		d := p.Diagnostics[0]
		if d.Range.Start != (protocol.Position{Line: 1, Character: 0}) || !strings.Contains(d.Message, `unknown diagnostic code "unused-lett"; did you mean unused-let?`) {
			t.Errorf("the mistake: %+v", d)
		}
		// What could not be read does not apply: unused-let is a warning again.
		c.waitDiagnostics(main, unused(protocol.DiagnosticSeverityWarning))
		// Fixed, the file's diagnostics are cleared.
		if err := os.WriteFile(toml, []byte("[diagnostics.levels]\nunused-let = \"info\"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uriOf(toml), Type: protocol.FileChangeTypeChanged}}})
		c.waitDiagnostics(uriOf(toml), func(p publishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
		c.waitDiagnostics(main, unused(protocol.DiagnosticSeverityInformation))
	})

	t.Run("the quick fix creates the file", func(t *testing.T) {
		if err := os.Remove(toml); err != nil {
			t.Fatal(err)
		}
		c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uriOf(toml), Type: protocol.FileChangeTypeDeleted}}})
		c.waitDiagnostics(main, unused(protocol.DiagnosticSeverityWarning))
		action := turnOff(t, c, main, "unused-let")
		raw, err := json.Marshal(action)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`{"kind":"create","options":{"ignoreIfExists":true},"uri":"` + string(uriOf(toml)) + `"}`, `"newText":"[diagnostics.levels]\nunused-let = \"off\"\n"`} {
			if !strings.Contains(string(raw), want) {
				t.Errorf("the action lacks %s:\n%s", want, raw)
			}
		}
	})
}

// turnOff asks for the code actions at a diagnostic of code in uri and returns the one that turns
// the code off in carina-lsp.toml.
func turnOff(t *testing.T, c *testClient, uri protocol.DocumentURI, code string) map[string]any {
	t.Helper()
	var actions []map[string]any
	if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Range: protocol.Range{Start: pos(0, 4), End: pos(0, 4)}}, &actions); err != nil {
		t.Fatal(err)
	}
	for _, a := range actions {
		if a["title"] == "Turn "+code+" off in carina-lsp.toml" {
			return a
		}
	}
	t.Fatalf("no action turns %s off: %v", code, actions)
	return nil
}
