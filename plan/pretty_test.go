package plan

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPretty: lists and maps of a created resource are laid out as Carina's format_value_pretty
// lays them out at the attribute column 6 (a top-level resource's).
func TestPretty(t *testing.T) {
	str := func(s string) Value { return Value{Kind: Str, Text: s} }
	list := func(e ...Value) Value { return Value{Kind: List, Elems: e} }
	m := func(kv ...any) Value {
		v := Value{Kind: Map}
		for i := 0; i < len(kv); i += 2 {
			v.Keys = append(v.Keys, kv[i].(string))
			v.Elems = append(v.Elems, kv[i+1].(Value))
		}
		return v
	}
	long := strings.Repeat("x", 30)
	tests := []struct {
		name string
		key  string
		v    Value
		want string
	}{
		{"a short list inline", "l", list(str("a"), str("b")), `l: ["a", "b"]`},
		{"an empty list", "l", list(), "l: []"},
		{"a list past 80 columns, an element a line", "l", list(str(long), str(long), str(long)),
			"l: [\n  \"" + long + "\",\n  \"" + long + "\",\n  \"" + long + "\",\n]"},
		// The budget is 80 - (6 + len("k") + 2) = 71 bytes: `["y…"]` is 4 more than its y's.
		{"71 bytes fit", "k", list(str(strings.Repeat("y", 67))), `k: ["` + strings.Repeat("y", 67) + `"]`},
		{"72 do not", "k", list(str(strings.Repeat("y", 68))), "k: [\n  \"" + strings.Repeat("y", 68) + "\",\n]"},
		{"a list of maps: element by element, keys sorted", "s", list(m("b", str("1"), "a", str("2")), m("a", str("3"))),
			"s: \n  * a: \"2\"\n    b: \"1\"\n\n  * a: \"3\""},
		{"a map's entries; a blank line after a list of two maps", "c", m("x", list(m("a", str("1")), m("a", str("2"))), "y", str("z")),
			"c:\n  x: \n    * a: \"1\"\n\n    * a: \"2\"\n\n  y: \"z\""},
		{"a long map inside a map, vertical", "c", m("x", m("p", str(long), "q", str(long))),
			"c:\n  x: \n    p: \"" + long + "\"\n    q: \"" + long + "\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, attrRow(tt.key, tt.v, 6)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
