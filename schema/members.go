package schema

import "maps"

// Declared returns the schema that describes a resource written with the DSL head: with read,
// the data source, else the managed resource; each falls back to the other kind when the head
// has only that one (a `read` of a type known only as a resource is still described by its
// resource schema). This is the one rule every feature uses to find "the schema of" a
// declaration; whether the kind is right is a separate check.
func (x *Index) Declared(head string, read bool) *Resource {
	if x == nil || head == "" {
		return nil
	}
	first, second := x.Resource, x.DataSource
	if read {
		first, second = second, first
	}
	if rs := first(head); rs != nil {
		return rs
	}
	return second(head)
}

// Fields returns the struct fields a value of type t holds: through refs and list elements; for
// a union, the fields of its struct members merged (a name in several keeps the first member's).
// A map's keys are its own, not fields: a map gives nil, as does every type that holds no
// struct.
func (r *Resource) Fields(t *Type) map[string]*Member {
	return r.fields(t, map[*Type]bool{})
}

func (r *Resource) fields(t *Type, seen map[*Type]bool) map[string]*Member {
	for t != nil && !seen[t] {
		seen[t] = true
		switch t.Kind {
		case KindRef:
			t = r.Defs[t.Ref]
		case KindStruct:
			return t.Fields()
		case KindList:
			t = t.Element
		case KindUnion:
			var out map[string]*Member
			for _, u := range t.Members {
				fs := r.fields(u, seen)
				if len(fs) == 0 {
					continue
				}
				if out == nil {
					out = map[string]*Member{}
				}
				for n, m := range fs {
					if _, ok := out[n]; !ok {
						out[n] = m
					}
				}
			}
			return out
		default:
			return nil
		}
	}
	return nil
}

// Members returns the members that may be written after path: the resource's attributes for an
// empty path, else the fields of what the member at path holds (see Fields; a segment may be an
// attribute or field name, its singular block name, a map key or a list index, as in Walk). nil
// when the path does not exist or holds no struct.
func (r *Resource) Members(path []string) map[string]*Member {
	if r == nil {
		return nil
	}
	if len(path) == 0 {
		return r.Attributes
	}
	m, ok := r.Lookup(path)
	if !ok {
		return nil
	}
	return r.Fields(m.Type)
}

// Named returns the member of ms called name, or the one whose singular block name it is (a list
// of structs written as repeated `block_name { ... }` blocks), or nil.
func Named(ms map[string]*Member, name string) *Member {
	if m := ms[name]; m != nil {
		return m
	}
	for _, m := range ms {
		if m.BlockName != "" && m.BlockName == name {
			return m
		}
	}
	return nil
}

// Settable returns the members of ms a configuration may write: those that are not read-only.
func Settable(ms map[string]*Member) map[string]*Member {
	out := maps.Clone(ms)
	maps.DeleteFunc(out, func(_ string, m *Member) bool { return m.ReadOnly })
	return out
}

// ListBlockName returns the name under which m, an attribute or field holding a list of structs,
// is written as repeated blocks (operating_region { ... } for operating_regions), or "" when m
// holds no list of structs or declares no block name.
func (r *Resource) ListBlockName(m *Member) string {
	if r == nil || m == nil || m.BlockName == "" {
		return ""
	}
	t := r.Resolve(m.Type)
	if t == nil || t.Kind != KindList {
		return ""
	}
	if el := r.Resolve(t.Element); el == nil || el.Kind != KindStruct {
		return ""
	}
	return m.BlockName
}

// ListBlockName returns the block name of the member key written after path (as in
// Resource.Members) in a resource of the DSL head (a data source with read), when that member
// is a list of structs with a block name; else "". A head in an older spelling of a known one
// (FoldHead) stands for that one. This is what the formatter's list-to-block rewrite asks.
func (x *Index) ListBlockName(head string, read bool, path []string, key string) string {
	if folded, ok := x.FoldHead(head); ok {
		head = folded
	}
	rs := x.Declared(head, read)
	if rs == nil {
		return ""
	}
	return rs.ListBlockName(Named(rs.Members(path), key))
}
