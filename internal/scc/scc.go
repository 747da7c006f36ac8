// Package scc owns the one strongly-connected-components algorithm of the module: the cycle
// check (diagnostics) and the dependency graph's cycles (graph) both find their cycles here.
package scc

import "slices"

// Components returns the strongly connected components of the graph whose node v points to
// adj[v] (nodes are numbered 0 to len(adj)-1), with Tarjan's algorithm: each component's members
// sorted by number, the components in the order Tarjan's walk from nodes 0, 1, ... completes
// them (a component after every component it reaches). Every node is in exactly one component,
// a node on no cycle alone in its own.
func Components(adj [][]int) [][]int {
	n := len(adj)
	index := make([]int, n)
	low := make([]int, n)
	on := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	var comps [][]int
	next := 0
	// An explicit stack, not recursion: a configuration may chain thousands of bindings.
	type frame struct{ v, i int }
	for root := range n {
		if index[root] >= 0 {
			continue
		}
		work := []frame{{v: root}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		on[root] = true
		for len(work) > 0 {
			f := &work[len(work)-1]
			if f.i < len(adj[f.v]) {
				w := adj[f.v][f.i]
				f.i++
				switch {
				case index[w] < 0:
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					on[w] = true
					work = append(work, frame{v: w})
				case on[w]:
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			work = work[:len(work)-1]
			if len(work) > 0 {
				p := work[len(work)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] != index[v] {
				continue
			}
			var comp []int
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[w] = false
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			slices.Sort(comp)
			comps = append(comps, comp)
		}
	}
	return comps
}
