package reliability

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGeneratedKind: the generator's names and a message's asides do not split a kind of
// disagreement; dotted type names and the rule's words stay.
func TestGeneratedKind(t *testing.T) {
	tests := []struct{ in, want string }{
		{"dash4(): Unknown built-in function: dash4", "dashN(): Unknown built-in function: dashN"},
		{`a.crn: dash4(): x \n b.crn: dash4(): x`, "a.crn: dashN(): x"},
		{"awscc.s3.Bucket.bad10 attribute", "awscc.s3.Bucket.badN attribute"},
		{`unknown argument "…" for module "…" (its arguments: a0, a1)`, `unknown argument "…" for module "…" (…)`},
		{`missing required argument "…" (list(String)) for module "…"`, `missing required argument "…" (…) for module "…"`},
		{"iterable is int 42 (expected list)", "iterable is int 42 (…)"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, generatedKind(tt.in)); diff != "" {
			t.Errorf("generatedKind(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}
