package graph

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// WriteSVG draws the graph as an SVG picture, laid out in apply order (layout) in the options'
// direction and palette, with the distinctions of WriteDOT: waits hexagons, data sources dashed,
// modules with a double border, upstream states folders, provider instances parallelograms,
// depends_on edges dashed, the edges a wait adds thick, cycles and nodes with errors red. Each node
// is a group with its id in data-id (and a title) and its place in the graph's nodes in
// data-index, each edge one with data-from and data-to and their nodes' places in data-from-index
// and data-to-index, so a view can make them clickable: the ids are made visible (xmlEscape), the
// places find the JSON form's nodes whatever their ids hold. Every painted element has a class
// (background, shape, label, line, edge-label, arrowhead) by which a view repaints it in its own
// theme. Drawn in-process in time linear in the graph: nothing to install.
func (g *Graph) WriteSVG(ctx context.Context, w io.Writer, opts SVGOptions) error {
	d := g.layout(opts.Direction)
	p := opts.Theme.palette()
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif" font-size="%d" data-direction="%s">`+"\n",
		d.width, d.height, d.width, d.height, fontSize, opts.Direction)
	fmt.Fprintf(&b, "<title>%s</title>\n", xmlEscape(g.Name()))
	arrow := func(id, colour string) string {
		return fmt.Sprintf(`<marker id="%s" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path class="arrowhead" d="M0,0 L10,5 L0,10 z" fill="%s"/></marker>`, id, colour)
	}
	fmt.Fprintf(&b, "<defs>%s%s</defs>\n", arrow("arrow", p.muted), arrow("arrow-red", p.red))
	fmt.Fprintf(&b, `<rect class="background" width="100%%" height="100%%" fill="%s"/>`+"\n", p.background)
	for i, e := range merged(g.Edges) {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		g.svgEdge(&b, i, e, d, p)
	}
	for _, bx := range d.boxes {
		svgNode(&b, bx, p)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// String is the direction as Graphviz's rankdir writes it.
func (d Direction) String() string {
	if d == TopToBottom {
		return "TB"
	}
	return "LR"
}

// svgEdge draws an edge as shapeEdge routes it, its label where shapeEdge puts it.
func (g *Graph) svgEdge(b *strings.Builder, i int, e mergedEdge, d *drawing, p palette) {
	from, to := d.byID[e.To], d.byID[e.From] // drawn in apply order
	if from == nil || to == nil {
		return
	}
	s := d.shapeEdge(from, to)
	pt := func(u, v float64) string {
		x, y := d.frame.pt(u, v)
		return fmt.Sprintf("%.1f,%.1f", x, y)
	}
	path := "M" + pt(s.u1, s.v1) + " C" + pt(s.c1u, s.c1v) + " " + pt(s.c2u, s.c2v) + " " + pt(s.u2, s.v2)
	stroke, marker, width, dash := p.muted, "arrow", 1.2, ""
	if t := g.byID[e.To]; t != nil && t.Kind == Wait && e.Kind != WaitDependsOn {
		width = 2.6 // the edge a wait adds: what reads it waits for it
	}
	if e.Kind == DependsOn || e.Kind == WaitDependsOn {
		dash = ` stroke-dasharray="5,4"`
	}
	if e.Cycle {
		stroke, marker = p.red, "arrow-red"
	}
	fmt.Fprintf(b, `<g class="edge" id="edge%d" data-from="%s" data-to="%s" data-kind="%s" data-from-index="%d" data-to-index="%d"><title>%s</title>`,
		i, xmlEscape(e.From), xmlEscape(e.To), e.Kind, to.index, from.index, xmlEscape(e.To+" → "+e.From))
	fmt.Fprintf(b, `<path class="line" d="%s" fill="none" stroke="%s" stroke-width="%.1f"%s marker-end="url(#%s)"/>`, path, stroke, width, dash, marker)
	if e.label != "" {
		fmt.Fprintf(b, `<text class="edge-label" x="%.1f" y="%.1f" text-anchor="%s" font-size="%d" fill="%s">%s</text>`, s.lx, s.ly, s.anchor, labelSize, stroke, xmlEscape(e.label))
	}
	b.WriteString("</g>\n")
}

// svgNode draws a node: its shape by kind, its lines of text, the first in bold.
func svgNode(b *strings.Builder, bx *box, p palette) {
	n := bx.n
	width := 1.2
	if n.Cycle || n.Errors > 0 {
		width = 2.0
	}
	stroke := p.nodeStroke(n)
	fmt.Fprintf(b, `<g class="node" data-id="%s" data-index="%d" data-kind="%s" data-cycle="%t" data-errors="%d"><title>%s</title>`, xmlEscape(n.ID), bx.index, n.Kind, n.Cycle, n.Errors, xmlEscape(n.ID))
	x, y, w, h := bx.x, bx.y, bx.w, bx.h
	common := fmt.Sprintf(`class="shape" fill="%s" stroke="%s" stroke-width="%.1f"`, p.nodeFill(n), stroke, width)
	switch n.Kind {
	case Wait:
		d := padX * 1.5
		fmt.Fprintf(b, `<polygon points="%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f" %s/>`,
			x+d, y, x+w-d, y, x+w, y+h/2, x+w-d, y+h, x+d, y+h, x, y+h/2, common)
	case DataSource:
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="8" %s stroke-dasharray="4,3"/>`, x, y, w, h, common)
	case Module:
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="4" %s/>`, x, y, w, h, common)
		fmt.Fprintf(b, `<rect class="shape-inner" x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="3" fill="none" stroke="%s"/>`, x+3, y+3, w-6, h-6, stroke)
	case Upstream:
		fmt.Fprintf(b, `<path d="M%.1f,%.1f h%.1f l6,6 h%.1f v%.1f h%.1f z" %s/>`, x, y, w*0.35, w*0.65-6, h-6, -w, common)
	case Provider:
		fmt.Fprintf(b, `<polygon points="%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f" %s/>`, x+8, y, x+w, y, x+w-8, y+h, x, y+h, common)
	default:
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="8" %s/>`, x, y, w, h, common)
	}
	fmt.Fprintf(b, `<text class="label" x="%.1f" text-anchor="middle" fill="%s">`, x+w/2, p.text)
	for i, l := range bx.lines {
		weight := ""
		if i == 0 {
			weight = ` font-weight="bold"`
		}
		fmt.Fprintf(b, `<tspan x="%.1f" y="%.1f"%s>%s</tspan>`, x+w/2, y+padY+lineHeight*float64(i+1)-4, weight, xmlEscape(l))
	}
	b.WriteString("</text></g>\n")
}
