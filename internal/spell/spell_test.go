package spell

import "testing"

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"vpc", "vcp", 1}, // neighbours swapped: one slip
		{"vcp", "eip", 2},
		{"bucket", "bukcet", 1},
		{"kitten", "sitting", 3},
		{"ab", "ba", 1},
		{"abc", "ca", 3},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestClosest(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cands []string
		fit   func(string) bool
		want  string
	}{
		{"vcp", []string{"eip", "vpc"}, nil, "vpc"},
		{"VPC", []string{"vpc"}, nil, "vpc"},                     // case aside
		{"ab", []string{"xy"}, nil, ""},                          // two edits of a two-letter name: too far
		{"bucket", []string{"bukcet", "buckets"}, nil, "bukcet"}, // a tie goes to the first
		{"bucket", []string{"bukcet", "buckets"}, func(s string) bool { return s != "bukcet" }, "buckets"},
		{"same", []string{"same"}, nil, ""}, // the name itself is no suggestion
	} {
		if got := Closest(tc.name, tc.cands, tc.fit); got != tc.want {
			t.Errorf("Closest(%q, %q) = %q, want %q", tc.name, tc.cands, got, tc.want)
		}
	}
}
