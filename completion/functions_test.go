package completion

import (
	"maps"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
)

// TestBuiltinArity: every built-in function has an arity, and only they do.
func TestBuiltinArity(t *testing.T) {
	if diff := cmp.Diff(grammar.BuiltinFunctions(), slices.Sorted(maps.Keys(builtinArity))); diff != "" {
		t.Errorf("builtinArity names (-grammar.BuiltinFunctions +builtinArity):\n%s", diff)
	}
	for name, n := range builtinArity {
		if n < 1 {
			t.Errorf("%s: arity %d", name, n)
		}
	}
}
