package graph

import (
	"fmt"
	"io"
	"strings"
)

// WriteMermaid writes the graph as a Mermaid flowchart, which GitHub renders in Markdown, with the
// distinctions of WriteDOT: waits hexagons, data sources stadiums, modules subroutines, depends_on
// dotted, the edges a wait adds thick, cycles and errors red.
func (g *Graph) WriteMermaid(w io.Writer) error {
	var b strings.Builder
	b.WriteString("flowchart LR\n")
	ids := map[string]string{} // Mermaid's node ids: n0, n1, ... (ours hold dots and @)
	for i, n := range g.Nodes {
		ids[n.ID] = fmt.Sprintf("n%d", i)
	}
	modules, byModule := g.clusters()
	for _, n := range byModule[""] {
		mermaidNode(&b, n, ids[n.ID], "  ")
	}
	for i, m := range modules {
		fmt.Fprintf(&b, "  subgraph m%d[%s]\n", i, mermaidQuote("module "+m))
		for _, n := range byModule[m] {
			mermaidNode(&b, n, ids[n.ID], "    ")
		}
		b.WriteString("  end\n")
	}
	var red []int
	for i, e := range merged(g.Edges) {
		arrow := "-->"
		switch to := g.byID[e.To]; {
		case e.Kind == DependsOn || e.Kind == WaitDependsOn:
			arrow = "-.->"
		case to != nil && to.Kind == Wait:
			arrow = "==>"
		}
		label := ""
		if e.label != "" {
			label = "|" + mermaidQuote(e.label) + "|"
		}
		fmt.Fprintf(&b, "  %s %s%s %s\n", ids[e.To], arrow, label, ids[e.From])
		if e.Cycle {
			red = append(red, i)
		}
	}
	fmt.Fprintf(&b, "  classDef resource fill:%s,stroke:#1a73e8\n", colourResource)
	fmt.Fprintf(&b, "  classDef data fill:%s,stroke:#188038\n", colourDataSource)
	fmt.Fprintf(&b, "  classDef gate fill:%s,stroke:#f29900\n", colourWait)
	fmt.Fprintf(&b, "  classDef module fill:%s,stroke:#9334e6\n", colourModule)
	fmt.Fprintf(&b, "  classDef other fill:%s,stroke:#5f6368\n", colourOther)
	fmt.Fprintf(&b, "  classDef problem fill:%s,stroke:%s,stroke-width:2px\n", colourError, colourRed)
	for _, n := range g.Nodes {
		fmt.Fprintf(&b, "  class %s %s\n", ids[n.ID], mermaidClass(n))
	}
	for _, i := range red {
		fmt.Fprintf(&b, "  linkStyle %d stroke:%s,stroke-width:2px\n", i, colourRed)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func mermaidClass(n *Node) string {
	switch {
	case n.Cycle || n.Errors > 0:
		return "problem"
	case n.Kind == Resource:
		return "resource"
	case n.Kind == DataSource:
		return "data"
	case n.Kind == Wait:
		return "gate"
	case n.Kind == Module:
		return "module"
	}
	return "other"
}

func mermaidNode(b *strings.Builder, n *Node, id, indent string) {
	label := mermaidQuote(n.Lines()...)
	open, close := "[", "]"
	switch n.Kind {
	case Wait:
		open, close = "{{", "}}"
	case DataSource:
		open, close = "([", "])"
	case Module:
		open, close = "[[", "]]"
	case Upstream:
		open, close = "[(", ")]"
	case Provider:
		open, close = ">", "]"
	}
	fmt.Fprintf(b, "%s%s%s%s%s\n", indent, id, open, label, close)
}
