package hover

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// maxValues bounds the enum values listed in a card.
const maxValues = 40

// resourceTypeHover shows the card of a resource type: written after a resource's `{`, in an
// address, or as the prefix of a qualified enum value.
func (p *place) resourceTypeHover() *Hover {
	s := p.s
	if s.Schema != nil {
		return card(s.Span, p.resourceCard(s.Schema)+p.schemasLine(s.Schema.Provider)+docsLine(s.Schema))
	}
	msg := code(s.Text) + " — no schema is loaded for this resource type, so its attributes are not checked."
	if h, ok := p.schemas.FoldHead(s.Text); ok {
		msg += " Did you mean " + code(h) + "?"
	}
	return card(s.Span, msg)
}

// resourceCard describes a resource type or data source: description, arguments with type,
// required and create-only, read-only attributes, wait defaults, the other form when the head is
// both, and the link to its documentation.
func (e env) resourceCard(rs *schema.Resource) string {
	var m md
	data := rs.Kind == schema.KindDataSource
	if data {
		m.fence("carina", "read "+rs.Type+" { … }")
	} else {
		m.fence("carina", rs.Type+" { … }")
	}
	var head string
	if data {
		head = "**Data source** " + code(rs.Type) + " — read on every plan, never created: `let x = read " + rs.Type + " { … }`"
	} else {
		head = "**Resource** " + code(rs.Type)
		if rs.CloudType != "" {
			head += " — " + code(rs.CloudType)
		}
	}
	m.para(head)
	m.para(strings.TrimSpace(rs.Description))
	var args, attrs []string
	for _, name := range sortedMembers(rs.Attributes) {
		a := rs.Attributes[name]
		line := code(name) + ": " + code(display(rs, a))
		if a.ReadOnly {
			if a.DeferredPopulate {
				line += " — deferred-populate (readers need a `wait`)"
			}
			attrs = append(attrs, line)
			continue
		}
		var flags []string
		if a.Required {
			flags = append(flags, "**required**")
		}
		if a.CreateOnly {
			flags = append(flags, "create-only")
		}
		if a.WriteOnly {
			flags = append(flags, "write-only")
		}
		if len(flags) > 0 {
			line += " — " + strings.Join(flags, ", ")
		}
		args = append(args, line)
	}
	if len(args) > 0 {
		if data {
			m.para("**Attributes** (set the required ones to select what is read)")
		} else {
			m.para("**Arguments**")
		}
		m.list(args)
	}
	if len(attrs) > 0 {
		m.para("**Read-only attributes**")
		m.list(attrs)
	}
	if rs.Wait.Timeout.Secs > 0 || rs.Wait.Interval.Secs > 0 {
		w := e.schemas.Wait(rs.Type)
		m.para(fmt.Sprintf("**Wait defaults**: timeout %s, poll interval %s — %s.",
			code(grammar.NormalDuration(w.Timeout.Secs)), code(grammar.NormalDuration(w.Interval.Secs)), w.Timeout.Source))
	}
	switch {
	case data && e.schemas.Resource(rs.Type) != nil:
		m.para("Also a managed resource: " + code(rs.Type+" { … }") + " without `read`.")
	case !data && e.schemas.DataSource(rs.Type) != nil:
		m.para("Also a data source: " + code("read "+rs.Type+" { … }") + ".")
	}
	return m.String()
}

// docsLine links the page documenting a resource type (the page its document link opens), as
// the foot of its card; "" when the schema names none.
func docsLine(rs *schema.Resource) string {
	if u := rs.DocsURL(); u != "" {
		return "\n\n[Documentation](" + u + ")"
	}
	return ""
}

