package plan

import (
	"slices"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// blockNote is what a resource body holds that Carina refuses to plan, at a span relative to
// its statement.
type blockNote struct {
	span    grammar.Span
	message string
}

// bodyAttrs reads a resource body's attributes as Carina's parser and resolve_block_names do:
// the attributes in the order written; then the nested blocks (directives aside), those of a
// name gathered, in the order written, into a list of maps under that name, the names in the
// order of their first block (a block's list takes the place of an attribute of its name);
// then, with the type's schema, an attribute's singular block name renamed to the attribute
// (moved to the end, as Carina's shift_remove and insert move it), at every depth. val gives an
// expression's value.
func bodyAttrs(rs *schema.Resource, b *grammar.Block, val func(grammar.Expr) Value) ([]Attr, []blockNote) {
	var attrs, blocks []Attr
	var spans, blockSpans []grammar.Span // where each was written, for the notes
	for _, it := range b.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			if it.Value == nil || it.Key == nil {
				continue
			}
			attrs = append(attrs, Attr{Name: it.Key.Text, Value: val(it.Value)})
			spans = append(spans, it.Span)
		case *grammar.NestedBlock:
			if it.Construct == grammar.DirectivesConstruct || it.Name == nil {
				continue
			}
			blocks = addBlock(blocks, it.Name.Text, blockValue(it.Body, val))
			if len(blocks) > len(blockSpans) {
				blockSpans = append(blockSpans, it.Span)
			}
		}
	}
	for i, bl := range blocks {
		if j := slices.IndexFunc(attrs, func(a Attr) bool { return a.Name == bl.Name }); j >= 0 {
			attrs[j].Value, spans[j] = bl.Value, blockSpans[i]
			continue
		}
		attrs = append(attrs, bl)
		spans = append(spans, blockSpans[i])
	}
	if rs == nil {
		return attrs, nil
	}
	var notes []blockNote
	attrs, spans, notes = renameBlocks(attrs, spans, rs.Attributes)
	for i := range attrs {
		if m := rs.Attributes[attrs[i].Name]; m != nil {
			notes = append(notes, resolveBlocks(rs, m.Type, &attrs[i].Value, spans[i])...)
		}
	}
	return attrs, notes
}

// addBlock appends a block's map to the list under its name, started where the name first
// occurs.
func addBlock(blocks []Attr, name string, v Value) []Attr {
	for i := range blocks {
		if blocks[i].Name == name {
			blocks[i].Value.Elems = append(blocks[i].Value.Elems, v)
			return blocks
		}
	}
	return append(blocks, Attr{Name: name, Value: Value{Kind: List, Elems: []Value{v}}})
}

// blockValue is a nested block's map: as a body's, without a schema (the renames come after),
// an attribute written twice keeping its first place and its last value.
func blockValue(b *grammar.Block, val func(grammar.Expr) Value) Value {
	out := Value{Kind: Map}
	if b == nil {
		return out
	}
	var blocks []Attr
	for _, it := range b.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			if it.Value != nil && it.Key != nil {
				setEntry(&out, it.Key.Text, val(it.Value))
			}
		case *grammar.NestedBlock:
			if it.Name != nil {
				blocks = addBlock(blocks, it.Name.Text, blockValue(it.Body, val))
			}
		}
	}
	for _, bl := range blocks {
		setEntry(&out, bl.Name, bl.Value)
	}
	return out
}

// setEntry sets a map's key in place, or appends it.
func setEntry(m *Value, k string, v Value) {
	if i := slices.Index(m.Keys, k); i >= 0 {
		m.Elems[i] = v
		return
	}
	m.Keys = append(m.Keys, k)
	m.Elems = append(m.Elems, v)
}

// byBlockName returns the member whose singular block name is name (the first by name when
// several declare it, for a stable answer), or nil.
func byBlockName(ms map[string]*schema.Member, name string) *schema.Member {
	var out *schema.Member
	for _, m := range ms {
		if m.BlockName == name && (out == nil || m.Name < out.Name) {
			out = m
		}
	}
	return out
}

