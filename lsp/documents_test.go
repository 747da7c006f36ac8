package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// TestFormattingAndFixes formats a document (whole and range, as minimal edits), refuses to format
// a broken one, and applies a quick fix offered by codeAction.
func TestFormattingAndFixes(t *testing.T) {
	files := featureConfig()
	files["wait.crn"] = "let cert_issued = wait cert {\n  until = cert.status == aws.acm.Certificate.Status.Isued\n    depends_on = [validation_record]\n}\n"
	dir := writeFiles(t, files)
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	uris := openAll(t, c, dir, files)
	wait := uris["wait.crn"]
	doc := protocol.TextDocumentIdentifier{URI: wait}

	var edits []protocol.TextEdit
	if err := c.call("textDocument/formatting", &protocol.DocumentFormattingParams{TextDocument: doc, Options: protocol.FormattingOptions{TabSize: 8}}, &edits); err != nil {
		t.Fatal(err)
	}
	// Minimal edits: the first line is untouched; the editor's tab size does not change the house style.
	if len(edits) != 1 || edits[0].Range.Start.Line != 1 || !strings.Contains(edits[0].NewText, "  until      = cert.status") {
		t.Errorf("formatting edits: %+v", edits)
	}
	var redits []protocol.TextEdit
	if err := c.call("textDocument/rangeFormatting", &protocol.DocumentRangeFormattingParams{TextDocument: doc, Range: protocol.Range{Start: pos(1, 0), End: pos(1, 3)}}, &redits); err != nil {
		t.Fatal(err)
	}
	if len(redits) != 1 {
		t.Errorf("range formatting edits: %+v", redits)
	}

	// The quick fix for the misspelt enum value, once the semantic phase has run.
	c.waitDiagnostics(wait, func(p publishDiagnosticsParams) bool {
		for _, d := range p.Diagnostics {
			if d.Code == "wait-until-type-mismatch" {
				return true
			}
		}
		return false
	})
	var actions []protocol.CodeAction
	if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: doc, Range: protocol.Range{Start: pos(1, 40), End: pos(1, 40)}}, &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) == 0 || actions[0].Kind != protocol.QuickFix || actions[0].Edit == nil {
		t.Fatalf("code actions: %+v", actions)
	}
	fix := actions[0].Edit.Changes[wait]
	if len(fix) != 1 || fix[0].NewText != "aws.acm.Certificate.Status.issued" {
		t.Errorf("the quick fix: %+v", fix)
	}
	var none []protocol.CodeAction
	if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: doc, Range: protocol.Range{Start: pos(1, 40), End: pos(1, 40)}, Context: protocol.CodeActionContext{Only: []protocol.CodeActionKind{protocol.Refactor}}}, &none); err != nil || len(none) != 0 {
		t.Errorf("code actions of another kind: %v %+v", err, none)
	}

	// A broken document is not formatted.
	c.notify("textDocument/didChange", &didChangeParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: doc, Version: 2},
		ContentChanges: []contentChange{{Text: "let x = {\n"}},
	})
	if err := c.call("textDocument/formatting", &protocol.DocumentFormattingParams{TextDocument: doc}, &edits); err != nil || len(edits) != 0 {
		t.Errorf("formatting a broken document: %v %+v", err, edits)
	}
}

