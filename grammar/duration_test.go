package grammar

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseDuration holds the one reading of a duration to Carina's: <digits><unit>, nothing
// else.
func TestParseDuration(t *testing.T) {
	type result struct {
		Secs uint64
		OK   bool
	}
	for _, tt := range []struct {
		text string
		want result
	}{
		{"30s", result{30, true}},
		{"75min", result{4500, true}},
		{"2h", result{7200, true}},
		{"0s", result{0, true}},
		{"30", result{0, false}},
		{"min", result{0, false}},
		{"", result{0, false}},
		{"-5s", result{0, false}},
		{"5d", result{0, false}},
		{"1h30m", result{0, false}},
		{"30 s", result{0, false}},
		{"99999999999999999999s", result{0, false}},
	} {
		secs, ok := ParseDuration(tt.text)
		if diff := cmp.Diff(tt.want, result{secs, ok}); diff != "" {
			t.Errorf("ParseDuration(%q) (-want +got):\n%s", tt.text, diff)
		}
	}
}
