package diagnostics

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/workspace"
)

// CodeCycle is a dependency cycle between declarations.
const CodeCycle Code = "dependency-cycle"

// checkCycles reports every dependency cycle (through values, waits, depends_on and
// directives.depends_on) once per declaration in it, each in its own file, with the whole cycle
// in the message and the other members as related information.
func (c *checker) checkCycles() {
	for _, comp := range stronglyConnected(c.cfg) {
		if len(comp) == 1 && (!slices.Contains(c.cfg.Deps[comp[0]], comp[0]) || comp[0].Kind == workspace.Wait || c.listsItself(comp[0])) {
			// A wait on itself, listing itself in depends_on or reading itself in until, and a
			// resource listing itself in directives.depends_on have their own, more precise
			// diagnostic.
			continue
		}
		cycle := cyclePath(c.cfg, comp)
		names := make([]string, 0, len(cycle)+1)
		for _, d := range cycle {
			names = append(names, d.Name)
		}
		names = append(names, cycle[0].Name)
		msg := "dependency cycle: " + strings.Join(names, " -> ")
		switch w := waitIn(cycle); {
		case len(cycle) == 1:
			msg += "; a declaration cannot depend on itself"
		case w != nil:
			msg += fmt.Sprintf("; the bindings wait %q depends on must read its target %s directly, not through the wait", w.Name, targetName(w.WaitExpr()))
		default:
			msg += "; remove one of these references to break it"
		}
		for _, d := range cycle {
			diag := c.add(d.File, d.NameSpan, Error, CodeCycle, "%s", msg)
			for _, o := range cycle {
				if o != d {
					diag.Related = append(diag.Related, Related{Path: o.File.Path, Span: o.NameSpan, Message: o.Name + " is part of the cycle"})
				}
			}
		}
	}
}

// waitIn returns the first wait of a cycle, or nil.
func waitIn(ds []*workspace.Decl) *workspace.Decl {
	for _, d := range ds {
		if d.Kind == workspace.Wait && d.WaitExpr() != nil {
			return d
		}
	}
	return nil
}

// cyclePath orders the members of a strongly connected component along one cycle through them,
// starting from the first in file order.
func cyclePath(cfg *workspace.Config, comp []*workspace.Decl) []*workspace.Decl {
	in := map[*workspace.Decl]bool{}
	for _, d := range comp {
		in[d] = true
	}
	start := comp[0]
	// Breadth-first search from start back to start inside the component.
	prev := map[*workspace.Decl]*workspace.Decl{}
	queue := []*workspace.Decl{start}
	visited := map[*workspace.Decl]bool{start: true}
	var last *workspace.Decl
	for len(queue) > 0 && last == nil {
		d := queue[0]
		queue = queue[1:]
		for _, n := range cfg.Deps[d] {
			if !in[n] {
				continue
			}
			if n == start {
				last = d
				break
			}
			if !visited[n] {
				visited[n] = true
				prev[n] = d
				queue = append(queue, n)
			}
		}
	}
	if last == nil {
		return comp
	}
	var path []*workspace.Decl
	for d := last; d != nil; d = prev[d] {
		path = append(path, d)
		if d == start {
			break
		}
	}
	slices.Reverse(path)
	return path
}

// stronglyConnected returns the strongly connected components of the dependency graph (Tarjan),
// each sorted in declaration order, the components in order of their first member.
func stronglyConnected(cfg *workspace.Config) [][]*workspace.Decl {
	order := map[*workspace.Decl]int{}
	for i, d := range cfg.Decls {
		order[d] = i
	}
	index := map[*workspace.Decl]int{}
	low := map[*workspace.Decl]int{}
	onStack := map[*workspace.Decl]bool{}
	var stack []*workspace.Decl
	var out [][]*workspace.Decl
	next := 0
	var visit func(d *workspace.Decl)
	visit = func(d *workspace.Decl) {
		index[d], low[d] = next, next
		next++
		stack = append(stack, d)
		onStack[d] = true
		for _, n := range cfg.Deps[d] {
			if _, seen := index[n]; !seen {
				visit(n)
				low[d] = min(low[d], low[n])
			} else if onStack[n] {
				low[d] = min(low[d], index[n])
			}
		}
		if low[d] == index[d] {
			var comp []*workspace.Decl
			for {
				n := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[n] = false
				comp = append(comp, n)
				if n == d {
					break
				}
			}
			slices.SortFunc(comp, func(a, b *workspace.Decl) int { return order[a] - order[b] })
			out = append(out, comp)
		}
	}
	for _, d := range cfg.Decls {
		if _, seen := index[d]; !seen && d.TopLevel {
			visit(d)
		}
	}
	slices.SortFunc(out, func(a, b []*workspace.Decl) int { return order[a[0]] - order[b[0]] })
	return out
}

// listsItself reports whether a declaration names itself in its directives.depends_on.
func (c *checker) listsItself(d *workspace.Decl) bool {
	return slices.ContainsFunc(c.cfg.RefsTo(d), func(r *workspace.Ref) bool {
		return r.Owner == d && r.Kind == workspace.RefDirectiveDependsOn
	})
}
