// Package gcfloor keeps the garbage collector from running every few megabytes while a check of
// many configurations allocates much and holds little.
package gcfloor

import (
	"os"
	"runtime"
	"runtime/debug"
)

// Floor raises the collector's target for a check of many configurations. The heap a tree's
// check holds stays near 5 MB (the schemas, the configurations in hand), so Go's default target,
// twice that, made a collection every 5 MB allocated: on 72,600 files, 40% of the CPU went to the
// collector, the page faults of the memory it returned, and the allocator. The target becomes at
// least floor bytes, or twice what is live (Go's default) when that is more: memory stays flat in
// the size of the tree, at about floor. A GOGC the user set is left alone.
type Floor struct {
	floor   uint64
	percent int // set last; 0: none
	calls   int
}

// Check is check's floor: a few times what a configuration holds.
const Check = 32 << 20

// minLive is the least live heap the target is computed from: about what the schemas of one
// provider take.
const minLive = 4 << 20

// adjustEvery is how many configurations go between two looks at the heap: ReadMemStats stops
// the world (tens of microseconds), and runtime/metrics, which does not, costs every process
// 0.1 ms to initialise.
const adjustEvery = 32

// New returns a floor of floor bytes, or nil (which does nothing) when the user set GOGC.
func New(floor uint64) *Floor {
	if _, set := os.LookupEnv("GOGC"); set {
		return nil
	}
	return &Floor{floor: floor}
}

// Adjust sets the collector's target from the heap live after the last collection, every
// adjustEvery calls: one a configuration.
func (g *Floor) Adjust() {
	if g == nil {
		return
	}
	if g.calls++; g.calls%adjustEvery != 1 {
		return
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	live := uint64(0)
	if ms.NumGC > 0 {
		// The target was set from what the last collection left live, at the percent in force.
		live = ms.NextGC * 100 / uint64(100+max(g.percent, 100))
	}
	// Until the schemas are loaded the heap is nearly empty: what is live then says nothing of
	// what a configuration holds, and a target from it would be many times the floor.
	live = max(live, minLive)
	percent := 100
	if 2*live < g.floor {
		percent = int(g.floor*100/live) - 100
	}
	if percent != g.percent {
		debug.SetGCPercent(percent)
		g.percent = percent
	}
}

// Restore puts Go's default back.
func (g *Floor) Restore() {
	if g != nil && g.percent != 0 {
		debug.SetGCPercent(100)
	}
}