// TestChangesOutsideTheEditor: a sibling file changed on disk (didChangeWatchedFiles) and a saved
// file (didSave) are picked up, settings arrive through didChangeConfiguration, and workspace
// folders through didChangeWorkspaceFolders.
func TestChangesOutsideTheEditor(t *testing.T) {
	files := featureConfig()
	dir := writeFiles(t, files)
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	wait := uriOf(filepath.Join(dir, "wait.crn"))
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: wait, LanguageID: "carina", Version: 1, Text: files["wait.crn"]}})
	hasCode := func(code string) func(publishDiagnosticsParams) bool {
		return func(p publishDiagnosticsParams) bool {
			for _, d := range p.Diagnostics {
				if d.Code == code {
					return true
				}
			}
			return false
		}
	}
	noCode := func(code string) func(publishDiagnosticsParams) bool {
		return func(p publishDiagnosticsParams) bool { return !hasCode(code)(p) }
	}
	c.waitDiagnostics(wait, noCode("wait-unknown-target"))

	// main.crn loses `cert` on disk: the open wait.crn must learn of it.
	main := filepath.Join(dir, "main.crn")
	if err := os.WriteFile(main, []byte(strings.Replace(files["main.crn"], "let cert =", "let certificate =", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uriOf(main), Type: protocol.FileChangeTypeChanged}}})
	c.waitDiagnostics(wait, hasCode("wait-unknown-target"))

	// Put it back and say so with didSave, as an editor that saved main.crn would.
	if err := os.WriteFile(main, []byte(files["main.crn"]), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("textDocument/didSave", &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(main)}})
	c.waitDiagnostics(wait, noCode("wait-unknown-target"))

	// An extra schema through the settings makes a made-up resource type known.
	schemaFile := filepath.Join(dir, "extra.json")
	if err := os.WriteFile(schemaFile, []byte(`{"format":"carina-schema-index","format_version":1,"provider":"demo","wait_defaults":{"timeout_secs":300,"interval_secs":5},"resources":{"demo.svc.Thing":{"provider":"demo","type":"demo.svc.Thing","schema_type":"svc.Thing","kind":"resource","attributes":{"name":{"type":{"kind":"string"},"required":true,"read_only":false,"create_only":false,"write_only":false,"identity":false,"deferred_populate":false,"removable":null,"default":null,"provider_name":"Name","block_name":null,"description":"","display":"String"}},"defs":{},"wait":{"timeout_secs":null,"interval_secs":null},"exclusive_required":[],"unique_name":{"kind":"conflicting"},"primary_identifier":null,"operation_config":null,"has_tags":false,"description":"","cloud_type":"","source_file":"","source_origin":"repo"}},"data_sources":{},"enums":{},"custom_types":{},"regions":{"source_file":"","values":[]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	thing := uriOf(filepath.Join(dir, "thing.crn"))
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: thing, LanguageID: "carina", Version: 1, Text: "demo.svc.Thing {\n  nmae = 'x'\n}\n"}})
	c.waitDiagnostics(thing, hasCode("no-schema"))
	c.notify("workspace/didChangeConfiguration", &protocol.DidChangeConfigurationParams{Settings: map[string]any{"carina": map[string]any{"schemas": []string{schemaFile}}}})
	c.waitDiagnostics(thing, hasCode("unknown-attribute"))

	c.notify("workspace/didChangeWorkspaceFolders", &protocol.DidChangeWorkspaceFoldersParams{Event: protocol.WorkspaceFoldersChangeEvent{
		Added: []protocol.WorkspaceFolder{{URI: string(uriOf(t.TempDir())), Name: "other"}},
	}})
	// Notifications are applied in order before the next message is read: a request after it
	// is answered only once the folders changed.
	if err := c.call("workspace/symbol", &protocol.WorkspaceSymbolParams{Query: "x"}, nil); err != nil {
		t.Fatal(err)
	}
	c.srv.mu.Lock()
	n := len(c.srv.folders)
	c.srv.mu.Unlock()
	if n != 2 {
		t.Errorf("workspace folders after adding one: %d, want 2", n)
	}
}

// TestCodeActionsFromTheRequestsText: code actions are computed on the document's text at the
// request, not on the last publish: right after an edit (before the semantic phase ran), the
// edit's own mistakes get their fixes, syntax-level ones included, with ranges in the new text.
func TestCodeActionsFromTheRequestsText(t *testing.T) {
	files := featureConfig()
	dir := writeFiles(t, files)
	c := startServer(t, Options{Debounce: time.Hour}) // no semantic publish at all
	c.initialize(dir, protocol.ClientCapabilities{})
	uris := openAll(t, c, dir, files)
	wait := uris["wait.crn"]
	doc := protocol.TextDocumentIdentifier{URI: wait}
	c.notify("textDocument/didChange", &didChangeParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: doc, Version: 2},
		ContentChanges: []contentChange{{Text: "\n\nlet cert_issued = wait cert {\n  until   = cert.status == aws.acm.Certificate.Status.Isued\n  timeout = 30 min\n}\n"}},
	})
	titles := func(line, char uint32) map[string]protocol.Range {
		var actions []protocol.CodeAction
		if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: doc, Range: protocol.Range{Start: pos(line, char), End: pos(line, char)}}, &actions); err != nil {
			t.Fatal(err)
		}
		out := map[string]protocol.Range{}
		for _, a := range actions {
			if a.Edit != nil && len(a.Edit.Changes[wait]) == 1 {
				out[a.Title] = a.Edit.Changes[wait][0].Range
			}
		}
		return out
	}
	if got := titles(4, 15); got["Change to 30min"] != (protocol.Range{Start: pos(4, 12), End: pos(4, 18)}) {
		t.Errorf("the duration's fix (a syntax error) on the new text: %v", got)
	}
	if got := titles(3, 40); len(got) == 0 {
		t.Errorf("no fix for the misspelt enum value on the new text")
	}
}

// TestRangeFormattingSameLine: range formatting of a statement that begins on the line where the
// one before it ends sends edits that separate them as whole-document formatting does.
func TestRangeFormattingSameLine(t *testing.T) {
	tests := []struct {
		src  string
		rng  protocol.Range
		want string
	}{
		{"let a=x b{}\n", protocol.Range{Start: pos(0, 8), End: pos(0, 11)}, "let a=x\n\nb {}\n"},
		{"let a = 1 b {\n}\n", protocol.Range{Start: pos(1, 0), End: pos(1, 1)}, "let a = 1\n\nb {}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			files := map[string]string{"main.crn": tt.src}
			dir := writeFiles(t, files)
			c := startServer(t, Options{})
			c.initialize(dir, protocol.ClientCapabilities{})
			doc := protocol.TextDocumentIdentifier{URI: openAll(t, c, dir, files)["main.crn"]}
			var edits []protocol.TextEdit
			if err := c.call("textDocument/rangeFormatting", &protocol.DocumentRangeFormattingParams{TextDocument: doc, Range: tt.rng}, &edits); err != nil {
				t.Fatal(err)
			}
			if got := applyASCIIEdits(tt.src, edits); got != tt.want {
				t.Errorf("after the edits %+v:\n got %q\nwant %q", edits, got, tt.want)
			}
		})
	}
}

// applyASCIIEdits applies LSP edits to an ASCII text (UTF-16 columns are byte columns), last first.
func applyASCIIEdits(text string, edits []protocol.TextEdit) string {
	offset := func(p protocol.Position) int {
		off := 0
		for range p.Line {
			off += strings.IndexByte(text[off:], '\n') + 1
		}
		return off + int(p.Character)
	}
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		text = text[:offset(e.Range.Start)] + e.NewText + text[offset(e.Range.End):]
	}
	return text
}
