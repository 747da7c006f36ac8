package workspace

import (
	"slices"
	"testing"
)

// TestCallOfABinding: a binding holding a partial application is called by its name (`let
// by_comma = split(',')`, then `by_comma()`): the call refers to the binding, which the caller
// depends on; a user function of the name wins, and a built-in's name refers to nothing.
func TestCallOfABinding(t *testing.T) {
	c := loadDir(t, map[string]string{"main.crn": `let by_comma = split(',')
let parts = 'a,b' |> by_comma()
fn label(x) { x }
let label_value = label('x')
let upper_value = upper('x')
`})
	if r := refAt(t, c, "main.crn", "by_comma"); r.Decl != c.Lookup("by_comma") {
		t.Errorf("by_comma() refers to %s, want the binding", describeDecl(r.Decl))
	}
	if !slices.Contains(c.Deps[c.Lookup("parts")], c.Lookup("by_comma")) {
		t.Errorf("parts does not depend on by_comma: %v", describeDeps(c))
	}
	if r := refAt(t, c, "main.crn", "label"); r.Decl == nil || r.Decl.Kind != Function {
		t.Errorf("label() refers to %s, want the fn", describeDecl(r.Decl))
	}
	if r := refAt(t, c, "main.crn", "upper"); r.Decl != nil {
		t.Errorf("upper() refers to %s, want nothing (a built-in)", describeDecl(r.Decl))
	}
}
