package grammar

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBuiltinFunctions(t *testing.T) {
	want := strings.Fields("cidr_subnet concat decrypt env flatten join keys length lookup lower map max min replace secret split trim upper values")
	got := BuiltinFunctions()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("BuiltinFunctions() (-want +got):\n%s", diff)
	}
	if !slices.IsSorted(got) {
		t.Errorf("BuiltinFunctions() is not sorted: %q", got)
	}
	got[0] = "changed"
	if again := BuiltinFunctions(); again[0] != "cidr_subnet" {
		t.Errorf("a change to the returned slice shows in the next call: %q", again)
	}
	for _, name := range want {
		if !IsBuiltinFunction(name) {
			t.Errorf("IsBuiltinFunction(%q) = false", name)
		}
	}
	for _, name := range []string{"", "changed", "Upper", "upper_", "cidr", "zzz", "aaa", "print"} {
		if IsBuiltinFunction(name) {
			t.Errorf("IsBuiltinFunction(%q) = true", name)
		}
	}
}
