package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/carina-rs/carina-lsp/agent"
)

// mcpConfig is a configuration with findings of every kind the tools report: an unknown
// attribute (an error with a suggestion), a quoted enum value (a safe fix), a misformatted line.
var mcpConfig = map[string]string{
	"net/main.crn": `provider awscc {
  region = awscc.Region.ap_northeast_1
}

let vpc = awscc.ec2.Vpc {
  cidr_block = "10.0.0.0/16"
  instance_tenancy = "default"
}

awscc.ec2.Subnet {
  vpc_id     = vpc.vpc_id
  cidr_block = "10.0.1.0/24"
}
`,
}

// connect starts the built binary's MCP server with the SDK's client over stdio, the client
// declaring root as its one root (the server starts elsewhere: the roots must be what counts).
func connect(t *testing.T, root string) *mcp.ClientSession {
	t.Helper()
	bin := buildBinary(t)
	cmd := exec.Command(bin, "mcp")
	cmd.Dir = t.TempDir()
	cmd.Stderr = os.Stderr
	c := mcp.NewClient(&mcp.Implementation{Name: "carina-lsp-test", Version: "1"}, nil)
	c.AddRoots(&mcp.Root{URI: "file://" + filepath.ToSlash(root)})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// callTool calls a tool and decodes its structured result into out; it returns the error
// result's text, "" when the call succeeded.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, out any) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if res.IsError {
		var texts []string
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				texts = append(texts, tc.Text)
			}
		}
		return strings.Join(texts, "\n")
	}
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatalf("%s: %v in %s", name, err, data)
	}
	return ""
}

// TestMCPTools drives `carina-lsp mcp` through the SDK's client over stdio: the tools listed,
// each called, and what each says of the configuration.
func TestMCPTools(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, mcpConfig)
	root, _ = filepath.EvalSymlinks(root)
	cs := connect(t, root)
	ctx := context.Background()
	var names []string
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
		if tool.OutputSchema == nil || tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
			t.Errorf("%s: want an output schema and the read-only hint", tool.Name)
		}
	}
	slices.Sort(names)
	if diff := cmp.Diff([]string{"check", "convert", "explain", "fix", "fmt", "graph", "schema"}, names); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}

	var checked agent.CheckResult
	if e := callTool(t, cs, "check", map[string]any{"path": "net"}, &checked); e != "" {
		t.Fatal(e)
	}
	var codes []string
	for _, d := range checked.Diagnostics {
		codes = append(codes, d.Code)
		if !strings.HasSuffix(d.Documentation, "/"+d.Code+".md") || d.File != filepath.Join(root, "net", "main.crn") {
			t.Errorf("%s: documentation %q, file %q", d.Code, d.Documentation, d.File)
		}
	}
	if len(checked.Diagnostics) == 0 || checked.Diagnostics[0].Code != "enum-string-literal" || len(checked.Diagnostics[0].Fixes) == 0 ||
		checked.Diagnostics[0].Fixes[0].Edits[0].Range.Start.Line != 6 {
		t.Errorf("check: %+v, want enum-string-literal on line 7 with its fix", checked.Diagnostics)
	}

	text := mcpConfig["net/main.crn"]
	var fixed agent.FixResult
	if e := callTool(t, cs, "fix", map[string]any{"path": "net/main.crn", "text": text}, &fixed); e != "" {
		t.Fatal(e)
	}
	if len(fixed.Files) != 1 || !strings.Contains(fixed.Files[0].Text, "InstanceTenancy.default\n") || len(fixed.Applied) == 0 {
		t.Errorf("fix: %+v", fixed)
	}
	if data, _ := os.ReadFile(filepath.Join(root, "net", "main.crn")); string(data) != text {
		t.Error("fix wrote the file")
	}

	var formatted agent.FmtResult
	if e := callTool(t, cs, "fmt", map[string]any{"text": "let  a = 1\n"}, &formatted); e != "" {
		t.Fatal(e)
	}
	if formatted.Text != "let a = 1\n" || !formatted.Changed {
		t.Errorf("fmt: %+v", formatted)
	}

	var g struct {
		Graph struct{ Nodes, Edges []any }
		Order string
	}
	if e := callTool(t, cs, "graph", map[string]any{"path": "net"}, &g); e != "" {
		t.Fatal(e)
	}
	if len(g.Graph.Nodes) < 2 || len(g.Graph.Edges) == 0 || !strings.Contains(g.Order, "awscc.ec2.Subnet") {
		t.Errorf("graph: %d nodes, %d edges, order %q", len(g.Graph.Nodes), len(g.Graph.Edges), g.Order)
	}

	var conv agent.ConvertResult
	tmpl := "Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n    Properties:\n      BucketName: logs\n"
	if e := callTool(t, cs, "convert", map[string]any{"template": tmpl, "region": "eu-west-1"}, &conv); e != "" {
		t.Fatal(e)
	}
	if !strings.Contains(conv.Text, "awscc.s3.Bucket") || conv.Summary == "" {
		t.Errorf("convert: %+v", conv)
	}

	var page agent.ExplainResult
	if e := callTool(t, cs, "explain", map[string]any{"code": "enum-string-literal"}, &page); e != "" {
		t.Fatal(e)
	}
	if !strings.HasPrefix(page.Page, "# ") || strings.Contains(page.Page, "<!--") {
		t.Errorf("explain: page starts %q", page.Page[:min(80, len(page.Page))])
	}

	var sch agent.SchemaResult
	if e := callTool(t, cs, "schema", map[string]any{"path": "net", "type": "awscc.ec2.Vpc"}, &sch); e != "" {
		t.Fatal(e)
	}
	if sch.Type == nil || len(sch.Sets) == 0 || len(sch.Chosen) == 0 {
		t.Fatalf("schema: %+v", sch)
	}
	var tenancy *agent.Attribute
	for i, a := range sch.Type.Attributes {
		if a.Name == "instance_tenancy" {
			tenancy = &sch.Type.Attributes[i]
		}
	}
	if tenancy == nil || !slices.Contains(tenancy.Enum, "aws.ec2.Vpc.InstanceTenancy.default") || sch.Type.Documentation == "" {
		t.Errorf("schema: instance_tenancy %+v, documentation %q", tenancy, sch.Type.Documentation)
	}
}

