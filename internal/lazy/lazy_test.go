package lazy

import (
	"sync"
	"sync/atomic"
	"testing"
)

// TestGet: the value is computed once, on the first Get, whatever the goroutines asking.
func TestGet(t *testing.T) {
	var l Value[[]int]
	var calls atomic.Int32
	f := func() []int { calls.Add(1); return []int{1, 2, 3} }
	if calls.Load() != 0 {
		t.Fatal("computed before use")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if got := l.Get(f); len(got) != 3 || got[2] != 3 {
				t.Errorf("Get = %v", got)
			}
		})
	}
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Errorf("computed %d times, want once", n)
	}
}
