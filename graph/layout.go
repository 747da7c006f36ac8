package graph

import (
	"cmp"
	"slices"
	"unicode/utf8"
)

// The geometry of a drawing, in SVG user units (pixels at 100%).
const (
	charWidth  = 6.6 // an average character of the 11px sans-serif font
	lineHeight = 14.0
	padX       = 12.0
	padY       = 7.0
	layerGap   = 60.0 // between the columns of a left-to-right drawing, at least; wider for labels
	labelChar  = 5.4  // an average character of the 9px edge labels
	nodeGap    = 22.0 // between the nodes of a column
	margin     = 16.0
	sweeps     = 4 // of the barycentre ordering
)

// box is a node placed in the drawing.
type box struct {
	n          *Node
	index      int // of n in the graph's nodes, and so in its JSON form's
	lines      []string
	layer, pos int
	x, y, w, h float64
}

// layout places the nodes left to right in apply order, Sugiyama-style: a node's column is the
// length of the longest chain of dependencies below it (edges that close a cycle are ignored for
// that), the nodes of a column are ordered by the mean position of their neighbours in the next
// column, sweeping both ways a few times to cut crossings, and columns are centred on the tallest.
func (g *Graph) layout() (boxes []*box, byID map[string]*box, width, height float64) {
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
	byID = map[string]*box{}
	var columns [][]*box
	for i, n := range g.Nodes {
		b := &box{n: n, index: i, lines: n.Lines(), layer: rank(n.ID)}
		for _, l := range b.lines {
			b.w = max(b.w, float64(utf8.RuneCountInString(Visible(l)))*charWidth) // as drawn
		}
		b.w += 2 * padX
		b.h = float64(len(b.lines))*lineHeight + 2*padY
		if n.Kind == Wait {
			b.w += 2 * padX // the hexagon's points
		}
		for len(columns) <= b.layer {
			columns = append(columns, nil)
		}
		b.pos = len(columns[b.layer])
		columns[b.layer] = append(columns[b.layer], b)
		byID[n.ID] = b
		boxes = append(boxes, b)
	}
	// The barycentre of a box: the mean position of its neighbours in the adjacent column.
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
		for l := 1; l < len(columns); l++ {
			order(columns[l], deps, l-1)
		}
		for l := len(columns) - 2; l >= 0; l-- {
			order(columns[l], users, l+1)
		}
	}
	// The gap after each column leaves room for the labels of the edges that leave it.
	gaps := make([]float64, len(columns))
	for _, e := range merged(g.Edges) {
		if from := byID[e.To]; from != nil && from.layer < len(gaps) {
			gaps[from.layer] = max(gaps[from.layer], float64(utf8.RuneCountInString(Visible(e.label)))*labelChar+24)
		}
	}
	// Room above the columns for the edges that arch over them.
	top := 0.0
	for _, e := range g.Edges {
		if f, t := byID[e.To], byID[e.From]; f != nil && t != nil && t.layer-f.layer > 1 {
			top = max(top, 24*float64(t.layer-f.layer))
		}
	}
	x := margin
	for i, col := range columns {
		w, h := 0.0, 0.0
		for _, b := range col {
			w = max(w, b.w)
			h += b.h + nodeGap
		}
		height = max(height, h-nodeGap)
		for _, b := range col {
			b.x = x + (w-b.w)/2
		}
		x += w + max(layerGap, gaps[i])
	}
	width = x + margin
	if len(gaps) > 0 {
		width -= max(layerGap, gaps[len(gaps)-1])
	}
	for _, col := range columns {
		h := 0.0
		for _, b := range col {
			h += b.h + nodeGap
		}
		y := margin + top + (height-(h-nodeGap))/2
		for _, b := range col {
			b.y = y
			y += b.h + nodeGap
		}
	}
	height += 2*margin + top
	return boxes, byID, width, height
}
