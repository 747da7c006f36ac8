package graph

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// The colours of the drawings (DOT and Mermaid): one per kind of node, red for cycles and errors.
const (
	colourResource   = "#e8f0fe"
	colourDataSource = "#e6f4ea"
	colourWait       = "#fef7e0"
	colourModule     = "#f3e8fd"
	colourOther      = "#f1f3f4"
	colourError      = "#fce8e6"
	colourRed        = "#d93025"
)

func fill(n *Node) string {
	switch {
	case n.Errors > 0:
		return colourError
	case n.Kind == Resource:
		return colourResource
	case n.Kind == DataSource:
		return colourDataSource
	case n.Kind == Wait:
		return colourWait
	case n.Kind == Module:
		return colourModule
	}
	return colourOther
}

// WriteDOT writes the graph as Graphviz source. Arrows run in apply order, from what a node
// depends on to the node: waits are hexagons, data sources dashed, modules components; depends_on
// edges are dashed, the edges a wait adds (to what reads it) bold, cycle edges and nodes red, and
// the inside of an expanded module a cluster.
func (g *Graph) WriteDOT(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n", dotQuote(g.Name()))
	b.WriteString("  rankdir=LR;\n  node [fontname=\"Helvetica\", fontsize=11, shape=box, style=\"rounded,filled\"];\n  edge [fontname=\"Helvetica\", fontsize=9];\n")
	modules, byModule := g.clusters()
	for _, n := range byModule[""] {
		g.dotNode(&b, n, "  ")
	}
	for i, m := range modules {
		fmt.Fprintf(&b, "  subgraph cluster_%d {\n    label=%s;\n    style=\"rounded,dashed\";\n", i, dotQuote("module "+m))
		for _, n := range byModule[m] {
			g.dotNode(&b, n, "    ")
		}
		b.WriteString("  }\n")
	}
	for _, e := range merged(g.Edges) {
		to := g.byID[e.To]
		attrs := []string{}
		if e.label != "" {
			attrs = append(attrs, "label="+dotQuote(e.label))
		}
		switch e.Kind {
		case DependsOn, WaitDependsOn:
			attrs = append(attrs, "style=dashed")
		}
		if g.byID[e.From] != nil && to != nil && to.Kind == Wait && e.Kind != WaitDependsOn {
			attrs = append(attrs, "style=bold", "penwidth=2")
		}
		if e.Cycle {
			attrs = append(attrs, "color=\""+colourRed+"\"", "fontcolor=\""+colourRed+"\"")
		}
		fmt.Fprintf(&b, "  %s -> %s", dotQuote(e.To), dotQuote(e.From))
		if len(attrs) > 0 {
			fmt.Fprintf(&b, " [%s]", strings.Join(attrs, ", "))
		}
		b.WriteString(";\n")
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func (g *Graph) dotNode(b *strings.Builder, n *Node, indent string) {
	attrs := []string{"label=" + dotQuote(n.Lines()...), "fillcolor=\"" + fill(n) + "\""}
	switch n.Kind {
	case Wait:
		attrs = append(attrs, "shape=hexagon")
	case DataSource:
		attrs = append(attrs, "style=\"rounded,filled,dashed\"")
	case Module:
		attrs = append(attrs, "shape=component")
	case Upstream:
		attrs = append(attrs, "shape=folder")
	case Provider:
		attrs = append(attrs, "shape=cds")
	}
	if n.Cycle || n.Errors > 0 {
		attrs = append(attrs, "color=\""+colourRed+"\"", "penwidth=2")
	}
	if n.Kind == Wait && !n.Used {
		attrs = append(attrs, "fontcolor=\"#5f6368\"", "tooltip=\"nothing reads this wait: it gates nothing\"")
	}
	fmt.Fprintf(b, "%s%s [%s];\n", indent, dotQuote(n.ID), strings.Join(attrs, ", "))
}

// mergedEdge is the edges of one kind between two nodes, drawn once with the attributes read.
type mergedEdge struct {
	*Edge
	label string
}

// merged folds the edges of one kind between the same two nodes into one, labelled with the
// attributes read (a wait's target edge says until).
func merged(edges []*Edge) []mergedEdge {
	type key struct {
		from, to string
		kind     EdgeKind
	}
	idx := map[key]int{}
	var out []mergedEdge
	attrs := map[key][]string{}
	for _, e := range edges {
		k := key{e.From, e.To, e.Kind}
		i, ok := idx[k]
		if !ok {
			i = len(out)
			idx[k] = i
			out = append(out, mergedEdge{Edge: e})
		}
		a := e.Attr
		if a == "" && len(e.Via) > 0 {
			a = "via " + strings.Join(e.Via, ", ")
		}
		if a != "" && !slices.Contains(attrs[k], a) {
			attrs[k] = append(attrs[k], a)
		}
	}
	for k, i := range idx {
		l := attrs[k]
		if len(l) > 3 {
			l = append(l[:3:3], fmt.Sprintf("+%d more", len(attrs[k])-3))
		}
		out[i].label = strings.Join(l, ", ")
		switch k.kind {
		case WaitTarget:
			out[i].label = grammar.ConstructOf(grammar.WaitConstruct).KeyOf(grammar.PredicateValue).Name
		case DependsOn, WaitDependsOn:
			out[i].label = dependsOn()
		case ProviderUse:
			out[i].label = k.kind.String()
		}
	}
	return out
}
