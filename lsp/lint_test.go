package lsp

import (
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestLintSettings: the lint rules' diagnostics are published; the disable setting drops a code
// (an unknown code is logged, the valid ones still apply); the snake_case rename is a code action
// that edits every file naming the binding; formatting rewrites a list of maps as blocks unless
// the listToBlocks setting is false.
func TestLintSettings(t *testing.T) {
	files := map[string]string{
		"main.crn":    "let myVpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n}\n\nlet label = join('-', ['a', 'b'])\n",
		"subnets.crn": "awscc.ec2.Subnet {\n  vpc_id     = myVpc.vpc_id\n  cidr_block = '10.0.1.0/24'\n  tags = { Name = label }\n}\n",
		"ipam.crn":    "awscc.ec2.Ipam {\n  operating_regions = [{ region_name = 'ap-northeast-1' }]\n}\n",
	}
	dir := writeFiles(t, files)
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	uris := openAll(t, c, dir, files)
	main := uris["main.crn"]
	codes := func(p publishDiagnosticsParams) []string {
		var out []string
		for _, d := range p.Diagnostics {
			out = append(out, d.Code.(string))
		}
		return out
	}
	c.waitDiagnostics(main, func(p publishDiagnosticsParams) bool {
		return slices.Contains(codes(p), "pipe-form") && slices.Contains(codes(p), "binding-snake-case")
	})

	var actions []protocol.CodeAction
	if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: main}, Range: protocol.Range{Start: pos(0, 6), End: pos(0, 6)}}, &actions); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(actions, func(a protocol.CodeAction) bool { return a.Title == "Rename to my_vpc" })
	if i < 0 || actions[i].Edit == nil {
		t.Fatalf("no rename action: %+v", actions)
	}
	ch := actions[i].Edit.Changes
	if len(ch) != 2 || len(ch[main]) != 1 || len(ch[uris["subnets.crn"]]) != 1 || ch[uris["subnets.crn"]][0].Range.Start != pos(1, 15) {
		t.Errorf("the rename's edits: %+v", ch)
	}

	c.notify("workspace/didChangeConfiguration", &protocol.DidChangeConfigurationParams{Settings: map[string]any{
		"carina": map[string]any{"disable": []string{"pipe-form", "no-such-code"}, "listToBlocks": false}}})
	c.waitDiagnostics(main, func(p publishDiagnosticsParams) bool {
		return !slices.Contains(codes(p), "pipe-form") && slices.Contains(codes(p), "binding-snake-case")
	})

	format := func() string {
		var edits []protocol.TextEdit
		if err := c.call("textDocument/formatting", &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: uris["ipam.crn"]}}, &edits); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, e := range edits {
			b.WriteString(e.NewText)
		}
		return b.String()
	}
	if got := format(); strings.Contains(got, "operating_region {") || !strings.Contains(got, "operating_regions = [{") {
		t.Errorf("formatting with listToBlocks false: %q", got)
	}
	c.notify("workspace/didChangeConfiguration", &protocol.DidChangeConfigurationParams{Settings: map[string]any{"carina": map[string]any{}}})
	if got := format(); !strings.Contains(got, "operating_region {") {
		t.Errorf("formatting by default: %q", got)
	}
}
