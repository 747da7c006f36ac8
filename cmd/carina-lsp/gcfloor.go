package main

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
)

// gcFloor keeps the collector from running every few megabytes while a check of many
// configurations allocates much and holds little. The heap a tree's check holds stays near 5 MB
// (the schemas, the configurations in hand), so Go's default target, twice that, made a collection
// every 5 MB allocated: on 72,600 files, 40% of the CPU went to the collector, the page faults
// of the memory it returned, and the allocator. The target becomes at least floor bytes, or twice
// what is live (Go's default) when that is more: memory stays flat in the size of the tree, at
// about floor. A GOGC the user set is left alone.
type gcFloor struct {
	floor   uint64
	percent int // set last; 0: none
	live    []metrics.Sample
}

// heapFloor is check's floor: a few times what a configuration holds.
const heapFloor = 32 << 20

// minLive is the least live heap the target is computed from: about what the schemas of one
// provider take.
const minLive = 4 << 20

func newGCFloor(floor uint64) *gcFloor {
	if _, set := os.LookupEnv("GOGC"); set {
		return nil
	}
	return &gcFloor{floor: floor, live: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}}
}

// adjust sets the collector's target from the heap live after the last collection.
func (g *gcFloor) adjust() {
	if g == nil {
		return
	}
	metrics.Read(g.live)
	live := uint64(0)
	if g.live[0].Value.Kind() == metrics.KindUint64 {
		live = g.live[0].Value.Uint64()
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

// restore puts Go's default back.
func (g *gcFloor) restore() {
	if g != nil && g.percent != 0 {
		debug.SetGCPercent(100)
	}
}
