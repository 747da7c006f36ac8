package graph

import "slices"

// cycles finds the dependency cycles of g (strongly connected components of more than one node,
// or a node that depends on itself) with Tarjan's algorithm, marks their nodes and the edges
// between them, and returns each cycle's node IDs in graph order.
func cycles(g *Graph) [][]string {
	index := map[string]int{}
	low := map[string]int{}
	on := map[string]bool{}
	adj := map[string][]string{}
	for _, e := range g.Edges {
		adj[e.From] = append(adj[e.From], e.To)
	}
	var stack []string
	var out [][]string
	next := 0
	// An explicit stack: a configuration may chain thousands of bindings.
	type frame struct {
		id string
		i  int
	}
	for _, root := range g.Nodes {
		if _, seen := index[root.ID]; seen {
			continue
		}
		work := []frame{{id: root.ID}}
		index[root.ID], low[root.ID] = next, next
		next++
		stack = append(stack, root.ID)
		on[root.ID] = true
		for len(work) > 0 {
			f := &work[len(work)-1]
			if f.i < len(adj[f.id]) {
				w := adj[f.id][f.i]
				f.i++
				if _, seen := index[w]; !seen {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					on[w] = true
					work = append(work, frame{id: w})
				} else if on[w] {
					low[f.id] = min(low[f.id], index[w])
				}
				continue
			}
			v := f.id
			work = work[:len(work)-1]
			if len(work) > 0 {
				p := work[len(work)-1].id
				low[p] = min(low[p], low[v])
			}
			if low[v] != index[v] {
				continue
			}
			var comp []string
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
				out = append(out, comp)
			}
		}
	}
	member := map[string]int{}
	for i, c := range out {
		for _, id := range c {
			member[id] = i + 1
		}
	}
	for _, n := range g.Nodes {
		n.Cycle = member[n.ID] > 0
	}
	for _, e := range g.Edges {
		e.Cycle = member[e.From] > 0 && member[e.From] == member[e.To]
	}
	// Graph order within each cycle, for stable output.
	order := map[string]int{}
	for i, n := range g.Nodes {
		order[n.ID] = i
	}
	for _, c := range out {
		slices.SortFunc(c, func(a, b string) int { return order[a] - order[b] })
	}
	return out
}

func selfLoop(adj map[string][]string, v string) bool {
	for _, w := range adj[v] {
		if w == v {
			return true
		}
	}
	return false
}
