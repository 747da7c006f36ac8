package completion

import (
	"maps"
	"slices"

	"github.com/carina-rs/carina-lsp/schema"
)

// block completes inside a resource or data-source body, a nested block or a map value: the
// attribute (or struct field) names at key position, values by type after `name =`.
func (c *completer) block(fr *frame) {
	rs := c.schemaFor(fr.head, fr.read)
	pos := c.cur.position(fr)
	switch pos.kind {
	case posKey:
		if _, _, ok := c.cur.qualified(); !ok {
			c.attributeKeys(fr, rs)
		}
	case posValue:
		var w want
		if rs != nil && !pos.let && pos.key != "" {
			if m, ok := rs.Lookup(appendPath(fr.path, pos.key)); ok {
				w = want{rs: rs, ty: m.Type}
			}
		}
		c.value(fr, w, pos.rhs)
	}
}

// attributeKeys offers the attributes (or struct fields) that can be set at the frame's path and
// are not set yet: required ones first, read-only ones never; a `name { }` snippet for lists of
// structs written as repeated blocks; `directives { }` in a resource body.
func (c *completer) attributeKeys(fr *frame, rs *schema.Resource) {
	present := c.presentKeys(fr)
	ms := membersAt(rs, fr.path)
	if ms == nil && rs != nil && len(fr.path) > 0 {
		c.enumKeys(rs, fr.path, present)
	}
	names := slices.Sorted(maps.Keys(ms))
	for _, required := range [2]bool{true, false} {
		for _, n := range names {
			m := ms[n]
			if m.ReadOnly || m.Required != required {
				continue
			}
			block := m.BlockName != "" && isListOfStruct(rs, m)
			if !present[n] && !(block && present[m.BlockName]) {
				detail := m.Display
				if detail == "" {
					detail = resolve(rs, m.Type).String()
				}
				if m.Required {
					detail += " (required)"
				}
				c.text(n, Property, n+" = ", detail, m.Description)
			}
			if block && !present[n] {
				c.add(m.BlockName, Snippet, escape(m.BlockName)+" {\n  $0\n}", "one element of "+n, m.Description)
			}
		}
	}
	if fr.kind == fResource && !present["directives"] {
		c.add("directives", Keyword, "directives {\n  $0\n}", "create_before_destroy, depends_on, force_delete, prevent_destroy, provider", "")
	}
}

// enumKeys offers the values of a map's enum key type as keys.
func (c *completer) enumKeys(rs *schema.Resource, path []string, present map[string]bool) {
	m, ok := rs.Lookup(path)
	if !ok {
		return
	}
	t := resolve(rs, m.Type)
	if t == nil || t.Kind != schema.KindMap {
		return
	}
	e := rs.EnumOf(&schema.Member{Type: t.Key})
	if e == nil {
		return
	}
	for _, v := range e.Values {
		if !present[v.DSL] {
			c.text(v.DSL, EnumMember, v.DSL+" = ", e.Identity, "Sent as `"+v.Wire+"`")
		}
	}
}

// isListOfStruct reports whether a member is a list of structs.
func isListOfStruct(rs *schema.Resource, m *schema.Member) bool {
	t := resolve(rs, m.Type)
	if t == nil || t.Kind != schema.KindList {
		return false
	}
	e := resolve(rs, t.Element)
	return e != nil && e.Kind == schema.KindStruct
}
