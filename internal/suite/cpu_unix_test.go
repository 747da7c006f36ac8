//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package suite

import (
	"testing"
	"time"
)

// CPUTime grows with work done and not with time spent waiting.
func TestCPUTime(t *testing.T) {
	start := CPUTime()
	x := 0
	for i := range 50_000_000 {
		x ^= i * i
	}
	busy := CPUTime() - start
	if busy <= 0 {
		t.Fatalf("CPU time after a busy loop: %v (x %d)", busy, x)
	}
	start = CPUTime()
	time.Sleep(5 * busy)
	if slept := CPUTime() - start; slept >= busy*4 {
		t.Errorf("CPU time while asleep for %v: %v, as much as the busy loop's %v", 5*busy, slept, busy)
	}
}
