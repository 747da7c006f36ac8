package graph

import (
	"fmt"
	"io"
	"strings"
)

// Waves returns the nodes in apply order, in waves of what can run at once: a node comes in the
// wave after the last of those it depends on. A node on a cycle, or that depends on one, cannot
// be ordered: it is in no wave, but in blocked.
func (g *Graph) Waves() (waves [][]*Node, blocked []*Node) {
	const unordered = -1
	wave := map[string]int{}
	visiting := map[string]bool{}
	deps := map[string][]string{}
	for _, e := range g.Edges {
		deps[e.From] = append(deps[e.From], e.To)
	}
	var level func(id string) int
	level = func(id string) int {
		if w, ok := wave[id]; ok {
			return w
		}
		if visiting[id] || g.byID[id].Cycle {
			return unordered
		}
		visiting[id] = true
		w := 0
		for _, d := range deps[id] {
			dl := level(d)
			if dl == unordered {
				w = unordered
				break
			}
			w = max(w, dl+1)
		}
		delete(visiting, id)
		wave[id] = w
		return w
	}
	for _, n := range g.Nodes {
		w := level(n.ID)
		if w == unordered {
			blocked = append(blocked, n)
			continue
		}
		for len(waves) <= w {
			waves = append(waves, nil)
		}
		waves[w] = append(waves[w], n)
	}
	return waves, blocked
}

// PlanLine is the line Carina's plan shows for a node on a first apply (everything created), in
// its brief form (docs/graph.md, ../shared/docs/plan-display.md): "+ aws.acm.Certificate.cert",
// "<= aws.sts.CallerIdentity.me (data source)", "> cert_issued (until cert.status == ...)". ok is
// false for what is no effect of an apply (an upstream state, a provider instance). The line is
// Visible: one line of text, no control character for a terminal to act on.
func (g *Graph) PlanLine(n *Node) (string, bool) {
	l, ok := g.planLine(n)
	return Visible(l), ok
}

func (g *Graph) planLine(n *Node) (string, bool) {
	id := n.ID
	if n.Name == "" {
		id = "<anonymous " + g.position(n.File, n.Span.Start) + ">"
		if n.Module != "" {
			id = n.Module + "." + id
		}
	}
	switch n.Kind {
	case Resource:
		return "+ " + n.Type + "." + id, true
	case DataSource:
		return "<= " + n.Type + "." + id + " (data source)", true
	case Wait:
		return "> " + id + " (until " + n.Wait.Until + ")", true
	case Module:
		return "+ module " + id + " (" + n.Alias + ": " + n.Type + ")", true
	}
	return "", false
}

// WriteOrder writes a first apply's order: a first line saying it is read from the configuration
// alone, then each wave's plan lines. A wait nothing reads is left out, as Carina's plan leaves it
// out; a cycle's members and the statements that did not parse are listed at the end.
func (g *Graph) WriteOrder(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# apply order of %s, read from the configuration alone: no state, so every resource is shown as created\n", Visible(g.Dir))
	var unused []string
	waves, blocked := g.Waves()
	for i, wave := range waves {
		var lines []string
		for _, n := range wave {
			if n.Kind == Wait && !n.Used {
				unused = append(unused, Visible(n.ID))
				continue
			}
			if l, ok := g.PlanLine(n); ok {
				lines = append(lines, l)
			}
		}
		if len(lines) == 0 {
			continue
		}
		fmt.Fprintf(&b, "# wave %d\n%s\n", i+1, strings.Join(lines, "\n"))
	}
	for _, c := range g.Cycles {
		fmt.Fprintf(&b, "# not ordered, a dependency cycle: %s -> %s\n", Visible(strings.Join(c, " -> ")), Visible(c[0]))
	}
	if len(blocked) > 0 {
		b.WriteString("# not ordered, on a cycle or waiting for one:\n")
		for _, n := range blocked {
			if l, ok := g.PlanLine(n); ok {
				b.WriteString(l + "\n")
			}
		}
	}
	if len(unused) > 0 {
		fmt.Fprintf(&b, "# left out, as Carina's plan leaves out a wait nothing reads: %s\n", strings.Join(unused, ", "))
	}
	for _, l := range g.LeftOut {
		fmt.Fprintf(&b, "# left out, it does not parse: %s %s\n", Visible(g.position(l.File, l.Span.Start)), Visible(l.Text))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
