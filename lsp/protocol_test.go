package lsp

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	fastjson "github.com/segmentio/encoding/json"
	"go.lsp.dev/protocol"
)

// TestProtocolJSON holds the wire types of protocol.go to the field names of the LSP
// specification (3.16, 3.17): each value must encode to exactly the JSON the spec shows, with the
// standard encoder and with the one the connection's library encodes answers with.
func TestProtocolJSON(t *testing.T) {
	seven := int32(7)
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"SemanticTokensOptions with full delta", semanticTokensOptions{Legend: semanticTokensLegend{TokenTypes: []string{"type"}, TokenModifiers: []string{"readonly"}}, Range: true, Full: semanticTokensFullOptions{Delta: true}},
			`{"legend":{"tokenTypes":["type"],"tokenModifiers":["readonly"]},"range":true,"full":{"delta":true}}`},
		{"SemanticTokens", semanticTokens{ResultID: "7", Data: []uint32{0, 1, 2, 3, 0}}, `{"resultId":"7","data":[0,1,2,3,0]}`},
		{"SemanticTokens without tokens", semanticTokens{Data: []uint32{}}, `{"data":[]}`},
		{"DiagnosticOptions", diagnosticOptions{Identifier: "carina", InterFileDependencies: true, WorkspaceDiagnostics: true},
			`{"identifier":"carina","interFileDependencies":true,"workspaceDiagnostics":true}`},
		{"FullDocumentDiagnosticReport without items", documentDiagnosticReport{Kind: reportFull, ResultID: "a1"}, `{"kind":"full","resultId":"a1","items":[]}`},
		{"FullDocumentDiagnosticReport", documentDiagnosticReport{Kind: reportFull, ResultID: "a1", Items: []protocol.Diagnostic{{Message: "m"}}},
			`{"kind":"full","resultId":"a1","items":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"message":"m"}]}`},
		{"UnchangedDocumentDiagnosticReport", documentDiagnosticReport{Kind: reportUnchanged, ResultID: "a1"}, `{"kind":"unchanged","resultId":"a1"}`},
		{"WorkspaceFullDocumentDiagnosticReport of a closed file", workspaceDocumentDiagnosticReport{documentDiagnosticReport{Kind: reportFull, ResultID: "b"}, "file:///w/a.crn", nil},
			`{"kind":"full","resultId":"b","items":[],"uri":"file:///w/a.crn","version":null}`},
		{"WorkspaceUnchangedDocumentDiagnosticReport of an open file", workspaceDocumentDiagnosticReport{documentDiagnosticReport{Kind: reportUnchanged, ResultID: "b"}, "file:///w/a.crn", &seven},
			`{"kind":"unchanged","resultId":"b","uri":"file:///w/a.crn","version":7}`},
		{"WorkspaceDiagnosticReport", workspaceDiagnosticReport{Items: []workspaceDocumentDiagnosticReport{}}, `{"items":[]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The standard encoder, and the one the connection encodes answers with.
			for name, marshal := range map[string]func(any) ([]byte, error){"encoding/json": json.Marshal, "segmentio": fastjson.Marshal} {
				b, err := marshal(tc.v)
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(tc.want, string(b)); d != "" {
					t.Errorf("%s: JSON (-spec +got):\n%s", name, d)
				}
			}
		})
	}
}

// TestInitializeParamsPull: the 3.17 capabilities the library's type lacks are read from the
// spec's field names, and the library's are still read.
func TestInitializeParamsPull(t *testing.T) {
	for _, tc := range []struct {
		name, json    string
		pull, refresh bool
	}{
		{"a pulling client", `{"capabilities":{"textDocument":{"diagnostic":{"dynamicRegistration":false},"rename":{"prepareSupport":true}},"workspace":{"diagnostics":{"refreshSupport":true}}}}`, true, true},
		{"an empty diagnostic capability still pulls", `{"capabilities":{"textDocument":{"diagnostic":{},"rename":{"prepareSupport":true}}}}`, true, false},
		{"a pushing client", `{"capabilities":{"textDocument":{"publishDiagnostics":{},"rename":{"prepareSupport":true}}}}`, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p initializeParams
			if err := json.Unmarshal([]byte(tc.json), &p); err != nil {
				t.Fatal(err)
			}
			if (p.Pull != nil) != tc.pull || p.Refresh != tc.refresh {
				t.Errorf("pull %v refresh %v, want %v %v", p.Pull != nil, p.Refresh, tc.pull, tc.refresh)
			}
			if r := p.Capabilities.TextDocument.Rename; r == nil || !r.PrepareSupport {
				t.Error("the library's capabilities were not read")
			}
		})
	}
}
