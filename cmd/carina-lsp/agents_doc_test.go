package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestAgentsDocConfigs starts the server as each agent host configured as docs/agents.md shows
// would, through run (the command line), and lists and calls every tool through the SDK's client.
func TestAgentsDocConfigs(t *testing.T) {
	data, err := os.ReadFile("../../docs/agents.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllSubmatch(data, -1)
	if len(blocks) < 3 {
		t.Fatalf("docs/agents.md shows %d JSON configurations, want one a host (3 or more)", len(blocks))
	}
	for i, b := range blocks {
		var cfg struct {
			MCPServers, Servers map[string]struct {
				Command string   `json:"command"`
				Args    []string `json:"args"`
			}
		}
		if err := json.Unmarshal(b[1], &cfg); err != nil {
			t.Fatalf("block %d: %v\n%s", i, err, b[1])
		}
		servers := cfg.MCPServers
		if servers == nil {
			servers = cfg.Servers
		}
		s, ok := servers["carina"]
		if !ok || s.Command != "carina-lsp" {
			t.Fatalf("block %d: no carina server started as carina-lsp: %s", i, b[1])
		}
		root := t.TempDir()
		writeTree(t, root, mcpConfig)
		args, wd := slices.Clone(s.Args), root
		for j, a := range args {
			if a == "/path/to/infra" {
				args[j], wd = root, t.TempDir() // -root, not the working directory, is the root
			}
		}
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Chdir(wd)
			cs := runInProcess(t, args)
			var names []string
			for tool, err := range cs.Tools(context.Background(), nil) {
				if err != nil {
					t.Fatal(err)
				}
				names = append(names, tool.Name)
			}
			slices.Sort(names)
			if diff := cmp.Diff([]string{"check", "convert", "explain", "fix", "fmt", "graph", "schema"}, names); diff != "" {
				t.Errorf("tools (-want +got):\n%s", diff)
			}
			calls := map[string]map[string]any{
				"check": {"path": "net"}, "fix": {"path": "net"}, "fmt": {"path": "net/main.crn"}, "graph": {"path": "net"},
				"convert": {"template": "Resources: {}\n"}, "explain": {"code": "syntax"}, "schema": {"provider": "aws"},
			}
			for _, name := range names {
				var out any
				if e := callTool(t, cs, name, calls[name], &out); e != "" {
					t.Errorf("%s: %s", name, e)
				}
			}
		})
	}
}

// runInProcess runs the command line args (mcp and its flags) on pipes and connects the SDK's
// client to it.
func runInProcess(t *testing.T, args []string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	done := make(chan int, 1)
	go func() { done <- run(ctx, args, sr, sw, io.Discard) }()
	c := mcp.NewClient(&mcp.Implementation{Name: "carina-lsp-test", Version: "1"}, nil)
	cs, err := c.Connect(ctx, &mcp.IOTransport{Reader: cr, Writer: cw}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		cw.Close()
		if code := <-done; code != 0 {
			t.Errorf("carina-lsp %q exited %d", args, code)
		}
		cancel()
	})
	return cs
}
