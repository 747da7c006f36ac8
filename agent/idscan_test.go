package agent

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestIDScan finds the id of a request wherever it is in the frame, fed in pieces of every size,
// and no id where there is none at the top level.
func TestIDScan(t *testing.T) {
	big := strings.Repeat(`x\"}{,:`, 1000)
	for _, tc := range []struct {
		frame string
		want  string // the id as JSON; "null" for none
	}{
		{`{"jsonrpc":"2.0","id":7,"method":"tools/call"}`, "7"},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"text":"` + big + `"},"id":"a,b"}`, `"a,b"`},
		{`{"params":{"id":3,"x":[{"id":4}]},"id": 12 }`, "12"},
		{`{"params":{"id":3}}`, "null"},
		{`{"idx":1,"id":null}`, "null"},
		{`{"ids":[1],"id":-3}`, "-3"},
		{`{"id":1.5}`, "null"},
		{`[{"id":1}]`, "null"},
		{`{"id":{"a":1}}`, "null"},
		{`not json`, "null"},
		{`{"id":5`, "null"}, // cut off before the value ends
	} {
		for _, piece := range []int{1, 3, 64, len(tc.frame)} {
			var s idScan
			for i := 0; i < len(tc.frame); i += piece {
				s.feed([]byte(tc.frame[i:min(i+piece, len(tc.frame))]))
			}
			got := "null"
			if id := validID(s.id); id != nil {
				got = string(id)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%.60s in pieces of %d (-want +got):\n%s", tc.frame, piece, diff)
			}
		}
	}
}
