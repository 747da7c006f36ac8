package completion

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
)

func TestPlain(t *testing.T) {
	tests := []struct{ in, want string }{
		{"let ${1:name} = $0", "let name = "},
		{grammar.ConstructOf(grammar.WaitConstruct).Snippet, "let name = wait target {\n  until = target.attr == value\n}"},
		{"a \\$ b \\} c \\\\", "a $ b } c \\"},
		{"${1:x\\}y}z", "x}yz"},
		{"$12end", "end"},
		{"${ not a placeholder", "${ not a placeholder"},
		{"plain text", "plain text"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, plain(tt.in)); diff != "" {
			t.Errorf("plain(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestEscape(t *testing.T) {
	for _, s := range []string{"a$b", "x}y", `back\slash`, "${1:x}", "plain"} {
		if got := plain(escape(s)); got != s {
			t.Errorf("plain(escape(%q)) = %q", s, got)
		}
	}
}

func TestFormatDuration(t *testing.T) {
	tests := []struct {
		secs uint64
		want string
	}{{4500, "75min"}, {300, "5min"}, {3600, "1h"}, {7200, "2h"}, {90, "90s"}, {30, "30s"}, {5400, "90min"}}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, grammar.NormalDuration(tt.secs)); diff != "" {
			t.Errorf("grammar.NormalDuration(%d) (-want +got):\n%s", tt.secs, diff)
		}
	}
}
