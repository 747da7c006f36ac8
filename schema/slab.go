package schema

// slab hands out elements of a few larger allocations: the members and types of one type are
// decoded together and kept (or dropped) together. It starts at 4 elements and doubles up to 64,
// so that a struct of three fields decoded on its own does not take 64 of each.
type slab[T any] struct {
	free []T
	size int
}

func (s *slab[T]) get() *T {
	if len(s.free) == 0 {
		s.size = min(max(2*s.size, 4), 64)
		s.free = make([]T, s.size)
	}
	p := &s.free[0]
	s.free = s.free[1:]
	return p
}
