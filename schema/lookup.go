package schema

import "strings"

// Resolve follows ref types through the resource's Defs and returns the first
// type that is not a ref, or nil for a dangling or cyclic ref chain. Refs are
// resolved on demand, so cyclic shapes (WAFv2 Statement) are never expanded.
func (r *Resource) Resolve(t *Type) *Type {
	for range len(r.Defs) + 1 {
		if t == nil || t.Kind != KindRef {
			return t
		}
		t = r.Defs[t.Ref]
	}
	return nil // a ref chain longer than Defs loops
}

// Lookup returns the member at path: an attribute name followed by struct
// field names; an attribute or field that is a list of structs may be named by
// its singular block name (attribute_definition for attribute_definitions). Lists, maps, unions and refs are followed on the way: a field
// name after a list applies to its element, a segment after a map is a key
// (the member returned stands for the value), a union tries its members in
// order, and refs resolve in the resource's Defs. Index segments ("0", "[0]",
// "[]") select a list element and may be given or left out, so
// domain_validation_options[0].resource_record.name can be looked up as
// {"domain_validation_options", "0", "resource_record", "name"} or without
// the "0".
func (r *Resource) Lookup(path []string) (*Member, bool) {
	if r == nil || len(path) == 0 {
		return nil, false
	}
	m := Named(r.Attributes, path[0])
	for _, seg := range path[1:] {
		if m == nil {
			break
		}
		m = r.step(m, seg)
	}
	return m, m != nil
}

// Walk is Lookup returning the member reached after each segment, so callers
// can see flags along the way (read_only on the attribute, deferred_populate
// on an inner struct). Members standing for a list element or a map value are
// synthesised: they carry the element type, the container's name (or the map
// key) and the container's lifecycle flags (ReadOnly, CreateOnly, WriteOnly,
// DeferredPopulate).
func (r *Resource) Walk(path []string) ([]*Member, bool) {
	if r == nil || len(path) == 0 {
		return nil, false
	}
	m := Named(r.Attributes, path[0])
	if m == nil {
		return nil, false
	}
	out := make([]*Member, 1, len(path))
	out[0] = m
	for _, seg := range path[1:] {
		next := r.step(m, seg)
		if next == nil {
			return nil, false
		}
		out = append(out, next)
		m = next
	}
	return out, true
}

// step returns the member seg names below m: a list element for an index segment, else a
// field (or a map's value).
func (r *Resource) step(m *Member, seg string) *Member {
	if isIndex(seg) {
		return r.element(m, m.Type, nil)
	}
	return r.field(m, m.Type, seg, nil)
}

// cyclic marks t as seen when it is a kind a cycle goes through (a ref, a union), allocating the
// set on first need, and returns the set.
func cyclic(t *Type, seen map[*Type]bool) map[*Type]bool {
	if t.Kind == KindRef || t.Kind == KindUnion {
		if seen == nil {
			seen = map[*Type]bool{}
		}
		seen[t] = true
	}
	return seen
}

// field finds seg below type t of member parent without consuming any other
// segment. seen guards against ref and union cycles that consume nothing (every
// cycle of types goes through a ref).
func (r *Resource) field(parent *Member, t *Type, seg string, seen map[*Type]bool) *Member {
	if t == nil || seen[t] {
		return nil
	}
	seen = cyclic(t, seen)
	switch t.Kind {
	case KindRef:
		return r.field(parent, r.Defs[t.Ref], seg, seen)
	case KindStruct:
		return Named(t.Fields(), seg)
	case KindList:
		return r.field(parent, t.Element, seg, seen)
	case KindMap:
		return synth(parent, seg, t.Value)
	case KindUnion:
		for _, u := range t.Members {
			if m := r.field(parent, u, seg, seen); m != nil {
				return m
			}
		}
	}
	return nil
}

// element steps into a list element (or a map value, for a bracketed key).
func (r *Resource) element(parent *Member, t *Type, seen map[*Type]bool) *Member {
	if t == nil || seen[t] {
		return nil
	}
	seen = cyclic(t, seen)
	switch t.Kind {
	case KindRef:
		return r.element(parent, r.Defs[t.Ref], seen)
	case KindList:
		return synth(parent, parent.Name, t.Element)
	case KindMap:
		return synth(parent, parent.Name, t.Value)
	case KindUnion:
		for _, u := range t.Members {
			if m := r.element(parent, u, seen); m != nil {
				return m
			}
		}
	}
	return nil
}

func synth(parent *Member, name string, t *Type) *Member {
	return &Member{
		Name:             name,
		Type:             t,
		ReadOnly:         parent.ReadOnly,
		CreateOnly:       parent.CreateOnly,
		WriteOnly:        parent.WriteOnly,
		DeferredPopulate: parent.DeferredPopulate,
	}
}

// isIndex reports whether a path segment is a list index: digits, or a
// bracketed form ("[0]", "[]", "['key']").
func isIndex(seg string) bool {
	if strings.HasPrefix(seg, "[") && strings.HasSuffix(seg, "]") {
		return true
	}
	if seg == "" {
		return false
	}
	for i := 0; i < len(seg); i++ {
		if seg[i] < '0' || seg[i] > '9' {
			return false
		}
	}
	return true
}

// EnumOf returns the enum of a member's type, following refs, or nil when the
// member is not an enum (a list of enums is not an enum).
func (r *Resource) EnumOf(m *Member) *Enum {
	if m == nil {
		return nil
	}
	if t := r.Resolve(m.Type); t != nil {
		return t.Enum
	}
	return nil
}
