package types

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestItemSuffix: a map item's address as Carina spells it (map_key_address).
func TestItemSuffix(t *testing.T) {
	tests := []struct{ key, want string }{
		{"web", ".web"},
		{"_a1", "._a1"},
		{"a b", "['a b']"},
		{"1st", "['1st']"},
		{"a-b", "['a-b']"},
		{"", "['']"},
		{"é", "['é']"},
	}
	for _, tt := range tests {
		if got := ItemSuffix(tt.key); got != tt.want {
			t.Errorf("ItemSuffix(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
}

// TestInstantiate: a module's value takes the call's arguments' values, its constant parts
// folded.
func TestInstantiate(t *testing.T) {
	arg := func(name string) Value { return Value{Shape: BindingRef, Text: name} }
	args := map[string]Value{"name": StrOf("x"), "n": IntOf(2)}
	tests := []struct {
		name string
		v    Value
		want string
	}{
		{"argument", arg("name"), "'x'"},
		{"not an argument", arg("other"), "other"},
		{"in a list", Value{Shape: ListVal, Elems: []Value{arg("n"), StrOf("y")}}, "[2, 'y']"},
		{"in an interpolation", Value{Shape: Interp, Elems: []Value{arg("name"), StrOf("-logs")}}, "'x-logs'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Instantiate(tt.v, args).Source()); diff != "" {
				t.Errorf("Instantiate (-want +got):\n%s", diff)
			}
		})
	}
}
