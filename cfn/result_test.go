package cfn

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/schema"
)

// TestSummary: the line `convert` ends with, and the notes it counts as left.
func TestSummary(t *testing.T) {
	left := Note{At: Pos{2, 3}, What: "Resources.A", Msg: "set it", Left: true}
	info := Note{At: Pos{4, 1}, What: "Parameters.Env", Msg: "read as a let"}
	type got struct {
		Left    int
		Summary string
	}
	for _, tc := range []struct {
		name string
		res  Result
		want got
	}{
		{"nothing", Result{}, got{0, "0 of 0 resources converted; nothing left for you"}},
		{"all converted", Result{Resources: 1, Converted: 1, Notes: []Note{info}}, got{0, "1 of 1 resource converted; nothing left for you"}},
		{"one left", Result{Resources: 2, Converted: 1, Notes: []Note{info, left}}, got{1, "1 of 2 resources converted; 1 thing left for you"}},
		{"several left", Result{Resources: 22, Converted: 22, Notes: []Note{left, info, left, left}}, got{3, "22 of 22 resources converted; 3 things left for you"}},
	} {
		if diff := cmp.Diff(tc.want, got{tc.res.Left(), tc.res.Summary()}); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
	if diff := cmp.Diff([]string{"2:3: left: Resources.A: set it", "4:1: note: Parameters.Env: read as a let"}, []string{left.String(), info.String()}); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
}

// TestKnownRegion: a region of the awscc schemas by its name, not by Carina's.
func TestKnownRegion(t *testing.T) {
	var d schema.Defaults
	idx, err := Schemas(&d, "")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, name := range []string{"us-east-1", "eu-west-1", "ap-northeast-1", "us_east_1", "mars-1", ""} {
		got[name] = KnownRegion(idx, name)
	}
	want := map[string]bool{"us-east-1": true, "eu-west-1": true, "ap-northeast-1": true, "us_east_1": false, "mars-1": false, "": false}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("KnownRegion (-want +got):\n%s", diff)
	}
}
