package diagnostics

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
)

// TestCodes keeps Codes complete: it lists every Code constant of the package, each once.
func TestCodes(t *testing.T) {
	var got []string
	for _, c := range finding.Codes() {
		got = append(got, string(c))
	}
	want := declaredCodes(t)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Codes() differs from the Code constants (-constants +Codes):\n%s", diff)
	}
	if len(slices.Compact(slices.Clone(got))) != len(got) {
		t.Error("Codes() lists a code twice")
	}
}

// TestTypeCodes holds the codes of inference's rules to the rules: checkTypes reports each
// problem under the code spelt as its rule.
func TestTypeCodes(t *testing.T) {
	data, err := os.ReadFile("../types/rules.go")
	if err != nil {
		t.Fatal(err)
	}
	rules := regexp.MustCompile(`(?m)^\s*Rule\w+\s+Rule = "([^"]+)"`).FindAllStringSubmatch(string(data), -1)
	if len(rules) < 20 {
		t.Fatalf("found %d rules in types/rules.go: the pattern no longer reads it", len(rules))
	}
	for _, r := range rules {
		if !finding.KnownCode(finding.Code(r[1])) {
			t.Errorf("rule %q of package types is no code of package finding", r[1])
		}
	}
}

func TestSnakeCase(t *testing.T) {
	tests := []struct {
		name  string
		snake bool   // isSnakeCase
		to    string // grammar.SnakeCase
	}{
		{"my_vpc", true, "my_vpc"},
		{"vpc", true, "vpc"},
		{"a1", true, "a1"},
		{"web_server_2", true, "web_server_2"},
		{"myVpc", false, "my_vpc"},
		{"MyVpc", false, "my_vpc"},
		{"HTTPServer", false, "http_server"},
		{"vpcID", false, "vpc_id"},
		{"subnet2Cidr", false, "subnet2_cidr"},
		{"double__underscore", false, "double_underscore"},
		{"trailing_", false, "trailing"},
		{"_internal", false, "internal"},
		{"1start", false, "1start"},
		{"", false, ""},
		{"naïve", false, ""},
	}
	for _, tt := range tests {
		if got := isSnakeCase(tt.name); got != tt.snake {
			t.Errorf("isSnakeCase(%q) = %t, want %t", tt.name, got, tt.snake)
		}
		if got := grammar.SnakeCase(tt.name); got != tt.to {
			t.Errorf("SnakeCase(%q) = %q, want %q", tt.name, got, tt.to)
		}
	}
}

func TestKeyStyle(t *testing.T) {
	tests := map[string]tagStyle{
		"Name": pascalKeys, "CostCenter": pascalKeys, "VPC": pascalKeys, "Env2": pascalKeys,
		"name": snakeKeys, "cost_center": snakeKeys, "env2": snakeKeys,
		"costCenter": otherKeys, "Cost_Center": otherKeys, "2fa": otherKeys, "": otherKeys, "cost-center": otherKeys,
	}
	for key, want := range tests {
		if got := keyStyle(key); got != want {
			t.Errorf("keyStyle(%q) = %v, want %v", key, got, want)
		}
	}
}
