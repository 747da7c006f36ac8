package diagnostics

import (
	"fmt"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/workspace"
)

// TestCycleMessage checks how a cycle is written: in full up to cycleListed members, from the
// diagnostic's member and shortened beyond, always naming the member's two neighbours and never
// longer than a fixed number of names.
func TestCycleMessage(t *testing.T) {
	cycle := func(n int) []*workspace.Decl {
		out := make([]*workspace.Decl, n)
		for i := range out {
			out[i] = &workspace.Decl{Name: fmt.Sprintf("r%d", i)}
		}
		return out
	}
	tests := []struct {
		n, i int
		want string
	}{
		{1, 0, "dependency cycle: r0 -> r0"},
		{3, 2, "dependency cycle: r0 -> r1 -> r2 -> r0"},
		{40, 7, "dependency cycle: r0 -> " + names(1, 40) + "r0"},
		{41, 0, "dependency cycle of 41 declarations: r0 -> " + names(1, 11) + "… 20 more … -> " + names(31, 41) + "r0"},
		{41, 40, "dependency cycle of 41 declarations: r40 -> r0 -> " + names(1, 10) + "… 20 more … -> " + names(30, 40) + "r40"},
		{10000, 5000, "dependency cycle of 10000 declarations: r5000 -> " + names(5001, 5011) + "… 9979 more … -> " + names(4990, 5000) + "r5000"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d/%d", tt.n, tt.i), func(t *testing.T) {
			got := cycleMessage(cycle(tt.n), tt.i)
			if got != tt.want {
				t.Errorf("cycleMessage:\n got %s\nwant %s", got, tt.want)
			}
			if n := strings.Count(got, " -> "); n > 2*cycleEnds+3 && tt.n > cycleListed {
				t.Errorf("%d arrows: not shortened", n)
			}
		})
	}
}

// names writes rFrom to rTo-1, each followed by an arrow.
func names(from, to int) string {
	var b strings.Builder
	for k := from; k < to; k++ {
		fmt.Fprintf(&b, "r%d -> ", k)
	}
	return b.String()
}