// renameBlocks renames the top-level attributes holding a list under a member's block name to
// the member, each moved to the end; one whose member is also written stays, noted (Carina
// refuses both).
func renameBlocks(attrs []Attr, spans []grammar.Span, ms map[string]*schema.Member) ([]Attr, []grammar.Span, []blockNote) {
	var notes []blockNote
	for _, name := range namesOf(attrs) {
		m := byBlockName(ms, name)
		if m == nil || m.Name == name {
			continue
		}
		i := slices.IndexFunc(attrs, func(a Attr) bool { return a.Name == name })
		if attrs[i].Value.Kind != List {
			continue
		}
		if slices.ContainsFunc(attrs, func(a Attr) bool { return a.Name == m.Name }) {
			notes = append(notes, blockNote{spans[i], "both " + name + " and " + m.Name + " are written: Carina refuses the configuration"})
			continue
		}
		a, sp := attrs[i], spans[i]
		a.Name = m.Name
		attrs = append(slices.Delete(attrs, i, i+1), a)
		spans = append(slices.Delete(spans, i, i+1), sp)
	}
	return attrs, spans, notes
}

// namesOf lists attributes' names, for a walk that reorders them.
func namesOf(attrs []Attr) []string {
	out := make([]string, len(attrs))
	for i, a := range attrs {
		out[i] = a.Name
	}
	return out
}

// resolveBlocks renames block names inside a value of type t, as Carina's
// recurse_block_names_into_value: a struct's map, or each map of a list of structs; a struct
// given a list (block syntax) is noted, as Carina's validation rejects it.
func resolveBlocks(rs *schema.Resource, t *schema.Type, v *Value, at grammar.Span) []blockNote {
	t = rs.Resolve(t)
	if t == nil {
		return nil
	}
	switch t.Kind {
	case schema.KindStruct:
		switch v.Kind {
		case Map:
			return resolveMap(rs, t.Fields(), v, at)
		case List:
			return []blockNote{{at, "a block for a struct attribute: Carina rejects it (write `name = { ... }`)"}}
		}
	case schema.KindList:
		el := rs.Resolve(t.Element)
		if el == nil || el.Kind != schema.KindStruct || v.Kind != List {
			return nil
		}
		var notes []blockNote
		for i := range v.Elems {
			if v.Elems[i].Kind == Map {
				notes = append(notes, resolveMap(rs, el.Fields(), &v.Elems[i], at)...)
			}
		}
		return notes
	}
	return nil
}

// resolveMap renames a struct map's keys written under a field's block name (a list) to the
// field, moved to the end, then recurses into the fields.
func resolveMap(rs *schema.Resource, fields map[string]*schema.Member, v *Value, at grammar.Span) []blockNote {
	var notes []blockNote
	for _, k := range slices.Clone(v.Keys) {
		m := byBlockName(fields, k)
		if m == nil || m.Name == k {
			continue
		}
		i := slices.Index(v.Keys, k)
		if v.Elems[i].Kind != List {
			continue
		}
		if slices.Contains(v.Keys, m.Name) {
			notes = append(notes, blockNote{at, "both " + k + " and " + m.Name + " are written: Carina refuses the configuration"})
			continue
		}
		e := v.Elems[i]
		v.Keys = append(slices.Delete(slices.Clone(v.Keys), i, i+1), m.Name)
		v.Elems = append(slices.Delete(v.Elems, i, i+1), e)
	}
	for i, k := range v.Keys {
		if m := fields[k]; m != nil {
			notes = append(notes, resolveBlocks(rs, m.Type, &v.Elems[i], at)...)
		}
	}
	return notes
}

// directivesBlock returns a body's directives block, the last when several are written (each
// read replaces the one before), or nil.
func directivesBlock(b *grammar.Block) *grammar.NestedBlock {
	var out *grammar.NestedBlock
	for _, it := range b.Items {
		if nb, ok := it.(*grammar.NestedBlock); ok && nb.Construct == grammar.DirectivesConstruct {
			out = nb
		}
	}
	return out
}

// schemaOf returns the schema of the resource x declares, nil without one (then, as in Carina's
// plan-display fixtures, no block name is renamed).
func (c *computer) schemaOf(x *grammar.ResourceExpr) *schema.Resource {
	t, ok := c.in.Schemas.(Typed)
	if !ok || x.Type == nil || len(x.Type.Parts) < 2 {
		return nil
	}
	name := x.Type.Parts[0].Text
	for _, p := range x.Type.Parts[1:] {
		name += "." + p.Text
	}
	return t.Resource(name)
}
