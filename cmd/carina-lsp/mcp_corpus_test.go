package main

import (
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/carina-rs/carina-lsp/agent"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/report"
)

// TestMCPCheckEqualsCheck: for every configuration of the corpus, the check tool's findings are
// `check -format json`'s, item for item.
func TestMCPCheckEqualsCheck(t *testing.T) {
	var dirs []string
	for _, f := range corpus.Files(t) {
		if d := filepath.Dir(f); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	root, err := filepath.EvalSymlinks(corpus.Shared(t, "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	cs := inProcess(t, root)
	// check walks the tree: its findings, by configuration.
	r := runCmd(t, "check", "-format", "json", root)
	if r.Code == 2 {
		t.Fatalf("check %s: %s", root, r.Stderr)
	}
	var all []report.Item
	if err := json.Unmarshal([]byte(r.Stdout), &all); err != nil {
		t.Fatalf("check %s: %v", root, err)
	}
	byDir := map[string][]report.Item{}
	for _, it := range all {
		byDir[filepath.Dir(it.File)] = append(byDir[filepath.Dir(it.File)], it)
	}
	findings := 0
	for _, dir := range dirs {
		dir, _ = filepath.EvalSymlinks(dir)
		var got agent.CheckResult
		if e := callTool(t, cs, "check", map[string]any{"path": dir}, &got); e != "" {
			t.Fatalf("the check tool on %s: %s", dir, e)
		}
		var items []report.Item
		for _, d := range got.Diagnostics {
			items = append(items, d.Item)
		}
		if diff := cmp.Diff(byDir[dir], items); diff != "" {
			t.Errorf("%s: the check tool (+) differs from check -format json (-):\n%s", dir, diff)
		}
		findings += len(items)
	}
	t.Logf("%d configurations, %d findings", len(dirs), findings)
	if findings != len(all) {
		t.Errorf("the check tool found %d findings in the corpus's configurations, check %d", findings, len(all))
	}
	if len(dirs) < 100 || findings == 0 {
		t.Errorf("%d configurations, %d findings: the corpus is missing", len(dirs), findings)
	}
}

// inProcess connects the SDK's client to agent.Serve over pipes, root its working directory.
func inProcess(t *testing.T, root string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- agent.Serve(ctx, sr, sw, agent.Options{Version: "test", Dir: root}) }()
	c := mcp.NewClient(&mcp.Implementation{Name: "carina-lsp-test", Version: "1"}, nil)
	cs, err := c.Connect(ctx, &mcp.IOTransport{Reader: cr, Writer: cw}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		cw.Close()
		<-done
	})
	return cs
}
