package tsqueries

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRename(t *testing.T) {
	renames := map[string]string{"number": "constant.numeric.integer", "number.float": "constant.numeric.float", "loop.outer": ""}
	tests := []struct {
		name, in, want string
		err            bool
	}{
		{"own entry", "(float) @number.float\n", "(float) @constant.numeric.float\n", false},
		{"prefix", "(integer) @number.hex\n", "(integer) @constant.numeric.integer.hex\n", false},
		{"untouched", "(string) @string\n", "(string) @string\n", false},
		{"comment kept", "; @number here\n", "; @number here\n", false},
		{"dropped line", "(for_expression) @loop.outer\n(x) @number\n", "(x) @constant.numeric.integer\n", false},
		{"cannot drop a spanning pattern", "((for_expression) @loop.outer\n  (#eq? @loop.outer \"x\"))\n", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := rename(tt.in, renames)
			if (err != nil) != tt.err {
				t.Fatalf("error %v, want error %v", err, tt.err)
			}
			if diff := cmp.Diff(tt.want, got); !tt.err && diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
