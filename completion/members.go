package completion

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// member offers what can follow `qual.`: a resource's, data source's or wait target's attributes
// and struct fields, a module call's attributes, an upstream's exports, a map value's keys. It
// reports whether the qualifier's root is a binding (then nothing else fits there).
func (c *completer) member(qual string) bool {
	segs := cursor.SplitRef(qual)
	if len(segs) == 0 {
		return false
	}
	root, path := segs[0], segs[1:]
	if slices.Contains(c.sl.Locals, root) {
		return true
	}
	d := c.lookup(root)
	if d == nil {
		return false
	}
	switch d.Kind {
	case workspace.Resource, workspace.DataSource, workspace.Wait, workspace.ForEach, workspace.Conditional:
		rs := c.declSchema(d)
		if rs == nil {
			c.provide("written attributes", func() { c.writtenMembers(qual, d, path) })
			return true
		}
		c.provide("schema members", func() { c.schemaMembers(qual, rs, rs.Members(path), false) })
	case workspace.ModuleCall:
		if len(path) == 0 {
			c.provide("module attributes", func() { c.outputs(qual, c.moduleConfig(d), false) })
		}
	case workspace.Upstream:
		if imp := c.cfg.Upstreams[d.Name]; imp != nil && imp.Config != nil {
			c.provide("upstream exports", func() {
				if len(path) == 0 {
					c.outputs(qual, imp.Config, true)
				} else if len(path) == 1 {
					c.exportFields(qual, imp.Config, path[0])
				}
			})
		}
	case workspace.Value:
		c.provide("map keys", func() { c.mapKeys(qual, d.Value, path) })
	case workspace.Argument:
		if p, ok := d.Node.(*grammar.ParamDecl); ok && len(path) == 0 {
			c.provide("struct fields", func() { c.structFields(qual, p.Type) })
		}
	}
	return true
}

// schemaMembers adds `qual.name` for each member. With untilOrder the read-only enum attributes
// come first, then read-only or enum ones (what a wait predicate usually tests).
func (c *completer) schemaMembers(qual string, rs *schema.Resource, ms map[string]*schema.Member, untilOrder bool) {
	names := slices.Sorted(maps.Keys(ms))
	if id := c.preferredIdentity(); id != "" && !untilOrder {
		rank := func(n string) int {
			if t := resolve(rs, ms[n].Type); t != nil && t.Identity == id {
				return 0
			}
			return 1
		}
		slices.SortStableFunc(names, func(a, b string) int { return cmp.Compare(rank(a), rank(b)) })
	}
	if untilOrder {
		rank := func(n string) int {
			m := ms[n]
			r := 2
			if m.ReadOnly {
				r--
			}
			if rs.EnumOf(m) != nil {
				r--
			}
			return r
		}
		slices.SortStableFunc(names, func(a, b string) int { return cmp.Compare(rank(a), rank(b)) })
	}
	for _, n := range names {
		m := ms[n]
		detail := types.FromSchemaIn(rs, m.Type).String()
		if m.ReadOnly {
			detail += " (read-only)"
		}
		c.text(qual+"."+n, Field, qual+"."+n, detail, m.Description)
	}
}

// preferredIdentity returns the refined type the value position expects ("aws.Arn"), or "".
func (c *completer) preferredIdentity() string {
	if c.prefer.Type == nil {
		return ""
	}
	if t := resolve(c.prefer.Schema, c.prefer.Type); t != nil && t.Kind != schema.KindEnum {
		return t.Identity
	}
	return ""
}

// moduleConfig returns the configuration of the module a module-call binding instantiates.
func (c *completer) moduleConfig(d *workspace.Decl) *workspace.Config {
	call, ok := d.Value.(*grammar.ModuleCallExpr)
	if !ok || call.Name == nil {
		return nil
	}
	if imp := c.cfg.Modules[call.Name.Text]; imp != nil {
		return imp.Config
	}
	return nil
}

// outputs adds the attributes (module) or exports (upstream) of a configuration as `qual.name`.
func (c *completer) outputs(qual string, cfg *workspace.Config, exports bool) {
	if cfg == nil {
		return
	}
	for _, o := range sortedOutputs(cfg, exports) {
		detail := "attribute"
		if exports {
			detail = "export"
		}
		if o.Decl.Type != nil {
			detail = nodeText(o.File, o.Stmt, o.Decl.Type)
		}
		c.text(qual+"."+o.Name, Field, qual+"."+o.Name, detail, "")
	}
}

