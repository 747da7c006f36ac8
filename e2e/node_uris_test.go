package e2e

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestNodeURISpellings drives the built server from Node with the URIs VS Code makes (vscode-uri)
// for files whose names hold + = ; , @ $ ! % #, spaces and non-ASCII letters: every URI of every
// answer (publishDiagnostics, references, definition, call hierarchy, code lenses and
// carina.showLocations, document links, workspace symbols, rename, pulled diagnostics) must be
// the one vscode-uri writes for the file, and a request naming its document as Node's
// pathToFileURL spells it must be answered the same.
func TestNodeURISpellings(t *testing.T) {
	node, clientDir := nodeClient(t)
	bin := buildServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, node, filepath.Join(clientDir, "uris.mjs"), bin, t.TempDir()).Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var res struct {
		Error        string         `json:"error"`
		Checked      map[string]int `json:"checked"`
		Bad          []any          `json:"bad"`
		Differ       []any          `json:"differ"`
		SameSpelling []string       `json:"sameSpelling"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("results %s: %v", out, err)
	}
	if res.Error != "" {
		t.Fatalf("the Node client failed: %s", res.Error)
	}
	if len(res.SameSpelling) > 0 {
		t.Errorf("VS Code and Node spell %v alike: the test asks nothing new", res.SameSpelling)
	}
	for _, m := range []string{
		"textDocument/publishDiagnostics", "textDocument/references", "textDocument/definition",
		"textDocument/prepareCallHierarchy", "callHierarchy/incomingCalls", "callHierarchy/outgoingCalls",
		"textDocument/codeLens", "carina.showLocations", "textDocument/documentLink", "workspace/symbol",
		"textDocument/rename", "workspace/diagnostic", "textDocument/diagnostic",
	} {
		if res.Checked[m] == 0 {
			t.Errorf("%s answered no URI", m)
		}
	}
	for _, b := range res.Bad {
		t.Errorf("a URI VS Code would not write, or of no file: %v", b)
	}
	for _, d := range res.Differ {
		t.Errorf("answered otherwise when asked by Node's spelling: %v", d)
	}
}
