package graph

import (
	"slices"

	"github.com/carina-rs/carina-lsp/internal/scc"
)

// cycles finds the dependency cycles of g (strongly connected components of more than one node,
// or a node that depends on itself, through scc.Components), marks their nodes and the edges
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
	member := make([]int, n)
	var out [][]string
	for _, comp := range scc.Components(adj) {
		if len(comp) == 1 && !slices.Contains(adj[comp[0]], comp[0]) {
			continue
		}
		out = append(out, nil)
		for _, v := range comp { // graph order
			member[v] = len(out)
			out[len(out)-1] = append(out[len(out)-1], g.Nodes[v].ID)
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