func sortedOutputs(cfg *workspace.Config, exports bool) []*workspace.Output {
	var out []*workspace.Output
	for _, o := range cfg.Outputs {
		if o.Exports == exports && !slices.ContainsFunc(out, func(p *workspace.Output) bool { return p.Name == o.Name }) {
			out = append(out, o)
		}
	}
	slices.SortFunc(out, func(a, b *workspace.Output) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// exportFields adds the fields of one upstream export: its struct type's fields or its map
// literal's keys.
func (c *completer) exportFields(qual string, cfg *workspace.Config, name string) {
	for _, o := range cfg.Outputs {
		if !o.Exports || o.Name != name {
			continue
		}
		if o.Decl.Type != nil {
			c.structFields(qual, o.Decl.Type)
		}
		c.mapKeys(qual, o.Decl.Value, nil)
		return
	}
}

// structFields adds the fields of a `struct { ... }` type annotation.
func (c *completer) structFields(qual string, t *grammar.TypeExpr) {
	if t == nil {
		return
	}
	for _, a := range t.Atoms {
		for _, f := range a.Fields {
			if f.Name != nil {
				c.text(qual+"."+f.Name.Text, Field, qual+"."+f.Name.Text, "field", "")
			}
		}
	}
}

// mapKeys adds the keys of a map literal, after following path through nested maps.
func (c *completer) mapKeys(qual string, v grammar.Expr, path []string) {
	m, ok := v.(*grammar.MapExpr)
	for _, seg := range path {
		if !ok {
			return
		}
		a := m.Body.Attr(seg)
		if a == nil {
			return
		}
		m, ok = a.Value.(*grammar.MapExpr)
	}
	if !ok || m.Body == nil {
		return
	}
	for _, it := range m.Body.Items {
		if a, isAttr := it.(*grammar.Attribute); isAttr && !a.Quoted {
			c.text(qual+"."+a.Key.Text, Field, qual+"."+a.Key.Text, "key", "")
		}
	}
}

// writtenMembers offers, for a binding whose resource type has no schema, the attributes written
// in the bodies of the configuration's resources of that type (at path: nested blocks and maps),
// and `id`, which every resource has.
func (c *completer) writtenMembers(qual string, d *workspace.Decl, path []string) {
	res := c.cfg.ResourceOfIn(d, c.f)
	if res == nil || res.Type == nil {
		return
	}
	names := writtenKeys(c.cfg, res.Type.String(), path)
	if len(path) == 0 {
		names = append(names, "id")
	}
	slices.Sort(names)
	for _, n := range slices.Compact(names) {
		c.text(qual+"."+n, Field, qual+"."+n, "written in a "+res.Type.String()+" (no schema)", "")
	}
}

// writtenKeys returns the keys (unquoted) and nested block names written at path in the bodies
// of the configuration's resources of type head.
func writtenKeys(cfg *workspace.Config, head string, path []string) []string {
	var out []string
	for _, f := range cfg.Files {
		for _, st := range f.AST.Stmts {
			grammar.Inspect(st.Node, func(n grammar.Node) bool {
				r, ok := n.(*grammar.ResourceExpr)
				if !ok || r.Type == nil || r.Type.String() != head {
					return true
				}
				b := r.Body
				for _, seg := range path {
					b = subBlock(b, seg)
				}
				if b == nil {
					return false
				}
				for _, it := range b.Items {
					switch it := it.(type) {
					case *grammar.Attribute:
						// A quoted key is a map's, not an attribute name; an empty one is
						// half-typed ('' or a key the parser could not read).
						if !it.Quoted && it.Key.Text != "" {
							out = append(out, it.Key.Text)
						}
					case *grammar.NestedBlock:
						if it.Name != nil && it.Name.Text != "" {
							out = append(out, it.Name.Text)
						}
					}
				}
				return false
			})
		}
	}
	return out
}

// subBlock returns the block written under name in b: a nested block or a map value, or nil.
func subBlock(b *grammar.Block, name string) *grammar.Block {
	if b == nil {
		return nil
	}
	for _, it := range b.Items {
		switch it := it.(type) {
		case *grammar.NestedBlock:
			if it.Name != nil && it.Name.Text == name {
				return it.Body
			}
		case *grammar.Attribute:
			if m, ok := it.Value.(*grammar.MapExpr); ok && it.Key.Text == name {
				return m.Body
			}
		}
	}
	return nil
}
