package hover

import (
	"regexp"
	"testing"

	"github.com/carina-rs/carina-lsp/plan"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/google/go-cmp/cmp"
)

// TestAppliedMarksShownChanges: the card marks as changed what the plan display shows changed;
// a change it folds into its unchanged attributes is shown as applied.
func TestAppliedMarksShownChanges(t *testing.T) {
	one := plan.Value{Kind: plan.Int, Int: 1}
	two := plan.Value{Kind: plan.Int, Int: 2}
	elem := func(kv ...string) plan.Value {
		v := plan.Value{Kind: plan.Map}
		for _, k := range kv {
			v.Keys = append(v.Keys, k)
			v.Elems = append(v.Elems, one)
		}
		return plan.Value{Kind: plan.List, Elems: []plan.Value{v}}
	}
	tests := []struct {
		name    string
		changes []plan.Change
		want    []string
	}{
		{"a shown change is marked", []plan.Change{{Name: "a", Old: one, HasOld: true, New: two, HasNew: true}}, []string{"a"}},
		// The old element differs only in a field it alone has: the display prints nothing.
		{"a folded change is as applied", []plan.Change{{Name: "rules", Old: elem("a", "extra"), HasOld: true, New: elem("a"), HasNew: true}}, nil},
	}
	marked := regexp.MustCompile("\\*\\*≠\\*\\* `([a-z_]+)`")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &plan.Resource{Op: plan.Update, Provider: "awscc", Type: "s3.Bucket", Identity: "b",
				Desired: []plan.Attr{{Name: "a", Value: two}, {Name: "rules", Value: elem("a")}},
				State:   &state.Resource{Identity: "b"}, Changes: tt.changes}
			var got []string
			for _, m := range marked.FindAllStringSubmatch(Applied(r), -1) {
				got = append(got, m[1])
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("marked changed (-want +got):\n%s\ncard:\n%s", diff, Applied(r))
			}
		})
	}
}
