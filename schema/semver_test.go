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

// CheckRequirement against what Carina's checker (Rust's semver 1.0.27) answered for each
// requirement in a provider block.
func TestCheckRequirement(t *testing.T) {
	tests := []struct{ req, err string }{
		{"1.x", ""}, {"*", ""}, {"x", ""}, {"1.*", ""}, {">= 1.0", ""}, {"1.0.0-alpha", ""},
		{" 1.0", ""}, {"1.0 ", ""}, {"1.X", ""}, {"~1", ""}, {"^0", ""}, {">=1.0 ,<2", ""},
		{"1.0.0+build", ""}, {">1.*", ""}, {"= 1", ""}, {">=0.4, <0.6", ""}, {"~0.5.0", ""},
		{"1.*.3", "unexpected character after wildcard in version req"},
		{"=1.0, *", "wildcard req (*) must be the only comparator in the version req"},
		{"*, 1.0", "wildcard req (*) must be the only comparator in the version req"},
		{"01.0", "invalid leading zero in major version number"},
		{"1.2.3.4", "expected comma after patch version number, found '.'"},
		{"", "unexpected end of input while parsing major version number"},
		{"1.0,", "unexpected end of input while parsing major version number"},
		{"v1.0", "unexpected character 'v' while parsing major version number"},
		{"1.0-alpha", "expected comma after minor version number, found '-'"},
		{"1.0.0-01", "invalid leading zero in pre-release identifier"},
		{"1.x.3", "unexpected character after wildcard in version req"},
		{"1 .0", "expected comma after major version number, found '.'"},
		{">=0.4 <0.6", "expected comma after minor version number, found '<'"},
		{"latest", "unexpected character 'l' while parsing major version number"},
		{"1.0.0-", "empty identifier segment in pre-release identifier"},
		{"1.0.0-a..b", "empty identifier segment in pre-release identifier"},
		{"99999999999999999999", "value of major version number exceeds u64::MAX"},
		{"1.0.0-al_pha", "expected comma after pre-release identifier, found '_'"},
		{"x.1", "unexpected character after wildcard in version req"},
		{">=*", "unexpected character '*' while parsing major version number"},
		{"1.0.0+", "empty identifier segment in build metadata"},
		{"<1.0.0-beta.01", "invalid leading zero in pre-release identifier"},
	}
	for _, tt := range tests {
		err := CheckRequirement(tt.req)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err {
			t.Errorf("CheckRequirement(%q) = %q, want %q", tt.req, got, tt.err)
		}
	}
}
