package diagnostics

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
)

// TestCodes keeps Codes complete: it lists every Code constant of the package, each once.
func TestCodes(t *testing.T) {
	var got []string
	for _, c := range Codes() {
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

func TestParseDisable(t *testing.T) {
	tests := []struct {
		in      []string
		want    []Code
		wantErr string
	}{
		{[]string{"pipe-form", " tag-key-case ", ""}, []Code{CodePipeForm, CodeTagKeyCase}, ""},
		{nil, nil, ""},
		{[]string{"pipe-from"}, nil, `unknown diagnostic code "pipe-from"; did you mean pipe-form?`},
		{[]string{"nonsense-entirely-unlike"}, nil, `unknown diagnostic code "nonsense-entirely-unlike"`},
		{[]string{"syntax"}, nil, "syntax errors cannot be disabled"},
	}
	for _, tt := range tests {
		got, err := ParseDisable(tt.in)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if msg != tt.wantErr || !slices.Equal(got, tt.want) {
			t.Errorf("ParseDisable(%q) = %v, %q; want %v, %q", tt.in, got, msg, tt.want, tt.wantErr)
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
