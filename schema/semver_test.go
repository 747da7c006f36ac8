package schema

import "testing"

func TestRequirement(t *testing.T) {
	for _, tc := range []struct {
		req, v string
		want   bool
	}{
		{"~0.5.0", "0.5.0", true},
		{"~0.5.0", "0.5.9", true},
		{"~0.5.0", "0.6.0", false},
		{"~0.5.1", "0.5.0", false},
		{"^0.5", "0.5.3", true},
		{"^0.5", "0.6.0", false},
		{"0.5.0", "0.5.7", true},
		{"0.5.0", "0.6.0", false},
		{"^1.2", "1.9.0", true},
		{"^1.2", "2.0.0", false},
		{"^0.0.3", "0.0.4", false},
		{">=0.3, <0.6", "0.3.0", true},
		{">=0.3, <0.6", "0.5.9", true},
		{">=0.3, <0.6", "0.6.0", false},
		{">=0.3, <0.6", "0.2.9", false},
		{">0.5", "0.5.9", false},
		{">0.5", "0.6.0", true},
		{"<=0.5", "0.5.9", true},
		{"<=0.5", "0.6.0", false},
		{"=0.5.0", "0.5.0", true},
		{"=0.5.0", "0.5.1", false},
		{"0.5.*", "0.5.4", true},
		{"0.5.*", "0.6.0", false},
		{"*", "9.9.9", true},
		{"~0", "0.9.0", true},
		{"~0", "1.0.0", false},
	} {
		r, err := ParseRequirement(tc.req)
		if err != nil {
			t.Fatalf("%q: %v", tc.req, err)
		}
		v, err := ParseVersion(tc.v)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Matches(v); got != tc.want {
			t.Errorf("%q matches %s = %v, want %v", tc.req, tc.v, got, tc.want)
		}
	}
	for _, bad := range []string{"", "~", "abc", ">=0.3,", "1.2.3.4"} {
		if _, err := ParseRequirement(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
