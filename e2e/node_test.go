package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// nodeResults is what node/client.mjs reports.
type nodeResults struct {
	Error        string   `json:"error"`
	Capabilities []string `json:"capabilities"`
	Diagnostics  []struct {
		Line int    `json:"line"`
		Col  int    `json:"col"`
		Code string `json:"code"`
	} `json:"diagnostics"`
	Version         int               `json:"version"`
	Completion      json.RawMessage   `json:"completion"`
	Hover           json.RawMessage   `json:"hover"`
	FormattingEdits []json.RawMessage `json:"formattingEdits"`
	Links           []nodeLink        `json:"links"`
	AfterFix        []string          `json:"afterFix"`
	Untitled        struct {
		Diagnostics     []string          `json:"diagnostics"`
		Hover           json.RawMessage   `json:"hover"`
		FormattingEdits []json.RawMessage `json:"formattingEdits"`
	} `json:"untitled"`
	FullSync struct {
		LineBefore int     `json:"lineBefore"`
		Publishes  [][]int `json:"publishes"`
	} `json:"fullSync"`
	ExitCode int `json:"exitCode"`
}

// nodeLink is a document link as node/client.mjs reports it: where it starts and its target.
type nodeLink struct {
	Line   int    `json:"line"`
	Col    int    `json:"col"`
	Target string `json:"target"`
}

// TestNodeClient drives the built server from Node with vscode-languageserver-protocol (the
// protocol library of VS Code's client): the same checks as the Neovim test, plus an incremental
// edit that fixes the mistake, an untitled buffer, a whole-text change that must not make the
// diagnostics flicker, and the shutdown/exit handshake.
func TestNodeClient(t *testing.T) {
	node := need(t, "node")
	clientDir := filepath.Join(corpus.Root(t), "e2e", "node")
	if _, err := os.Stat(filepath.Join(clientDir, "node_modules", "vscode-languageserver-protocol")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("e2e/node/node_modules is missing (CI=true: .ci/run must run npm ci in e2e/node)")
		}
		t.Skip("skipping: run `npm ci` in e2e/node first")
	}
	bin := buildServer(t)
	dir := writeConfig(t, waitConfig())
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, node, filepath.Join(clientDir, "client.mjs"), bin, dir).Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var res nodeResults
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("results %s: %v", out, err)
	}
	if res.Error != "" {
		t.Fatalf("the Node client failed: %s", res.Error)
	}
	var codes []string
	for _, d := range res.Diagnostics {
		codes = append(codes, d.Code)
	}
	if !slices.Contains(codes, "wait-until-type-mismatch") || res.Version != 1 {
		t.Errorf("diagnostics %v (version %d): want wait-until-type-mismatch on version 1", codes, res.Version)
	}
	if !strings.Contains(string(res.Hover), "\u003e cert_issued (until cert.status") && !strings.Contains(string(res.Hover), "> cert_issued (until cert.status") {
		t.Errorf("hover on wait: %s, want the plan line", res.Hover)
	}
	var labels []string
	if err := json.Unmarshal(res.Completion, &labels); err != nil || !slices.Contains(labels, "timeout") || slices.Contains(labels, "until") {
		t.Errorf("completion at key position in the wait block: %s, want timeout and not the keys already set", res.Completion)
	}
	// main.crn's first line: `let cert = aws.acm.Certificate {`, the type at column 11.
	if !slices.ContainsFunc(res.Links, func(l nodeLink) bool {
		return l.Line == 0 && l.Col == 11 && strings.HasSuffix(l.Target, "/generated-docs/aws/acm/certificate.md")
	}) || !slices.Contains(res.Capabilities, "documentLinkProvider") {
		t.Errorf("document links of main.crn: %+v (capabilities %v), want aws.acm.Certificate's page", res.Links, res.Capabilities)
	}
	if len(res.FormattingEdits) == 0 {
		t.Error("formatting returned no edits for an unformatted wait block")
	}
	if slices.Contains(res.AfterFix, "wait-until-type-mismatch") {
		t.Errorf("after the fix: %v", res.AfterFix)
	}
	if u := res.Untitled; !slices.Contains(u.Diagnostics, "wait-unknown-target") || !strings.Contains(string(u.Hover), "cert_issued") || len(u.FormattingEdits) == 0 {
		t.Errorf("the untitled buffer: diagnostics %v (want wait-unknown-target: no sibling files), hover %s, %d formatting edits", u.Diagnostics, u.Hover, len(u.FormattingEdits))
	}
	// A whole-text change above the wait: each publish of the new version has the wait's
	// diagnostic one line lower, none is without it.
	if fs := res.FullSync; fs.LineBefore < 0 || len(fs.Publishes) == 0 {
		t.Errorf("full-sync change: %+v, want the wait's diagnostic before and a publish after", fs)
	} else {
		for i, lines := range fs.Publishes {
			if !slices.Equal(lines, []int{fs.LineBefore + 1}) {
				t.Errorf("full-sync change: publish %d of the new version has the wait's diagnostic on lines %v, want [%d] (all publishes: %v)", i+1, lines, fs.LineBefore+1, fs.Publishes)
			}
		}
	}
	if res.ExitCode != 0 {
		t.Errorf("exit code after shutdown and exit = %d, want 0", res.ExitCode)
	}
}
