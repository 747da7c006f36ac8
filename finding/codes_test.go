package finding

import (
	"slices"
	"testing"
)

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
