package scc

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestComponents(t *testing.T) {
	tests := []struct {
		name string
		adj  [][]int
		want [][]int
	}{
		{"empty", nil, nil},
		{"alone", [][]int{{}}, [][]int{{0}}},
		{"self loop", [][]int{{0}}, [][]int{{0}}},
		{"chain", [][]int{{1}, {2}, {}}, [][]int{{2}, {1}, {0}}},
		{"two", [][]int{{1}, {0}}, [][]int{{0, 1}}},
		{"cycle and tail", [][]int{{1}, {2}, {0, 3}, {}}, [][]int{{3}, {0, 1, 2}}},
		{"two cycles joined", [][]int{{1}, {0, 2}, {3}, {2}}, [][]int{{2, 3}, {0, 1}}},
		{"members sorted", [][]int{{3}, {}, {0}, {2}}, [][]int{{0, 2, 3}, {1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Components(tt.adj)); diff != "" {
				t.Errorf("Components (-want +got):\n%s", diff)
			}
		})
	}
}

// TestComponentsAreMutualReach compares Components on random graphs with the definition: two
// nodes share a component exactly when each reaches the other; and a component comes after
// every other component it reaches.
func TestComponentsAreMutualReach(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		n := r.IntN(12)
		adj := make([][]int, n)
		for v := range adj {
			for range r.IntN(4) {
				adj[v] = append(adj[v], r.IntN(n))
			}
		}
		reach := reachability(adj)
		comps := Components(adj)
		of := make([]int, n)
		seen := 0
		for c, comp := range comps {
			if !slices.IsSorted(comp) {
				t.Fatalf("%v: component %v not sorted", adj, comp)
			}
			for _, v := range comp {
				of[v] = c
				seen++
			}
		}
		if seen != n {
			t.Fatalf("%v: %d nodes in components, want %d", adj, seen, n)
		}
		for a := range n {
			for b := range n {
				if same := of[a] == of[b]; same != (reach[a][b] && reach[b][a]) {
					t.Fatalf("%v: %d and %d in one component: %v, mutual reach: %v", adj, a, b, same, reach[a][b] && reach[b][a])
				}
				if reach[a][b] && of[a] < of[b] {
					t.Fatalf("%v: %d reaches %d but its component comes first", adj, a, b)
				}
			}
		}
	}
}

// reachability is the reflexive transitive closure of adj, by a walk from each node.
func reachability(adj [][]int) [][]bool {
	out := make([][]bool, len(adj))
	for s := range adj {
		out[s] = make([]bool, len(adj))
		todo := []int{s}
		out[s][s] = true
		for len(todo) > 0 {
			v := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, w := range adj[v] {
				if !out[s][w] {
					out[s][w] = true
					todo = append(todo, w)
				}
			}
		}
	}
	return out
}
