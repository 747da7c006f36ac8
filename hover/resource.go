package hover

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// maxValues bounds the enum values listed in a card.
const maxValues = 40

// resourceTypeHover shows the card of the resource type written at p.
func (c *cursor) resourceTypeHover(p *grammar.PathExpr, read bool) *Hover {
	sp := c.abs(p.Span)
	head := p.String()
	if rs := c.schemaFor(head, read); rs != nil {
		return card(sp, c.resourceCard(rs))
	}
	s := code(head) + " — no schema is loaded for this resource type, so its attributes are not checked."
	if h, ok := c.schemas.FoldHead(head); ok {
		s += " Did you mean " + code(h) + "?"
	}
	return card(sp, s)
}

// resourceCard describes a resource type or data source: description, arguments with type,
// required and create-only, read-only attributes, wait defaults, and the other form when the head
// is both.
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
		line := code(name) + ": " + code(display(a))
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

func display(m *schema.Member) string {
	if m.Display != "" {
		return m.Display
	}
	return m.Type.String()
}

// structFields returns the fields reachable below type t: through refs, list elements, map values
// and the first struct of a union.
func structFields(rs *schema.Resource, t *schema.Type) map[string]*schema.Member {
	for range 16 {
		t = rs.Resolve(t)
		if t == nil {
			return nil
		}
		switch t.Kind {
		case schema.KindStruct:
			return t.Fields
		case schema.KindList:
			t = t.Element
		case schema.KindMap:
			t = t.Value
		case schema.KindUnion:
			for _, u := range t.Members {
				if f := structFields(rs, u); f != nil {
					return f
				}
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}

// walkMembers looks a path of attribute and field names up in rs; a nested block may use the
// member's singular block name.
func walkMembers(rs *schema.Resource, segs []string) ([]*schema.Member, bool) {
	if rs == nil || len(segs) == 0 {
		return nil, false
	}
	fields := rs.Attributes
	out := make([]*schema.Member, 0, len(segs))
	for _, s := range segs {
		m := fields[s]
		if m == nil {
			for _, f := range fields {
				if f.BlockName == s {
					m = f
					break
				}
			}
		}
		if m == nil {
			return out, false
		}
		out = append(out, m)
		fields = structFields(rs, m.Type)
	}
	return out, true
}

// enumOf returns the enum of a type, through refs and list elements, or nil.
func enumOf(rs *schema.Resource, t *schema.Type) *schema.Enum {
	for range 16 {
		t = rs.Resolve(t)
		if t == nil {
			return nil
		}
		switch t.Kind {
		case schema.KindEnum:
			return t.Enum
		case schema.KindList:
			t = t.Element
		default:
			return t.Enum
		}
	}
	return nil
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
	b.fence("carina", names[len(names)-1]+": "+display(m))
	what := "Attribute " + code(names[0])
	if len(names) > 1 {
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
	if en := enumOf(rs, m.Type); en != nil {
		b.para(enumValuesLine(en, ""))
	} else if fields := structFields(rs, m.Type); len(fields) > 0 {
		var items []string
		for _, n := range sortedMembers(fields) {
			f := fields[n]
			item := code(n) + ": " + code(display(f))
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
		return s + ", e.g. " + code("let "+owner.Name+"_ready = wait "+owner.Name+" { until = "+owner.Name+"."+attr+" == … }") +
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

// schemaPath walks up from the node at index i of the cursor's path to the enclosing resource
// expression, collecting the attribute and nested block names on the way (outermost first). It
// fails when something else than blocks, maps and lists stands between.
func (c *cursor) schemaPath(i int) (*grammar.ResourceExpr, []string, bool) {
	var segs []string
	for j := i; j >= 0 && j < len(c.path); j-- {
		switch n := c.path[j].(type) {
		case *grammar.Attribute:
			segs = append(segs, n.Key.Text)
		case *grammar.NestedBlock:
			segs = append(segs, n.Name.Text)
		case *grammar.Block, *grammar.MapExpr, *grammar.ListExpr:
		case *grammar.ResourceExpr:
			slices.Reverse(segs)
			return n, segs, true
		default:
			return nil, nil, false
		}
	}
	return nil, nil, false
}

// ownerDecl returns the declaration of the statement the cursor is in (the let binding a resource
// body belongs to), or nil.
func (c *cursor) ownerDecl() *workspace.Decl {
	if l, ok := c.at(len(c.path) - 1).(*grammar.LetStmt); ok && l.Name != nil {
		return c.declAt(c.f, c.abs(l.Name.Span))
	}
	return nil
}

// bodyAttributeHover shows the card of the attribute or nested block at the path index i inside a
// resource body, hovered at sp.
func (c *cursor) bodyAttributeHover(i int, sp grammar.Span) *Hover {
	res, segs, ok := c.schemaPath(i)
	if !ok || len(segs) == 0 {
		return nil
	}
	if segs[0] == "directives" {
		return c.directiveHover(segs[1:], sp)
	}
	rs := c.schemaOf(res)
	if rs == nil {
		return card(sp, "Attribute "+code(strings.Join(segs, "."))+" of "+code(res.Type.String())+" — no schema is loaded for this resource type.")
	}
	ms, ok := walkMembers(rs, segs)
	if !ok {
		return card(sp, code(rs.Type)+" has no attribute "+code(strings.Join(segs, "."))+".")
	}
	return card(sp, c.memberCard(rs, segs, ms, c.ownerDecl(), nil))
}

// memberHover shows the card of `d.names...`: an attribute of a resource, data source or (passed
// through) wait target, an attribute of a module call, or an export of an upstream_state.
func (c *cursor) memberHover(d *workspace.Decl, names []string, sp grammar.Span) *Hover {
	switch d.Kind {
	case workspace.Resource, workspace.DataSource, workspace.ForEach, workspace.Conditional, workspace.Wait:
		rs := c.declSchema(d)
		if rs == nil {
			return nil
		}
		var b md
		if d.Kind == workspace.Wait {
			b.para(c.passthroughNote(d, names))
		}
		ms, ok := walkMembers(rs, names)
		switch {
		case ok:
			owner := d
			if d.Kind == workspace.Wait {
				owner = c.waitTarget(d)
			}
			b.para(c.memberCard(rs, names, ms, owner, c.ownerDecl()))
		case len(names) == 1 && names[0] == "id":
			b.para("```carina\nid: String\n```")
			b.para("The provider's identifier of the " + code(rs.Type) + " — every resource has one.")
		default:
			b.para(code(rs.Type) + " has no attribute " + code(strings.Join(names, ".")) + ".")
		}
		return card(sp, b.String())
	case workspace.ModuleCall:
		return card(sp, c.moduleOutputCard(d, names[0]))
	case workspace.Upstream:
		return card(sp, c.upstreamExportCard(d, names[0]))
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
		s += " (" + code("until "+nodeText(d.File, d.Stmt, w.Until.Value)) + ")"
	}
	return s + ". Reading it makes the reader wait for " + code(d.Name) + "; reading " + code(t+"."+attr) + " does not."
}
