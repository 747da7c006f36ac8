package graph

// edgeShape is where an edge runs, in the layers' frame (u along apply order, v across): a cubic
// curve from the dependency to the dependent, and where its label goes.
type edgeShape struct {
	u1, v1, c1u, c1v, c2u, c2v, u2, v2 float64
	// The label's anchor point in the picture, and which end of the text it is.
	lx, ly float64
	anchor string // start, middle or end
}

// shapeEdge routes an edge from box from (the dependency) to box to (what reads it): from the far
// side of one to the near side of the other (right and left, or bottom and top); over the layers
// between when it spans several, arching in the lane before every box (above, or to the left), so
// it crosses none; around the lane beyond every box when it closes a cycle. Left to right the
// label sits above the curve's middle; top to bottom beside it, or left of the arch.
func (d *drawing) shapeEdge(from, to *box) edgeShape {
	f := d.frame
	s := edgeShape{u1: from.u + from.along, v1: from.v + from.wid/2, u2: to.u, v2: to.v + to.wid/2}
	mu, mv := (s.u1+s.u2)/2, (s.v1+s.v2)/2
	tb := Direction(f) == TopToBottom
	arch := false
	switch span := to.layer - from.layer; {
	case span <= 0:
		s.u1, s.v1 = from.u+from.along/2, from.v+from.wid
		s.u2, s.v2 = to.u+to.along/2, to.v+to.wid
		low := d.far + 40
		s.c1u, s.c1v, s.c2u, s.c2v = s.u1, low, s.u2, low
		mu, mv = (s.u1+s.u2)/2, low-12
	case span > 1:
		s.u1, s.v1 = from.u+from.along*0.75, from.v
		s.u2, s.v2 = to.u+to.along*0.25, to.v
		high := d.near - 24*float64(span)
		s.c1u, s.c1v, s.c2u, s.c2v = s.u1, high, s.u2, high
		mu, mv = (s.u1+s.u2)/2, high+13.5
		arch = true
	default:
		du := max((s.u2-s.u1)/2, 40)
		s.c1u, s.c1v, s.c2u, s.c2v = s.u1+du, s.v1, s.u2-du, s.v2
	}
	s.lx, s.ly = f.pt(mu, mv)
	switch {
	case !tb:
		s.ly -= 4
		s.anchor = "middle"
	case arch: // left of the arch's outermost point, which is at least three quarters of the way to its controls
		s.lx = 0.75*s.c1v + 0.25*d.near - 4
		s.ly += 4
		s.anchor = "end"
	default:
		s.lx, s.ly = s.lx+6, s.ly+4
		s.anchor = "start"
	}
	return s
}

// labelExtent is the horizontal extent of a label of width w placed as s says.
func (s edgeShape) labelExtent(w float64) (left, right float64) {
	switch s.anchor {
	case "start":
		return s.lx, s.lx + w
	case "end":
		return s.lx - w, s.lx
	}
	return s.lx - w/2, s.lx + w/2
}
