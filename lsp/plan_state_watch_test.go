package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// TestStateFileChangeReplans: an apply that rewrites the state file (a watched-file event) makes
// the server check the configuration again against the new state and ask a client that can to
// refresh its lenses; the file is read again though its path is the same.
func TestStateFileChangeReplans(t *testing.T) {
	const crn = "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.1.0.0/16'\n}\n"
	dir := t.TempDir()
	path, statePath := filepath.Join(dir, "main.crn"), filepath.Join(dir, "carina.state.json")
	writeFile(t, path, crn)
	writeFile(t, statePath, vpcState("10.0.0.0/16"))
	c := startServer(t, Options{Debounce: 10 * time.Millisecond})
	c.initialize(dir, protocol.ClientCapabilities{Workspace: &protocol.WorkspaceClientCapabilities{CodeLens: &protocol.CodeLensWorkspaceClientCapabilities{RefreshSupport: true}}})
	uri := uriOf(path)
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: crn}})
	codes := func() []string {
		var out []string
		for _, d := range c.lastDiagnostics(uri).Diagnostics {
			out = append(out, d.Code.(string))
		}
		return out
	}
	c.settledDiagnostics(dir)
	if diff := cmp.Diff([]string{"replaces-resource"}, codes()); diff != "" {
		t.Fatalf("before the apply (-want +got):\n%s", diff)
	}
	lens := func() string {
		var lenses []protocol.CodeLens
		if err := c.call("textDocument/codeLens", &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &lenses); err != nil {
			t.Fatal(err)
		}
		return lenses[0].Command.Title
	}
	if got := lens(); got != "-/+ replace: cidr_block is create-only" {
		t.Fatalf("lens before the apply: %q", got)
	}

	// The apply: same path, new content (and size), then the watcher's event.
	writeFile(t, statePath, vpcState("10.1.0.0/16")+"\n")
	c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uriOf(statePath), Type: protocol.FileChangeTypeChanged}}})
	deadline := time.Now().Add(hangLimit)
	for len(codes()) != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("after the apply the diagnostics are still %v", codes())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if got := lens(); got != "no changes" {
		t.Errorf("lens after the apply: %q", got)
	}
	c.mu.Lock()
	refreshed := slices.ContainsFunc(c.notes, func(n note) bool { return n.method == "workspace/codeLens/refresh" })
	c.mu.Unlock()
	if !refreshed {
		t.Error("the client was not asked to refresh its lenses")
	}
}

// TestStateFileElsewhere: a backend whose path names a file outside the configuration's
// directory. With a client that watches files, its event re-checks the configuration planned
// against it, not the file's own directory; with one that does not (or a file the watchers'
// patterns do not cover), the server notices the change itself.
func TestStateFileElsewhere(t *testing.T) {
	tests := []struct {
		name    string
		file    string // the state file, relative to the root
		watches bool   // the client registers file watchers
	}{
		{"watched, in a sibling directory", "state/dev.state.json", true},
		{"watched patterns do not cover its name", "state/dev.json", true},
		{"a client without watchers", "state/dev.state.json", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "cfg")
			statePath := filepath.Join(root, filepath.FromSlash(tt.file))
			crn := "backend local {\n  path = '../" + tt.file + "'\n}\n\nlet vpc = awscc.ec2.Vpc {\n  cidr_block = '10.1.0.0/16'\n}\n"
			path := filepath.Join(dir, "main.crn")
			writeFile(t, path, crn)
			writeFile(t, statePath, vpcState("10.0.0.0/16"))
			c := startServer(t, Options{Debounce: 10 * time.Millisecond, StatePoll: 20 * time.Millisecond})
			caps := protocol.ClientCapabilities{}
			if tt.watches {
				caps.Workspace = &protocol.WorkspaceClientCapabilities{DidChangeWatchedFiles: &protocol.DidChangeWatchedFilesWorkspaceClientCapabilities{DynamicRegistration: true}}
			}
			c.initialize(root, caps)
			uri := uriOf(path)
			c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: crn}})
			codes := func() []string {
				var out []string
				for _, d := range c.lastDiagnostics(uri).Diagnostics {
					out = append(out, d.Code.(string))
				}
				return out
			}
			c.settledDiagnostics(dir)
			if diff := cmp.Diff([]string{"replaces-resource"}, codes()); diff != "" {
				t.Fatalf("before the apply (-want +got):\n%s", diff)
			}
			time.Sleep(60 * time.Millisecond) // the poll has seen the file once
			writeFile(t, statePath, vpcState("10.1.0.0/16")+"\n")
			if tt.watches && strings.HasSuffix(tt.file, ".state.json") {
				c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uriOf(statePath), Type: protocol.FileChangeTypeChanged}}})
			}
			deadline := time.Now().Add(hangLimit)
			for len(codes()) != 0 {
				if time.Now().After(deadline) {
					t.Fatalf("after the apply the diagnostics are still %v", codes())
				}
				time.Sleep(5 * time.Millisecond)
			}
		})
	}
}

// vpcState is a state file holding the VPC vpc with the cidr_block it was applied with.
func vpcState(cidr string) string {
	return `{"version":10,"serial":1,"lineage":"l","carina_version":"0.4.0","resources":[{"resource_type":"ec2.Vpc","identity":"vpc","binding":"vpc","provider":"awscc","identifier":"vpc-1","attributes":{"cidr_block":"` +
		cidr + `"},"explicit":{"kind":"struct","children":{"cidr_block":{"kind":"leaf"}}}}]}`
}
