package graph

import (
	"cmp"
	"slices"
)

// The geometry of a drawing, in SVG user units (pixels at 100%). The text is sized to read at
// 100% (the node text 12 px, the edge labels 11 px): a view shows it at that size and pans.
const (
	fontSize   = 12
	labelSize  = 11
	lineHeight = 16.0
	padX       = 12.0
	padY       = 8.0
	layerGap   = 60.0 // between the layers, at least; wider for the labels of a left-to-right drawing
	nodeGap    = 22.0 // between the nodes of a layer
	margin     = 16.0
	loopRoom   = 48.0 // beyond the last node of a layer, for the edges that close a cycle
	sweeps     = 4    // of the barycentre ordering
)

// box is a node placed in the drawing. The layout works in the frame of the layers: u runs along
// apply order (the layers), v across a layer; frame maps it onto the picture.
type box struct {
	n          *Node
	index      int // of n in the graph's nodes, and so in its JSON form's
	lines      []string
	layer, pos int
	u, v       float64 // the box's corner in the frame
	along, wid float64 // its extent along the layers and across them
	x, y, w, h float64 // in the picture
}

// drawing is a laid-out graph: its boxes, the picture's size, and the lanes edges run in around
// the boxes (across the layers, every box lies between near and far).
type drawing struct {
	boxes         []*box
	byID          map[string]*box
	width, height float64
	near, far     float64
	frame         frame
}

// frame maps the layers' frame onto the picture: left to right, u is x; top to bottom, u is y.
type frame Direction

func (f frame) pt(u, v float64) (x, y float64) {
	if Direction(f) == TopToBottom {
		return v, u
	}
	return u, v
}

// layout places the nodes in apply order, Sugiyama-style: a node's layer is the length of the
// longest chain of dependencies below it (edges that close a cycle are ignored for that), the
// nodes of a layer are ordered by the mean position of their neighbours in the next layer,
// sweeping both ways a few times to cut crossings, and layers are centred on the longest. The
// layers are columns left to right or rows top to bottom.
func (g *Graph) layout(dir Direction) *drawing {
	deps := map[string][]string{}
	users := map[string][]string{}
	for _, e := range g.Edges {
		if e.From != e.To {
			deps[e.From] = append(deps[e.From], e.To)
			users[e.To] = append(users[e.To], e.From)
		}
	}
	layer := map[string]int{}
	visiting := map[string]bool{}
	var rank func(id string) int
	rank = func(id string) int {
		if l, ok := layer[id]; ok {
			return l
		}
		visiting[id] = true
		l := 0
		for _, d := range deps[id] {
			if !visiting[d] { // an edge back into the chain being ranked closes a cycle
				l = max(l, rank(d)+1)
			}
		}
		delete(visiting, id)
		layer[id] = l
		return l
	}
	byID := map[string]*box{}
	var boxes []*box
	var layers [][]*box
	for i, n := range g.Nodes {
		b := &box{n: n, index: i, lines: n.Lines(), layer: rank(n.ID)}
		for i, l := range b.lines {
			b.w = max(b.w, textWidth(Visible(l), fontSize, i == 0)) // as drawn, the first line bold
		}
		b.w += 2 * padX
		b.h = float64(len(b.lines))*lineHeight + 2*padY
		if n.Kind == Wait {
			b.w += 2 * padX // the hexagon's points
		}
		b.along, b.wid = b.w, b.h
		if dir == TopToBottom {
			b.along, b.wid = b.h, b.w
		}
		for len(layers) <= b.layer {
			layers = append(layers, nil)
		}
		b.pos = len(layers[b.layer])
		layers[b.layer] = append(layers[b.layer], b)
		byID[n.ID] = b
		boxes = append(boxes, b)
	}
	// The barycentre of a box: the mean position of its neighbours in the adjacent layer.
	order := func(col []*box, neighbours map[string][]string, adjacent int) {
		bary := map[*box]float64{}
		for _, b := range col {
			sum, n := 0.0, 0
			for _, id := range neighbours[b.n.ID] {
				if o := byID[id]; o != nil && o.layer == adjacent {
					sum += float64(o.pos)
					n++
				}
			}
			bary[b] = float64(b.pos)
			if n > 0 {
				bary[b] = sum / float64(n)
			}
		}
		slices.SortStableFunc(col, func(a, b *box) int { return cmp.Compare(bary[a], bary[b]) })
		for i, b := range col {
			b.pos = i
		}
	}
	for range sweeps {
		for l := 1; l < len(layers); l++ {
			order(layers[l], deps, l-1)
		}
		for l := len(layers) - 2; l >= 0; l-- {
			order(layers[l], users, l+1)
		}
	}
	// The gap after each layer: left to right, it leaves room for the labels of the edges that
	// leave it (top to bottom they run beside the edge, across).
	gaps := make([]float64, len(layers))
	for i := range gaps {
		gaps[i] = layerGap
	}
	if dir == LeftToRight {
		for _, e := range merged(g.Edges) {
			if from := byID[e.To]; from != nil && from.layer < len(gaps) {
				gaps[from.layer] = max(gaps[from.layer], textWidth(Visible(e.label), labelSize, false)+24)
			}
		}
	}
	// Room before the layers' first nodes for the edges that arch over layers, and after their
	// last for those that close a cycle.
	// Top to bottom, an arch's label stands left of it (shapeEdge): room for that too.
	before, after := 0.0, 0.0
	edges := merged(g.Edges)
	for _, e := range edges {
		if f, t := byID[e.To], byID[e.From]; f != nil && t != nil {
			if span := t.layer - f.layer; span > 1 {
				before = max(before, 24*float64(span))
				if dir == TopToBottom && e.label != "" {
					before = max(before, 18*float64(span)+4+textWidth(Visible(e.label), labelSize, false))
				}
			} else if span <= 0 && e.From != e.To {
				after = loopRoom
			}
		}
	}
	across := 0.0
	u := margin
	for i, col := range layers {
		a, c := 0.0, 0.0
		for _, b := range col {
			a = max(a, b.along)
			c += b.wid + nodeGap
		}
		across = max(across, c-nodeGap)
		for _, b := range col {
			b.u = u + (a-b.along)/2
		}
		u += a
		if i < len(layers)-1 {
			u += gaps[i]
		}
	}
	for _, col := range layers {
		c := 0.0
		for _, b := range col {
			c += b.wid + nodeGap
		}
		v := margin + before + (across-(c-nodeGap))/2
		for _, b := range col {
			b.v = v
			v += b.wid + nodeGap
		}
	}
	d := &drawing{boxes: boxes, byID: byID, near: margin + before, far: margin + before + across, frame: frame(dir)}
	for _, b := range boxes {
		b.x, b.y = d.frame.pt(b.u, b.v)
	}
	d.width, d.height = d.frame.pt(u+margin, margin+before+across+after+margin)
	// A label beside an edge may reach past the last box: the picture holds it.
	for _, e := range edges {
		if from, to := byID[e.To], byID[e.From]; from != nil && to != nil && e.label != "" {
			_, right := d.shapeEdge(from, to).labelExtent(textWidth(Visible(e.label), labelSize, false))
			d.width = max(d.width, right+margin)
		}
	}
	return d
}
