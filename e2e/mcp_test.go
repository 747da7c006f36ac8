package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// inspector returns the MCP Inspector's command, skipping the test when e2e/mcp's packages are
// not installed (failing it under CI=true, where .ci/run installs them).
func inspector(t *testing.T) string {
	t.Helper()
	need(t, "node")
	bin := filepath.Join(corpus.Root(t), "e2e", "mcp", "node_modules", ".bin", "mcp-inspector")
	if _, err := os.Stat(bin); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("e2e/mcp/node_modules is missing (CI=true: .ci/run must run npm ci in e2e/mcp)")
		}
		t.Skip("skipping: run `npm ci` in e2e/mcp first")
	}
	return bin
}

// inspect runs the Inspector's command-line mode against `carina-lsp mcp` started in dir, and
// decodes the JSON it prints (after its banner) into out.
func inspect(t *testing.T, insp, server, dir string, out any, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, insp, append([]string{"--cli", server, "mcp"}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("mcp-inspector %q: %v\n%s%s", args, err, stdout, stderr.Bytes())
	}
	i := bytes.IndexByte(stdout, '{')
	if i < 0 {
		t.Fatalf("mcp-inspector %q printed no JSON: %s", args, stdout)
	}
	if err := json.Unmarshal(stdout[i:], out); err != nil {
		t.Fatalf("mcp-inspector %q: %v in %s", args, err, stdout)
	}
}

// TestMCPInspector drives `carina-lsp mcp` with a client no one here wrote, the MCP Inspector's
// command-line mode: it lists the tools and calls each, with the arguments as it passes them
// (strings, JSON values parsed), and a call outside the roots is an error result.
func TestMCPInspector(t *testing.T) {
	insp := inspector(t)
	bin := buildServer(t)
	dir := writeConfig(t, waitConfig())

	var list struct {
		Tools []struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		} `json:"tools"`
	}
	inspect(t, insp, bin, dir, &list, "--method", "tools/list")
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
		if len(tool.InputSchema) == 0 || len(tool.OutputSchema) == 0 {
			t.Errorf("%s: no input or output schema", tool.Name)
		}
	}
	slices.Sort(names)
	if diff := cmp.Diff([]string{"check", "convert", "explain", "fix", "fmt", "graph", "schema"}, names); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}

	type result struct {
		IsError    bool                       `json:"isError"`
		Content    []struct{ Text string }    `json:"content"`
		Structured map[string]json.RawMessage `json:"structuredContent"`
	}
	for _, tc := range []struct {
		tool string
		args []string
		want string // a key of the structured result, or the error's words
	}{
		{"check", []string{"path=."}, "diagnostics"},
		{"check", []string{"path=wait.crn", "text=let  a = 1\n"}, "diagnostics"},
		{"fix", []string{"path=."}, "files"},
		{"fmt", []string{"path=wait.crn"}, "text"},
		{"graph", []string{"path=.", "expandModules=true"}, "order"},
		{"convert", []string{"template=Resources:\n  Q:\n    Type: AWS::SQS::Queue\n"}, "text"},
		{"explain", []string{"code=unused-let"}, "page"},
		{"schema", []string{"provider=awscc", "type=awscc.s3.Bucket"}, "type"},
		{"check", []string{"path=/"}, "outside the roots"},
	} {
		var res result
		args := []string{"--method", "tools/call", "--tool-name", tc.tool}
		for _, a := range tc.args {
			args = append(args, "--tool-arg", a)
		}
		inspect(t, insp, bin, dir, &res, args...)
		switch {
		case res.IsError && len(res.Content) > 0 && strings.Contains(res.Content[0].Text, tc.want):
		case res.IsError:
			t.Errorf("%s %q: error result %+v", tc.tool, tc.args, res.Content)
		case res.Structured[tc.want] == nil:
			t.Errorf("%s %q: no %q in %v", tc.tool, tc.args, tc.want, res.Structured)
		}
	}
}
