package types

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
)

// TestBuiltins holds the table of built-in functions to the language's list of names (grammar's,
// which the parser and the model read) and to Carina's arities, and requires a full description
// of each.
func TestBuiltins(t *testing.T) {
	want := map[string]int{"cidr_subnet": 3, "concat": 2, "decrypt": 1, "env": 1, "flatten": 1, "join": 2, "keys": 1,
		"length": 1, "lookup": 3, "lower": 1, "map": 2, "max": 2, "min": 2, "replace": 3, "secret": 1, "split": 2,
		"trim": 1, "upper": 1, "values": 1}
	got := map[string]int{}
	var names []string
	for _, b := range Builtins() {
		got[b.Name] = b.Arity
		names = append(names, b.Name)
		if b.Doc == "" || b.Example == "" || b.Result == nil || b.eval == nil {
			t.Errorf("%s: incomplete description", b.Name)
		}
		for _, p := range b.Params {
			if p.Name == "" || p.Type == nil || p.Doc == "" {
				t.Errorf("%s: parameter %+v needs a name, a type and a description", b.Name, p)
			}
		}
		if !strings.HasPrefix(b.Label(), b.Name+"(") {
			t.Errorf("%s: label %q", b.Name, b.Label())
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("arities (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(grammar.BuiltinFunctions(), names); diff != "" {
		t.Errorf("the built-ins differ from grammar's list (-grammar +types):\n%s", diff)
	}
	if !slices.IsSorted(names) {
		t.Error("Builtins() is not sorted: LookupBuiltin searches it")
	}
	if LookupBuiltin("nope") != nil || LookupBuiltin("len") != nil {
		t.Error("an unknown function was found")
	}
}
