package plan

import (
	"slices"

	"github.com/carina-rs/carina-lsp/schema"
)

// Typed is what a Schemas may also give: a resource type's schema, whose attribute types decide
// how the differ compares a configured value with its stored one. A Schemas without it, or one
// that knows no schema of the type, leaves every value untyped: Carina's differ then compares
// every list as a multiset.
type Typed interface {
	Resource(resourceType string) *schema.Resource
}

// Resource returns the index's schema of a resource type, nil when it has none.
func (s IndexSchemas) Resource(resourceType string) *schema.Resource {
	return s.Index.Resource(resourceType)
}

// differ compares as Carina's differ (type_aware_equal) with a resource type's schema, nil when
// there is none.
type differ struct{ rs *schema.Resource }

func (c *computer) differ(r *Resource) differ {
	if t, ok := c.in.Schemas.(Typed); ok {
		return differ{rs: t.Resource(r.Provider + "." + r.Type)}
	}
	return differ{}
}

// differ is how the resource's changes were compared, for the display to compare alike.
func (r *Resource) differ() differ { return differ{rs: r.schema} }

// attr is a top-level attribute's type, nil when the schema does not know it.
func (d differ) attr(name string) *schema.Type {
	if d.rs == nil {
		return nil
	}
	if m := d.rs.Attributes[name]; m != nil {
		return m.Type
	}
	return nil
}

// resolve follows refs through the resource's definitions.
func (d differ) resolve(t *schema.Type) *schema.Type {
	if t == nil || d.rs == nil {
		return t
	}
	return d.rs.Resolve(t)
}

// elem is the type of a list's elements, as Carina's list_element_type: refs followed, a union's
// list member taken; a type that is no list is taken to be the element's own (a caller already
// inside the list).
func (d differ) elem(t *schema.Type) *schema.Type {
	for range 16 { // a bound: a union may name itself through refs
		t = d.resolve(t)
		switch {
		case t == nil:
			return nil
		case t.Kind == schema.KindList:
			return t.Element
		case t.Kind == schema.KindUnion:
			t = d.member(t, schema.KindList)
		default:
			return t
		}
	}
	return nil
}

// entry is the type of a map's or a struct's entry key, as Carina's map_entry_subtype: lists
// followed to their elements, a map's value type, a struct's field (by name or block name), a
// union's struct or map member before its list one; nil when none.
func (d differ) entry(t *schema.Type, key string) *schema.Type {
	for range 16 {
		t = d.resolve(t)
		if t == nil {
			return nil
		}
		switch t.Kind {
		case schema.KindList:
			t = t.Element
		case schema.KindMap:
			return t.Value
		case schema.KindStruct:
			if m := schema.Named(t.Fields(), key); m != nil {
				return m.Type
			}
			return nil
		case schema.KindUnion:
			u := d.member(t, schema.KindStruct, schema.KindMap)
			if u == nil {
				u = d.member(t, schema.KindList)
			}
			t = u
		default:
			return nil
		}
	}
	return nil
}

// member is a union's first member of one of the kinds, refs followed; nil when none.
func (d differ) member(t *schema.Type, kinds ...schema.Kind) *schema.Type {
	for _, m := range t.Members {
		if r := d.resolve(m); r != nil && slices.Contains(kinds, r.Kind) {
			return r
		}
	}
	return nil
}

// same compares a configured value with a stored one of type t (nil: untyped). A list is
// compared in order only where its type says so (a CloudFormation insertionOrder list, and the
// string-or-strings union Carina canonicalizes to one); any other list, typed or not, is a
// multiset. A struct tolerates a field one side lacks when the other holds its type's zero.
// Scalars compare as the untyped same does.
func (d differ) same(desired, stored Value, t *schema.Type) bool {
	if desired.Kind == Secret || stored.Kind == Secret {
		return same(desired, stored)
	}
	t = d.resolve(t)
	if t != nil && t.Kind == schema.KindUnion {
		if d.stringOrStrings(t) {
			if ds, ok := asStrings(desired); ok {
				if ss, ok := asStrings(stored); ok {
					return slices.Equal(ds, ss)
				}
			}
		}
		for _, m := range t.Members {
			if d.same(desired, stored, m) {
				return true
			}
		}
		return false
	}
	switch {
	case desired.Kind == List && stored.Kind == List:
		var elem *schema.Type
		ordered := false
		if t != nil && t.Kind == schema.KindList {
			elem, ordered = t.Element, t.Ordered
		}
		return d.sameList(desired.Elems, stored.Elems, elem, ordered)
	case desired.Kind == Map && stored.Kind == Map:
		if t != nil && t.Kind == schema.KindStruct {
			return d.sameStruct(desired, stored, t.Fields())
		}
		var value *schema.Type
		if t != nil && t.Kind == schema.KindMap {
			value = t.Value
		}
		if len(desired.Keys) != len(stored.Keys) {
			return false
		}
		for i, k := range desired.Keys {
			sv, ok := stored.Get(k)
			if !ok || !d.same(desired.Elems[i], sv, value) {
				return false
			}
		}
		return true
	}
	return same(desired, stored)
}

