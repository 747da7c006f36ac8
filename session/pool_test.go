package session

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestPoolOrdered: results come in the order yielded whatever order the workers finish in, and
// a done that returns false stops the work on what is still to come.
func TestPoolOrdered(t *testing.T) {
	items := []int{5, 1, 4, 2, 3, 0}
	slow := func(_ context.Context, n int) int {
		time.Sleep(time.Duration(n) * time.Millisecond) // later items finish first
		return n * 10
	}
	var got []int
	Pool(context.Background(), 3, true, Slice(items), slow, func(r int) bool { got = append(got, r); return true })
	if diff := cmp.Diff([]int{50, 10, 40, 20, 30, 0}, got); diff != "" {
		t.Errorf("ordered results (-want +got):\n%s", diff)
	}
	var worked atomic.Int32
	got = nil
	var many []int
	for i := range 50 {
		many = append(many, i+1)
	}
	Pool(context.Background(), 1, true, Slice(many), func(_ context.Context, n int) int {
		worked.Add(1)
		return n
	}, func(r int) bool { got = append(got, r); return r < 2 })
	// A worker and the results buffered may be a few items ahead of the stop, not the list.
	if !slices.Equal(got, []int{1, 2}) || worked.Load() > 10 {
		t.Errorf("stopped at 2: handed %v, worked on %d of 50", got, worked.Load())
	}
}

// TestPoolUnordered: every result is handed over, as each is done.
func TestPoolUnordered(t *testing.T) {
	var got []int
	Pool(context.Background(), 4, false, Slice([]int{3, 1, 2}), func(_ context.Context, n int) int { return n }, func(r int) bool {
		got = append(got, r)
		return true
	})
	slices.Sort(got)
	if !slices.Equal(got, []int{1, 2, 3}) {
		t.Errorf("unordered results %v, want 1, 2, 3 in some order", got)
	}
}

// TestPoolOneItem: a single item is worked on the calling goroutine, without workers.
func TestPoolOneItem(t *testing.T) {
	type key struct{}
	ctx := context.WithValue(context.Background(), key{}, "caller's")
	var seen any
	Pool(ctx, 8, true, Slice([]int{7}), func(ctx context.Context, n int) int {
		seen = ctx.Value(key{})
		return n
	}, func(int) bool { return true })
	if seen != "caller's" {
		t.Errorf("the one item's context is %v: not the caller's own", seen)
	}
	Pool(context.Background(), 2, true, Slice([]int(nil)), func(context.Context, int) int {
		t.Error("work called with no items")
		return 0
	}, func(int) bool { return true })
}
