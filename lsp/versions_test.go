package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestLockFileChange checks that the schemas follow carina-providers.lock and the provider
// block's version: the newest aws schemas have no versioning_status on aws.s3.Bucket, aws 0.5.0
// has it.
func TestLockFileChange(t *testing.T) {
	files := map[string]string{"main.crn": "provider aws {\n  region = aws.Region.us_east_1\n}\n\nlet b = aws.s3.Bucket {\n  bucket            = 'logs'\n  versioning_status = Enabled\n}\n"}
	dir := writeFiles(t, files)
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	main := uriOf(filepath.Join(dir, "main.crn"))
	unknown := func(want bool) func(publishDiagnosticsParams) bool {
		return func(p publishDiagnosticsParams) bool {
			found := false
			for _, d := range p.Diagnostics {
				found = found || d.Code == "unknown-attribute" && strings.Contains(d.Message, "aws 0.5.0")
			}
			return found == want
		}
	}
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: main, LanguageID: "carina", Version: 1, Text: files["main.crn"]}})
	c.waitDiagnostics(main, unknown(true))

	lock := filepath.Join(dir, "carina-providers.lock")
	if err := os.WriteFile(lock, []byte("[[provider]]\nname = \"aws\"\nmode = \"version\"\nversion = \"0.5.0\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uriOf(lock), Type: protocol.FileChangeTypeCreated}}})
	c.waitDiagnostics(main, unknown(false))

	if err := os.Remove(lock); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uriOf(lock), Type: protocol.FileChangeTypeDeleted}}})
	c.waitDiagnostics(main, unknown(true))

	// The provider block's version, edited in the editor, applies at the next check.
	pinned := strings.Replace(files["main.crn"], "us_east_1\n", "us_east_1\n  version = '~0.5.0'\n", 1)
	c.notify("textDocument/didChange", &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: main}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: pinned}},
	})
	c.waitDiagnostics(main, unknown(false))
}
