package plan

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestShownChanges: a change the display folds into the unchanged attributes is none for the
// JSON form and the code lens either; the operation still counts it, as Carina's summary does.
func TestShownChanges(t *testing.T) {
	one := Value{Kind: Int, Int: 1}
	// Elements that differ only in a field the old one has alone print nothing.
	extra := list(mapOf("a", one, "extra", one))
	plain := list(mapOf("a", one))
	tests := []struct {
		name     string
		changes  []Change
		headline string
		json     []string
	}{
		{"a change shown", []Change{{Name: "a", Old: one, HasOld: true, New: Value{Kind: Int, Int: 2}, HasNew: true}},
			"~ update: a", []string{"a"}},
		{"nothing printed", []Change{{Name: "a", Old: extra, HasOld: true, New: plain, HasNew: true}},
			"~ update", nil},
		{"one of two folded", []Change{
			{Name: "a", Old: extra, HasOld: true, New: plain, HasNew: true},
			{Name: "b", Old: strs("x"), HasOld: true, New: strs("y"), HasNew: true}},
			"~ update: b", []string{"b"}},
		{"removed", []Change{{Name: "a", Old: one, HasOld: true}}, "~ update: a", []string{"a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &Resource{Op: Update, Provider: "awscc", Type: "s3.Bucket", Identity: "b", Changes: tt.changes, diffed: true}
			p := &Plan{Resources: []*Resource{r}}
			j := p.ToJSON()
			var names []string
			for _, c := range j.Resources[0].Changes {
				names = append(names, c.Name)
			}
			got := struct {
				Headline string
				JSON     []string
				Change   int
			}{r.Headline(), names, j.Summary.Change}
			want := struct {
				Headline string
				JSON     []string
				Change   int
			}{tt.headline, tt.json, 1}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
