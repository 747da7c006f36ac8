package diagnostics

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/scc"
	"github.com/carina-rs/carina-lsp/workspace"
)

// cycleListed is the longest cycle a message lists in full. A longer one is listed from the
// member the diagnostic is on: cycleEnds members after it and cycleEnds before it, and how many
// are left out between, so the message stays short and still names the member's neighbours.
const (
	cycleListed = 40
	cycleEnds   = 10
)

// checkCycles reports every dependency cycle (through values, waits, depends_on and
// directives.depends_on) once per declaration in it, each in its own file, on the declaration's
// name. The message lists the cycle (shortened past cycleListed members, see cycleMessage) and
// the related information points at the member's neighbours in the cycle: what it depends on and
// what depends on it. The output is linear in the size of the cycle.
func (c *checker) checkCycles() {
	for _, comp := range stronglyConnected(c.cfg) {
		if len(comp) == 1 && (!slices.Contains(c.cfg.Deps[comp[0]], comp[0]) || comp[0].Kind == workspace.Wait || c.listsItself(comp[0])) {
			// A wait on itself, listing itself in depends_on or reading itself in until, and a
			// resource listing itself in directives.depends_on have their own, more precise
			// diagnostic.
			continue
		}
		cycle := cyclePath(c.cfg, comp)
		var advice string
		switch w := waitIn(cycle); {
		case len(cycle) == 1:
			advice = "; a declaration cannot depend on itself"
		case w != nil:
			advice = fmt.Sprintf("; the bindings wait %q depends on must read its target %s directly, not through the wait", w.Name, targetName(w.WaitExpr()))
		default:
			advice = "; remove one of these references to break it"
		}
		full := ""
		if len(cycle) <= cycleListed {
			full = cycleMessage(cycle, 0) + advice // the same for every member
		}
		n := len(cycle)
		for i, d := range cycle {
			msg := full
			if msg == "" {
				msg = cycleMessage(cycle, i) + advice
			}
			diag := c.add(d.File, d.NameSpan, finding.Error, finding.CodeCycle, "%s", msg)
			next, prev := cycle[(i+1)%n], cycle[(i+n-1)%n]
			switch {
			case n == 1:
			case next == prev:
				diag.Related = []finding.Related{{Path: next.File.Path, Span: next.NameSpan, Message: d.Name + " and " + next.Name + " depend on each other"}}
			default:
				diag.Related = []finding.Related{
					{Path: next.File.Path, Span: next.NameSpan, Message: d.Name + " depends on " + next.Name},
					{Path: prev.File.Path, Span: prev.NameSpan, Message: prev.Name + " depends on " + d.Name},
				}
			}
		}
	}
}

// cycleMessage writes a cycle, each member depending on the next: in full from its first member
// (`dependency cycle: a -> b -> c -> a`) when it has at most cycleListed members, else from
// member i, shortened to the cycleEnds members after it and the cycleEnds before it. For r5 of a
// cycle r0 -> r1 -> … -> r999 -> r0: `dependency cycle of 1000 declarations: r5 -> r6 -> r7 ->
// … 979 more … -> r995 -> … -> r4 -> r5`, where r6 to r15 and r995 to r4 are each named.
func cycleMessage(cycle []*workspace.Decl, i int) string {
	n := len(cycle)
	var b strings.Builder
	name := func(k int) string { return cycle[(i+k)%n].Name }
	if n <= cycleListed {
		b.WriteString("dependency cycle: ")
		for _, d := range cycle {
			b.WriteString(d.Name + " -> ")
		}
		b.WriteString(cycle[0].Name)
		return b.String()
	}
	fmt.Fprintf(&b, "dependency cycle of %d declarations: ", n)
	for k := 0; k <= cycleEnds; k++ {
		b.WriteString(name(k) + " -> ")
	}
	fmt.Fprintf(&b, "… %d more … -> ", n-2*cycleEnds-1)
	for k := n - cycleEnds; k < n; k++ {
		b.WriteString(name(k) + " -> ")
	}
	b.WriteString(name(0))
	return b.String()
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

// stronglyConnected returns the strongly connected components of the dependency graph between
// top-level declarations (scc.Components), each sorted in declaration order, the components in
// order of their first member.
func stronglyConnected(cfg *workspace.Config) [][]*workspace.Decl {
	var decls []*workspace.Decl
	num := map[*workspace.Decl]int{}
	for _, d := range cfg.Decls {
		if d.TopLevel {
			num[d] = len(decls)
			decls = append(decls, d)
		}
	}
	adj := make([][]int, len(decls))
	for v, d := range decls {
		for _, n := range cfg.Deps[d] {
			if w, ok := num[n]; ok {
				adj[v] = append(adj[v], w)
			}
		}
	}
	comps := scc.Components(adj)
	slices.SortFunc(comps, func(a, b []int) int { return a[0] - b[0] })
	out := make([][]*workspace.Decl, len(comps))
	for i, comp := range comps {
		for _, v := range comp {
			out[i] = append(out[i], decls[v])
		}
	}
	return out
}

// listsItself reports whether a declaration names itself in its directives.depends_on.
func (c *checker) listsItself(d *workspace.Decl) bool {
	return slices.ContainsFunc(c.cfg.RefsTo(d), func(r *workspace.Ref) bool {
		return r.Owner == d && r.Kind == workspace.RefDirectiveDependsOn
	})
}