// TestMCPHostile: a path outside the roots (given, or through a link), an oversized text, a
// frame of 50 MB, lines that are not JSON-RPC: each gets an error, and the server answers the
// next call.
func TestMCPHostile(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, mcpConfig)
	outside := t.TempDir()
	writeTree(t, outside, map[string]string{"secret.crn": "let a = 1\n"})
	if err := os.Symlink(outside, filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	root, _ = filepath.EvalSymlinks(root)
	cs := connect(t, root)
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"check", map[string]any{"path": outside}, "outside the roots"},
		{"check", map[string]any{"path": "link"}, "outside the roots"},
		{"check", map[string]any{"path": "../"}, "outside the roots"},
		{"fmt", map[string]any{"path": "link/secret.crn"}, "outside the roots"},
		{"schema", map[string]any{"path": "link"}, "outside the roots"},
		{"check", map[string]any{"text": strings.Repeat("#", agent.MaxText+1)}, "more than the"},
		{"fmt", map[string]any{"text": "let = \n"}, "1:"},
		{"explain", map[string]any{"code": "no-such-code"}, "no diagnostic code"},
		{"schema", map[string]any{"type": "awscc.ec2.Vcp"}, `did you mean "awscc.ec2.Vpc"`},
		{"convert", map[string]any{"template": "Resources: [\n"}, "template:"},
	} {
		var out any
		if e := callTool(t, cs, tc.tool, tc.args, &out); !strings.Contains(e, tc.want) {
			t.Errorf("%s %v: error result %q, want one saying %q", tc.tool, short(tc.args), e, tc.want)
		}
	}
	// 50 MB: more than a frame; the SDK's client sends it whole, the server answers with an error.
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "check", Arguments: map[string]any{"text": strings.Repeat("x", 50<<20)}})
	if err == nil || !strings.Contains(err.Error(), "more than the") {
		t.Errorf("a 50 MB text: %v, want an error saying it is too long", err)
	}
	var page agent.ExplainResult
	if e := callTool(t, cs, "explain", map[string]any{"code": "syntax"}, &page); e != "" || page.Code != "syntax" {
		t.Errorf("after the hostile calls: %q %+v", e, page)
	}
}

func short(args map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range args {
		if s, ok := v.(string); ok && len(s) > 40 {
			v = s[:40] + "..."
		}
		out[k] = v
	}
	return out
}

// TestMCPMalformed writes lines that are not JSON-RPC to the server's stdin: each is answered
// with a JSON-RPC error on stdout, nothing else is written there, and the session goes on.
func TestMCPMalformed(t *testing.T) {
	bin := buildBinary(t)
	cmd := exec.Command(bin, "mcp")
	cmd.Dir = t.TempDir()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	lines := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`not json at all`,
		`{"jsonrpc":"2.0","id":`,
		`{"id":7,"method":"tools/list"}`,
		`[{"jsonrpc":"2.0","id":8,"method":"tools/list"}]`,
		`{"jsonrpc":"2.0","id":9,"method":"no/such/method"}`,
		`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"check","arguments":{"path":42}}}`,
		`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"nope","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"explain","arguments":{"code":"syntax"}}}`,
	}
	go func() {
		for _, l := range lines {
			io.WriteString(stdin, l+"\n")
		}
	}()
	type reply struct {
		ID     any                 `json:"id"`
		Error  *struct{ Code int } `json:"error"`
		Result json.RawMessage     `json:"result"`
	}
	var got []string
	sc := bufio.NewScanner(stdout)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r reply
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("stdout holds a line that is not JSON: %q", sc.Text())
		}
		if r.ID == nil && r.Error == nil {
			continue // a notification
		}
		switch {
		case r.Error != nil:
			got = append(got, jsonID(r.ID)+" error")
		case strings.Contains(string(r.Result), `"isError":true`):
			got = append(got, jsonID(r.ID)+" error result")
		default:
			got = append(got, jsonID(r.ID)+" result")
		}
		if len(got) == 9 { // every line answered (requests are served concurrently: in any order)
			break
		}
	}
	stdin.Close()
	// The errors of the frames that are none are written at once, the answers when ready.
	slices.Sort(got)
	want := []string{"1 result", "10 error result", "11 error", "12 result", "7 error", "9 error", "null error", "null error", "null error"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("replies (-want +got):\n%s", diff)
	}
}

func jsonID(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}
