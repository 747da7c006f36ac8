package lsp

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// planModule is a module of two resources, the second reading the first.
const planModule = `arguments {
  name: String
}

let bucket = awscc.s3.Bucket {
  bucket_name = name
}

let policy = awscc.s3.BucketPolicy {
  bucket = bucket.bucket_name
}
`

// TestPlanModuleCall: with a local state file, a module call's statement gets a lens summing
// up what the apply does to each instance it makes and a hover card listing the instance's
// resources with what the apply does to each, through the server.
func TestPlanModuleCall(t *testing.T) {
	const use = "let m = use { source = './mod' }\n\n"
	row := func(typ, identity, attrs string) string {
		return `{"resource_type":"` + typ + `","identity":"` + identity + `","binding":"` + identity + `","provider":"awscc","identifier":"id-` + identity + `","attributes":` + attrs + `}`
	}
	stateOf := func(rows ...string) string {
		return `{"version":10,"serial":1,"lineage":"l","carina_version":"0.4.0","resources":[` + strings.Join(rows, ",") + `]}`
	}
	tests := []struct {
		name, caller, state string
		lenses              []string // the plan's lenses: "line: title"
		hoverLine           uint32
		hover               string // "" for no card
	}{
		{"a new instance", use + "let a = m {\n  name = 'x'\n}\n", stateOf(),
			[]string{"2: module: 2 to add"}, 2,
			"**Module instance** `a` of `m` (`./mod`): 2 to add.\n\n- `a.bucket: + create` (awscc.s3.Bucket)\n- `a.policy: + create` (awscc.s3.BucketPolicy)"},
		{"one changed, one added", use + "let a = m {\n  name = 'x'\n}\n",
			stateOf(row("s3.Bucket", "a.bucket", `{"bucket_name":"old"}`)),
			[]string{"2: module: 1 to add, 1 to replace"}, 2,
			"**Module instance** `a` of `m` (`./mod`): 1 to add, 1 to replace.\n\n- `a.bucket: -/+ replace: bucket_name is create-only` (awscc.s3.Bucket)\n- `a.policy: + create` (awscc.s3.BucketPolicy)"},
		{"applied", use + "let a = m {\n  name = 'x'\n}\n",
			stateOf(row("s3.Bucket", "a.bucket", `{"bucket_name":"x"}`), row("s3.BucketPolicy", "a.policy", `{"bucket":"x"}`)),
			[]string{"2: module: no changes"}, 2,
			"**Module instance** `a` of `m` (`./mod`): no changes.\n\n- `a.bucket: no changes` (awscc.s3.Bucket)\n- `a.policy: no changes` (awscc.s3.BucketPolicy)"},
		{"a for of calls: a lens each", use + "let ms = for n in ['x', 'y'] {\n  m { name = n }\n}\n", stateOf(),
			[]string{"2: ms[0]: 2 to add", "2: ms[1]: 2 to add"}, 2,
			"**Module instance** `ms[0]` of `m` (`./mod`): 2 to add.\n\n- `ms[0].bucket: + create` (awscc.s3.Bucket)\n- `ms[0].policy: + create` (awscc.s3.BucketPolicy)\n\n---\n\n" +
				"**Module instance** `ms[1]` of `m` (`./mod`): 2 to add.\n\n- `ms[1].bucket: + create` (awscc.s3.Bucket)\n- `ms[1].policy: + create` (awscc.s3.BucketPolicy)"},
		{"the use statement: no card", use + "let a = m {\n  name = 'x'\n}\n", stateOf(),
			[]string{"2: module: 2 to add"}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"main.crn": tt.caller, "mod/main.crn": planModule, "carina.state.json": tt.state}
			for name, text := range files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			c := startServer(t, Options{Debounce: 20 * time.Millisecond})
			c.initialize(dir, protocol.ClientCapabilities{})
			uri := uriOf(filepath.Join(dir, "main.crn"))
			c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
				URI: uri, LanguageID: "carina", Version: 1, Text: tt.caller}})
			var lenses []protocol.CodeLens
			if err := c.call("textDocument/codeLens", &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &lenses); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range lenses {
				if l.Command != nil && l.Command.Command == showPlanCommand {
					got = append(got, strings.Join([]string{itoa(l.Range.Start.Line), l.Command.Title}, ": "))
				}
			}
			if diff := cmp.Diff(tt.lenses, got); diff != "" {
				t.Errorf("plan lenses (-want +got):\n%s", diff)
			}
			var h *protocol.Hover
			pos := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: tt.hoverLine, Character: 4}}
			if err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: pos}, &h); err != nil {
				t.Fatal(err)
			}
			card := ""
			if h != nil {
				card = h.Contents.Value
				if i := strings.Index(card, "**Module instance**"); i >= 0 {
					card = card[i:]
				} else {
					card = ""
				}
			}
			if diff := cmp.Diff(tt.hover, card); diff != "" {
				t.Errorf("hover's plan card (-want +got):\n%s", diff)
			}
		})
	}
}

func itoa(n uint32) string { return strconv.FormatUint(uint64(n), 10) }