// sameList compares two lists of elements of type elem, in order or as multisets. The multiset
// match is Carina's greedy one: each stored element takes the first configured one still free
// that equals it.
func (d differ) sameList(desired, stored []Value, elem *schema.Type, ordered bool) bool {
	if len(desired) != len(stored) {
		return false
	}
	if ordered {
		for i := range desired {
			if !d.same(desired[i], stored[i], elem) {
				return false
			}
		}
		return true
	}
	taken := make([]bool, len(desired))
	for _, s := range stored {
		found := false
		for j, w := range desired {
			if !taken[j] && d.same(w, s, elem) {
				taken[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// sameStruct compares two structs field by field; a field only one side holds is no difference
// when its value is its type's zero (a provider returns false, 0 or "" for what was not written).
func (d differ) sameStruct(desired, stored Value, fields map[string]*schema.Member) bool {
	typeOf := func(k string) *schema.Type {
		if m := fields[k]; m != nil {
			return m.Type
		}
		return nil
	}
	for i, k := range desired.Keys {
		if sv, ok := stored.Get(k); ok {
			if !d.same(desired.Elems[i], sv, typeOf(k)) {
				return false
			}
		} else if !d.zero(desired.Elems[i], typeOf(k)) {
			return false
		}
	}
	for i, k := range stored.Keys {
		if _, ok := desired.Get(k); !ok && !d.zero(stored.Elems[i], typeOf(k)) {
			return false
		}
	}
	return true
}

// zero reports whether v is the zero of type t, as Carina's is_type_default: false (also when
// the field's type is unknown), 0, 0.0, a zero duration, "", an empty list or map.
func (d differ) zero(v Value, t *schema.Type) bool {
	t = d.resolve(t)
	var k schema.Kind
	if t != nil {
		k = t.Kind
	}
	switch v.Kind {
	case Bool:
		return !v.Bool && (t == nil || k == schema.KindBool)
	case Int:
		if v.duration {
			return v.Int == 0 && k == schema.KindDuration
		}
		return v.Int == 0 && k == schema.KindInt
	case Float:
		return v.Float == 0 && k == schema.KindFloat
	case Str:
		return v.Text == "" && (k == schema.KindString || k == schema.KindEnum)
	case Enum:
		return v.Text == "" && k == schema.KindEnum
	case List:
		return len(v.Elems) == 0 && k == schema.KindList
	case Map:
		return len(v.Elems) == 0 && (k == schema.KindMap || k == schema.KindStruct)
	}
	return false
}

// stringOrStrings reports whether a union is exactly a string and a list of strings (IAM's
// Action, Resource): Carina turns either form into one list of strings, compared in order, so
// "x" and ["x"] are the same.
func (d differ) stringOrStrings(t *schema.Type) bool {
	if len(t.Members) != 2 {
		return false
	}
	str, strs := false, false
	for _, m := range t.Members {
		m = d.resolve(m)
		switch {
		case m == nil:
			return false
		case m.Kind == schema.KindString:
			str = true
		case m.Kind == schema.KindList && m.Element != nil && m.Element.Kind == schema.KindString:
			strs = true
		default:
			return false
		}
	}
	return str && strs
}

// asStrings is a string, or a list of strings, as the one list Carina canonicalizes it to.
func asStrings(v Value) ([]string, bool) {
	switch v.Kind {
	case Str:
		return []string{v.Text}, true
	case List:
		out := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			if e.Kind != Str {
				return nil, false
			}
			out[i] = e.Text
		}
		return out, true
	}
	return nil, false
}
