package graph

import "slices"

// cycles finds the dependency cycles of g (strongly connected components of more than one node,
// or a node that depends on itself) with Tarjan's algorithm, marks their nodes and the edges
// between them, and returns each cycle's node IDs in graph order. Nodes are numbered by their
// place in g.Nodes, so the walk runs on slices, not maps of strings.
func cycles(g *Graph) [][]string {
	n := len(g.Nodes)
	num := make(map[string]int, n)
	for i, nd := range g.Nodes {
		num[nd.ID] = i
	}
	adj := make([][]int, n)
	for _, e := range g.Edges {
		f, t := num[e.From], num[e.To]
		adj[f] = append(adj[f], t)
	}
	index := make([]int, n)
	low := make([]int, n)
	on := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	var comps [][]int
	next := 0
	// An explicit stack: a configuration may chain thousands of bindings.
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
			if len(comp) > 1 || selfLoop(adj, v) {
				comps = append(comps, comp)
			}
		}
	}
	member := make([]int, n)
	var out [][]string
	if len(comps) > 0 {
		out = make([][]string, len(comps))
	}
	for c, comp := range comps {
		slices.Sort(comp) // graph order
		for _, v := range comp {
			member[v] = c + 1
			out[c] = append(out[c], g.Nodes[v].ID)
		}
	}
	for i, nd := range g.Nodes {
		nd.Cycle = member[i] > 0
	}
	for _, e := range g.Edges {
		f := member[num[e.From]]
		e.Cycle = f > 0 && f == member[num[e.To]]
	}
	return out
}

func selfLoop(adj [][]int, v int) bool {
	for _, w := range adj[v] {
		if w == v {
			return true
		}
	}
	return false
}
