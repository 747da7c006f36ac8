package graph

import (
	"math"
	"testing"
)

func TestTextWidth(t *testing.T) {
	for _, tc := range []struct {
		s    string
		size float64
		bold bool
		want float64
	}{
		{"", 12, false, 0},
		{"iiii", 10, false, 8.88},   // narrow letters: 0.222 em each
		{"MMMM", 10, false, 33.32},  // wide ones: 0.833 em
		{"cert", 12, false, 20.004}, // 0.5 + 0.556 + 0.333 + 0.278 em
		{"cert", 12, true, 22.0044}, // bold: a tenth wider
		{"東京", 12, false, 24},       // East Asian wide: an em each
		{"é\x01", 10, false, 14},    // anything else: 0.7 em
		{`\x01`, 10, false, 18.9},   // a control character as Visible writes it: 0.278 + 0.5 + 0.556 + 0.556 em
	} {
		if got := textWidth(tc.s, tc.size, tc.bold); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("textWidth(%q, %v, %v) = %v, want %v", tc.s, tc.size, tc.bold, got, tc.want)
		}
	}
}
