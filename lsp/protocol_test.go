package lsp

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestProtocolJSON holds the wire types of protocol.go to the field names of the LSP
// specification (3.16, 3.17): each value must encode to exactly the JSON the spec shows.
func TestProtocolJSON(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"SemanticTokensOptions with full delta", semanticTokensOptions{Legend: semanticTokensLegend{TokenTypes: []string{"type"}, TokenModifiers: []string{"readonly"}}, Range: true, Full: semanticTokensFullOptions{Delta: true}},
			`{"legend":{"tokenTypes":["type"],"tokenModifiers":["readonly"]},"range":true,"full":{"delta":true}}`},
		{"SemanticTokens", semanticTokens{ResultID: "7", Data: []uint32{0, 1, 2, 3, 0}}, `{"resultId":"7","data":[0,1,2,3,0]}`},
		{"SemanticTokens without tokens", semanticTokens{Data: []uint32{}}, `{"data":[]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, string(b)); d != "" {
				t.Errorf("JSON (-spec +got):\n%s", d)
			}
		})
	}
}
