package graph

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// WriteSVG draws the graph as an SVG picture, laid out left to right in apply order (layout),
// with the distinctions of WriteDOT: waits hexagons, data sources dashed, modules with a double
// border, upstream states folders, provider instances parallelograms, depends_on edges dashed, the
// edges a wait adds thick, cycles and nodes with errors red. Each node is a group with its id in
// data-id (and a title) and its place in the graph's nodes in data-index, each edge one with
// data-from and data-to and their nodes' places in data-from-index and data-to-index, so a view
// can make them clickable: the ids are made visible (xmlEscape), the places find the JSON form's
// nodes whatever their ids hold. Drawn in-process in time linear in the graph: nothing to install.
func (g *Graph) WriteSVG(ctx context.Context, w io.Writer) error {
	boxes, byID, width, height := g.layout()
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif" font-size="11">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, "<title>%s</title>\n", xmlEscape(g.Name()))
	fmt.Fprintf(&b, `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#5f6368"/></marker>`+
		`<marker id="arrow-red" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker></defs>`+"\n", colourRed)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	for i, e := range merged(g.Edges) {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		g.svgEdge(&b, i, e, byID)
	}
	for _, bx := range boxes {
		svgNode(&b, bx)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// svgEdge draws an edge from the dependency's right side to the dependent's left side: a curve,
// its label at the middle.
func (g *Graph) svgEdge(b *strings.Builder, i int, e mergedEdge, byID map[string]*box) {
	from, to := byID[e.To], byID[e.From] // drawn in apply order
	if from == nil || to == nil {
		return
	}
	x1, y1 := from.x+from.w, from.y+from.h/2
	x2, y2 := to.x, to.y+to.h/2
	if to.layer <= from.layer { // an edge of a cycle runs backwards: around, below
		x1, x2 = from.x+from.w/2, to.x+to.w/2
		y1, y2 = from.y+from.h, to.y+to.h
	}
	dx := max((x2-x1)/2, 40)
	path := fmt.Sprintf("M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f", x1, y1, x1+dx, y1, x2-dx, y2, x2, y2)
	mx, my := (x1+x2)/2, (y1+y2)/2-4
	switch span := to.layer - from.layer; {
	case span <= 0:
		low := max(y1, y2) + 40
		path = fmt.Sprintf("M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f", x1, y1, x1, low, x2, low, x2, y2)
		my = low - 12
	case span > 1:
		// Over the columns between, which a straight curve would run behind: from the top of one
		// box to the top of the other, arching higher the further it goes.
		x1, y1 = from.x+from.w*0.75, from.y
		x2, y2 = to.x+to.w*0.25, to.y
		high := min(y1, y2) - 24*float64(span)
		path = fmt.Sprintf("M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f", x1, y1, x1, high, x2, high, x2, y2)
		mx, my = (x1+x2)/2, high+18*0.75
	}
	stroke, marker, width, dash := "#5f6368", "arrow", 1.2, ""
	if t := g.byID[e.To]; t != nil && t.Kind == Wait && e.Kind != WaitDependsOn {
		width = 2.6 // the edge a wait adds: what reads it waits for it
	}
	if e.Kind == DependsOn || e.Kind == WaitDependsOn {
		dash = ` stroke-dasharray="5,4"`
	}
	if e.Cycle {
		stroke, marker = colourRed, "arrow-red"
	}
	fmt.Fprintf(b, `<g class="edge" id="edge%d" data-from="%s" data-to="%s" data-kind="%s" data-from-index="%d" data-to-index="%d"><title>%s</title>`,
		i, xmlEscape(e.From), xmlEscape(e.To), e.Kind, to.index, from.index, xmlEscape(e.To+" → "+e.From))
	fmt.Fprintf(b, `<path d="%s" fill="none" stroke="%s" stroke-width="%.1f"%s marker-end="url(#%s)"/>`, path, stroke, width, dash, marker)
	if e.label != "" {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="9" fill="%s">%s</text>`, mx, my, stroke, xmlEscape(e.label))
	}
	b.WriteString("</g>\n")
}

// svgNode draws a node: its shape by kind, its lines of text, the first in bold.
func svgNode(b *strings.Builder, bx *box) {
	n := bx.n
	stroke, width := "#5f6368", 1.0
	if n.Cycle || n.Errors > 0 {
		stroke, width = colourRed, 2.0
	}
	fmt.Fprintf(b, `<g class="node" data-id="%s" data-index="%d" data-kind="%s" data-cycle="%t" data-errors="%d"><title>%s</title>`, xmlEscape(n.ID), bx.index, n.Kind, n.Cycle, n.Errors, xmlEscape(n.ID))
	x, y, w, h := bx.x, bx.y, bx.w, bx.h
	common := fmt.Sprintf(`fill="%s" stroke="%s" stroke-width="%.1f"`, fill(n), stroke, width)
	switch n.Kind {
	case Wait:
		d := padX * 1.5
		fmt.Fprintf(b, `<polygon points="%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f" %s/>`,
			x+d, y, x+w-d, y, x+w, y+h/2, x+w-d, y+h, x+d, y+h, x, y+h/2, common)
	case DataSource:
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="8" %s stroke-dasharray="4,3"/>`, x, y, w, h, common)
	case Module:
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="4" %s/>`, x, y, w, h, common)
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="3" fill="none" stroke="%s"/>`, x+3, y+3, w-6, h-6, stroke)
	case Upstream:
		fmt.Fprintf(b, `<path d="M%.1f,%.1f h%.1f l6,6 h%.1f v%.1f h%.1f z" %s/>`, x, y, w*0.35, w*0.65-6, h-6, -w, common)
	case Provider:
		fmt.Fprintf(b, `<polygon points="%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f" %s/>`, x+8, y, x+w, y, x+w-8, y+h, x, y+h, common)
	default:
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="8" %s/>`, x, y, w, h, common)
	}
	fmt.Fprintf(b, `<text x="%.1f" text-anchor="middle">`, x+w/2)
	for i, l := range bx.lines {
		weight := ""
		if i == 0 {
			weight = ` font-weight="bold"`
		}
		fmt.Fprintf(b, `<tspan x="%.1f" y="%.1f"%s>%s</tspan>`, x+w/2, y+padY+lineHeight*float64(i+1)-3, weight, xmlEscape(l))
	}
	b.WriteString("</text></g>\n")
}
