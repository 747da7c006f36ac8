package plan

import (
	"cmp"
	"slices"

	"github.com/carina-rs/carina-lsp/grammar"
)

// tree is the plan display's nesting: each change under the one change it waits for, as
// Carina's plan_tree builds it (build_dependency_graph, build_single_parent_tree).
type tree struct {
	effects    []*Resource
	roots      []int
	dependents map[int][]int
}

// bindingOf is what names an effect in the tree: its binding, else its address.
func bindingOf(r *Resource) string {
	if r.Binding != "" && r.Op != Import && r.Op != Remove && r.Op != Move {
		return r.Binding
	}
	return r.Provider + "." + r.Type + "." + r.Identity
}

func buildTree(effects []*Resource) tree {
	t := tree{effects: effects, dependents: map[int][]int{}}
	byBinding := map[string]int{}
	for i, r := range effects {
		if r.Deposed == nil { // a deposed generation is not what the binding names
			byBinding[bindingOf(r)] = i
			if r.Binding != "" && r.Op != Remove {
				byBinding[r.Binding] = i
			}
		}
	}
	deps := make([][]string, len(effects))
	for i, r := range effects {
		deps[i] = r.DependsOn
	}
	key := func(i int) [2]string {
		switch {
		case effects[i].Template != nil:
			// Carina sorts a deferred for under the type "deferred_for", a wait under "wait"
			// (plan_tree.rs).
			return [2]string{"deferred_for", bindingOf(effects[i])}
		case effects[i].Op == Wait:
			return [2]string{grammar.WaitConstruct.Keyword(), bindingOf(effects[i])}
		}
		return [2]string{effects[i].Type, bindingOf(effects[i])}
	}
	less := func(a, b int) int {
		ka, kb := key(a), key(b)
		return cmp.Or(cmp.Compare(ka[0], kb[0]), cmp.Compare(ka[1], kb[1]))
	}
	all := map[int][]int{}
	for i, ds := range deps {
		for _, d := range ds {
			if j, ok := byBinding[d]; ok {
				all[j] = append(all[j], i)
			}
		}
	}
	inPlan := func(i int) bool {
		for _, d := range deps[i] {
			if _, ok := byBinding[d]; ok {
				return true
			}
		}
		return false
	}
	var initial []int
	for i := range effects {
		if !inPlan(i) {
			initial = append(initial, i)
		}
	}
	// A root whose every dependent also waits for another change is shown under one of them.
	nested := map[int]bool{}
	for _, i := range initial {
		children := all[i]
		if len(children) == 0 {
			continue
		}
		own := bindingOf(effects[i])
		every := true
		for _, c := range children {
			other := false
			for _, d := range deps[c] {
				if _, ok := byBinding[d]; ok && d != own {
					other = true
				}
			}
			every = every && other
		}
		if every {
			nested[i] = true
		}
	}
	for _, i := range initial {
		if !nested[i] {
			t.roots = append(t.roots, i)
		}
	}
	depth := map[int]int{}
	queue := slices.Clone(t.roots)
	for _, r := range t.roots {
		depth[r] = 0
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, c := range all[n] {
			if _, seen := depth[c]; !seen {
				depth[c] = depth[n] + 1
				queue = append(queue, c)
			}
		}
	}
	byDepth := func(a, b int) int {
		da, oka := depth[a]
		db, okb := depth[b]
		if !oka {
			da = int(^uint(0) >> 1)
		}
		if !okb {
			db = int(^uint(0) >> 1)
		}
		return cmp.Or(cmp.Compare(da, db), less(a, b))
	}
	isRoot := map[int]bool{}
	for _, r := range t.roots {
		isRoot[r] = true
	}
	for i := range effects {
		if isRoot[i] || nested[i] {
			continue
		}
		var parents []int
		for _, d := range deps[i] {
			if j, ok := byBinding[d]; ok {
				parents = append(parents, j)
			}
		}
		if len(parents) == 0 {
			continue
		}
		slices.SortFunc(parents, byDepth)
		t.dependents[parents[0]] = append(t.dependents[parents[0]], i)
	}
	for i := range nested {
		children := slices.Clone(all[i])
		slices.SortFunc(children, byDepth)
		if len(children) > 0 {
			t.dependents[children[0]] = append(t.dependents[children[0]], i)
		}
	}
	for k := range t.dependents {
		slices.SortFunc(t.dependents[k], less)
	}
	slices.SortFunc(t.roots, less)
	return t
}