// sortedMembers orders attributes for a card: required first, then by name.
func sortedMembers(ms map[string]*schema.Member) []string {
	names := make([]string, 0, len(ms))
	for n := range ms {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int {
		ra, rb := ms[a].Required, ms[b].Required
		if ra != rb {
			if ra {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	return names
}

// display writes a member's type as types prints every type (the schema's own display field,
// `List<String>`, is not shown: a binding of the same type hovers `list(String)`).
func display(rs *schema.Resource, m *schema.Member) string {
	return types.FromSchemaIn(rs, m.Type).String()
}

// fieldsOf returns the fields listed for a member of type t: the struct fields its values hold
// (schema.Resource.Fields: through refs, lists and unions), or, for a map of structs, the fields
// of its values.
func fieldsOf(rs *schema.Resource, t *schema.Type) map[string]*schema.Member {
	if fs := rs.Fields(t); len(fs) > 0 {
		return fs
	}
	if r := rs.Resolve(t); r != nil && r.Kind == schema.KindMap {
		return rs.Fields(r.Value)
	}
	return nil
}

// mapKey reports whether member i of the walk ms stands for a key of a map: the member before
// it holds a map.
func mapKey(rs *schema.Resource, ms []*schema.Member, i int) bool {
	if i == 0 {
		return false
	}
	t := rs.Resolve(ms[i-1].Type)
	return t != nil && t.Kind == schema.KindMap
}

// memberCard describes the attribute or field at segs of rs. owner is the declaration of the
// resource and reader the declaration reading it, when known, for the deferred-populate advice.
func (e env) memberCard(rs *schema.Resource, segs []string, ms []*schema.Member, owner, reader *workspace.Decl) string {
	m := ms[len(ms)-1]
	var readOnly, createOnly, writeOnly, deferred bool
	for _, x := range ms {
		readOnly = readOnly || x.ReadOnly
		createOnly = createOnly || x.CreateOnly
		writeOnly = writeOnly || x.WriteOnly
		deferred = deferred || x.DeferredPopulate
	}
	// The names as the schema has them: a nested block may be written with its block name.
	names := make([]string, len(segs))
	for i, x := range ms {
		names[i] = segs[i]
		if x.Name != "" {
			names[i] = x.Name
		}
	}
	var b md
	b.fence("carina", names[len(names)-1]+": "+display(rs, m))
	what := "Attribute " + code(names[0])
	switch n := len(names); {
	case mapKey(rs, ms, n-1):
		what = "Key " + code(names[n-1]) + " of the map " + code(strings.Join(names[:n-1], "."))
	case n > 1:
		what = "Field " + code(strings.Join(names, "."))
	}
	var flags []string
	switch {
	case readOnly:
	case m.Required:
		flags = append(flags, "**required**")
	default:
		flags = append(flags, "optional")
	}
	if readOnly {
		flags = append(flags, "read-only (set by the provider; cannot be written)")
	}
	if createOnly && !readOnly {
		flags = append(flags, "create-only (changing it replaces the resource)")
	}
	if writeOnly {
		flags = append(flags, "write-only (never returned by reads)")
	}
	if deferred {
		flags = append(flags, "deferred-populate")
	}
	if m.Default != nil {
		flags = append(flags, "default "+code(fmt.Sprint(m.Default)))
	}
	b.para(what + " of " + code(rs.Type) + " — " + strings.Join(flags, " · "))
	if last := segs[len(segs)-1]; last != names[len(names)-1] {
		b.para("Written as repeated " + code(last+" { … }") + " blocks, one per element.")
	}
	b.para(strings.TrimSpace(m.Description))
	if en := cursor.EnumOf(rs, m.Type); en != nil {
		b.para(enumValuesLine(en, ""))
	} else if fields := fieldsOf(rs, m.Type); len(fields) > 0 {
		var items []string
		for _, n := range sortedMembers(fields) {
			f := fields[n]
			item := code(n) + ": " + code(display(rs, f))
			if f.Required {
				item += " — **required**"
			}
			items = append(items, item)
		}
		b.para("**Fields**")
		b.list(items)
	}
	if deferred {
		b.para(e.deferredNote(names, owner, reader))
	}
	return b.String()
}

// deferredNote explains why a deferred-populate attribute is read through a wait. owner is the
// resource's declaration, reader the declaration the reference stands in (both may be nil).
func (e env) deferredNote(segs []string, owner, reader *workspace.Decl) string {
	s := "**Deferred populate**: the provider fills this in only after the resource is created, and it may keep changing (a certificate's `status` goes from `pending_validation` to `issued`), so a reader that needs a settled value must read it through a `wait`"
	attr := strings.Join(segs, ".")
	if owner == nil || owner.Kind == workspace.Wait {
		return s + "."
	}
	ws := e.waitsOn(owner)
	if reader != nil && reader.Kind == workspace.Wait {
		for _, w := range ws {
			if w.Decl == reader {
				return s + ". Here wait " + code(reader.Name) + " polls it: it reads " + code(owner.Name) + " until the condition holds."
			}
		}
	}
	if len(ws) == 0 {
		return s + ", e.g. " + code("let "+owner.Name+"_ready = wait "+owner.Name+" { "+waitKey(grammar.PredicateValue)+" = "+owner.Name+"."+attr+" == … }") +
			", then read " + code(owner.Name+"_ready."+attr) + "."
	}
	w := ws[0].Decl
	if reader != nil && reader != owner && e.dependsOn(w, reader) {
		return s + ". " + code(reader.Name) + " must read " + code(owner.Name+"."+attr) + " directly: wait " + code(w.Name) +
			" depends on " + code(reader.Name) + ", so reading through the wait would be a cycle."
	}
	return s + ": " + code(w.Name) + " waits on " + code(owner.Name) + ", so read " + code(w.Name+"."+attr) + "."
}

// dependsOn reports whether declaration a depends on b, directly or through others.
func (e env) dependsOn(a, b *workspace.Decl) bool {
	seen := map[*workspace.Decl]bool{a: true}
	stack := []*workspace.Decl{a}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, x := range e.cfg.Deps[d] {
			if x == b {
				return true
			}
			if !seen[x] {
				seen[x] = true
				stack = append(stack, x)
			}
		}
	}
	return false
}

// attributeHover shows the card of the attribute (or field, or map key) a key or a nested
// block name writes in a resource body.
func (p *place) attributeHover() *Hover {
	s := p.s
	if s.Block == nil || s.Block.Path == nil || len(s.Attr) == 0 {
		return nil
	}
	attr := strings.Join(s.Attr, ".")
	if s.Schema == nil {
		return card(s.Span, "Attribute "+code(attr)+" of "+code(s.Block.Head)+" — no schema is loaded for this resource type.")
	}
	ms, ok := s.Schema.Walk(s.Attr)
	if !ok {
		return card(s.Span, code(s.Schema.Type)+" has no attribute "+code(attr)+".")
	}
	return card(s.Span, p.memberCard(s.Schema, s.Attr, ms, s.Owner, nil))
}

// memberHover shows the card of an attribute segment of a reference (`cert.status`): an
// attribute of a resource, data source or (passed through) wait target, an attribute of a module
// call, or an export of an upstream_state.
func (p *place) memberHover() *Hover {
	s := p.s
	d := s.Decl
	if d == nil || len(s.Attr) == 0 {
		return nil
	}
	switch d.Kind {
	case workspace.Resource, workspace.DataSource, workspace.ForEach, workspace.Conditional, workspace.Wait:
		rs := s.Schema
		if rs == nil {
			return nil
		}
		var b md
		if d.Kind == workspace.Wait {
			b.para(p.passthroughNote(d, s.Attr))
		}
		if ms, ok := rs.Walk(s.Attr); ok {
			owner := d
			if d.Kind == workspace.Wait {
				owner = p.waitTarget(d)
			}
			b.para(p.memberCard(rs, s.Attr, ms, owner, s.Owner))
		} else {
			b.para(code(rs.Type) + " has no attribute " + code(strings.Join(s.Attr, ".")) + ".")
		}
		return card(s.Span, b.String())
	case workspace.ModuleCall:
		return card(s.Span, p.moduleOutputCard(d, s.Attr[0]))
	case workspace.Upstream:
		return card(s.Span, p.upstreamExportCard(d, s.Attr[0]))
	}
	return nil
}

// passthroughNote explains `wait.attr`: the target's attribute, available once the wait holds.
func (e env) passthroughNote(d *workspace.Decl, names []string) string {
	attr := strings.Join(names, ".")
	t := targetName(d)
	s := fmt.Sprintf("**Passthrough**: %s is %s — the attribute of the wait's target, with the same type and value — available only once wait %s succeeds",
		code(d.Name+"."+attr), code(t+"."+attr), code(d.Name))
	if w := d.WaitExpr(); w != nil && w.Until != nil && w.Until.Value != nil {
		s += " (" + code(waitKey(grammar.PredicateValue)+" "+nodeText(d.File, d.Stmt, w.Until.Value)) + ")"
	}
	return s + ". Reading it makes the reader wait for " + code(d.Name) + "; reading " + code(t+"."+attr) + " does not."
}
