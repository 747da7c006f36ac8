package completion

import (
	"maps"
	"slices"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/types"
)

// block completes inside a resource or data-source body, a nested block or a map value: the
// attribute (or struct field) names at key position, values by type after `name =`.
func (c *completer) block() {
	sl := c.sl
	switch sl.Pos {
	case cursor.PosKey:
		if _, _, ok := sl.Qualified(); !ok {
			c.provide("attribute names", c.attributeKeys)
		}
	case cursor.PosValue:
		c.value(expect(sl.Expect), sl.Rhs)
	}
}

// attributeKeys offers the attributes (or struct fields) that can be set at the block's path and
// are not set yet: required ones first, read-only ones never; a `name { }` snippet for lists of
// structs written as repeated blocks; the keyword blocks the construct takes (directives) in a
// resource body. Without a schema, the keys written in the other blocks of the same type.
func (c *completer) attributeKeys() {
	b := c.sl.Block
	rs := b.Schema
	present, blocks := c.presentItems()
	ms := b.Members()
	if ms == nil && rs != nil && len(b.Path) > 0 {
		c.enumKeys(rs, b.Path, present)
	}
	names := slices.Sorted(maps.Keys(ms))
	for _, required := range [2]bool{true, false} {
		for _, n := range names {
			m := ms[n]
			if m.ReadOnly || m.Required != required {
				continue
			}
			// A list of structs written as repeated `block_name { }` blocks, or a map written as
			// one block (tags as `tag { Key = 'v' }`).
			repeated := m.BlockName != "" && isListOfStruct(rs, m)
			single := m.BlockName != "" && isMap(rs, m)
			block := repeated || single
			if !present[n] && !blocks[n] && !(block && blocks[m.BlockName]) {
				detail := types.FromSchemaIn(rs, m.Type).String()
				if m.Required {
					detail += " (required)"
				}
				c.text(n, Property, n+" = ", detail, m.Description)
			}
			switch {
			case repeated && !present[n]:
				c.add(m.BlockName, Snippet, escape(m.BlockName)+" {\n  $0\n}", "one element of "+n, m.Description)
			case single && !present[n] && !blocks[m.BlockName]:
				c.add(m.BlockName, Snippet, escape(m.BlockName)+" {\n  $0\n}", n+" written as a block", m.Description)
			}
		}
	}
	if rs == nil && b.Head != "" && b.Path != nil {
		for _, n := range slices.Compact(slices.Sorted(slices.Values(writtenKeys(c.cfg, b.Head, b.Path)))) {
			if !present[n] && !blocks[n] {
				c.text(n, Property, n+" = ", "written in another "+b.Head+" (no schema)", "")
			}
		}
	}
	if len(b.Path) == 0 && b.Construct != nil {
		for _, id := range b.Construct.Blocks {
			k := grammar.ConstructOf(id)
			if !blocks[k.Keyword] {
				c.add(k.Keyword, Keyword, k.Snippet, k.Detail, "")
			}
		}
	}
}

// present returns the keys and nested block names the cursor's block sets, but for the one the
// cursor is on (being retyped).
func (c *completer) present() map[string]bool {
	keys, blocks := c.presentItems()
	maps.Copy(keys, blocks)
	return keys
}

// presentItems returns the keys the cursor's block sets, and apart the names of its nested
// blocks (which may repeat), but for the one the cursor is on.
func (c *completer) presentItems() (keys, blocks map[string]bool) {
	keys, blocks = map[string]bool{}, map[string]bool{}
	b := c.sl.Block
	if b == nil || b.Node == nil {
		return keys, blocks
	}
	on := func(n *grammar.Name) bool { return n == nil || b.Stmt.Abs(n.Span).Contains(c.sl.Word.End) }
	for _, it := range b.Node.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			if !on(it.Key) {
				keys[it.Key.Text] = true
			}
		case *grammar.NestedBlock:
			if !on(it.Name) {
				blocks[it.Name.Text] = true
			}
		}
	}
	return keys, blocks
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

// isMap reports whether a member is a map.
func isMap(rs *schema.Resource, m *schema.Member) bool {
	t := resolve(rs, m.Type)
	return t != nil && t.Kind == schema.KindMap
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
