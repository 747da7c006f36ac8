package completion

import (
	"slices"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// want is what a value position expects, as far as it is known.
type want struct {
	rs      *schema.Resource // the schema ty belongs to (for refs), may be nil
	ty      *schema.Type     // the schema type, nil when unknown
	decl    *declType        // or a declared type (module argument, argument default)
	regions string           // or the regions of this provider (a provider block's region)
	literal bool             // only literal values fit (the right of an until), no names
}

// value completes a value position: the values of the expected type first, then references of
// the same refined type, then the names in scope. After `|>` or `>>` it offers functions; after
// `binding.` only that binding's members.
func (c *completer) value(fr *frame, w want, rhs []entry) {
	if n := len(rhs); n > 0 && (rhs[n-1].kind == g.Pipe || rhs[n-1].kind == g.Compose) {
		c.functions()
		return
	}
	if qual, _, ok := c.cur.qualified(); ok {
		c.prefer = w
		if c.member(qual, fr) {
			return
		}
		n := len(c.items)
		c.typed(w)
		c.keepPrefix(n, qual+".")
		if len(c.items) == n {
			c.regionsUnder(qual)
		}
		return
	}
	c.typed(w)
	if w.literal || digits(c.cur.text) != "" {
		return // a number being typed: only units fit
	}
	c.typedRefs(w)
	c.scope(fr)
}

// keepPrefix drops the items from index n on whose insert does not start with prefix.
func (c *completer) keepPrefix(n int, prefix string) {
	kept := c.items[:n]
	for _, it := range c.items[n:] {
		if hasPrefixFold(it.Insert, prefix) {
			kept = append(kept, it)
		}
	}
	c.items = kept
}

// typed offers the values of the expected type.
func (c *completer) typed(w want) {
	switch {
	case w.regions != "":
		c.regions(w.regions)
	case w.ty != nil:
		c.schemaValues(w.rs, w.ty, 0)
	case w.decl != nil:
		c.declValues(w.decl)
	}
}

// schemaValues offers the values of a schema type: enum values (qualified), true/false,
// durations, sample CIDR blocks, `{ }` for structs and maps, `[ ]` for lists; the members of a
// union merged.
func (c *completer) schemaValues(rs *schema.Resource, t *schema.Type, depth int) {
	t = resolve(rs, t)
	if t == nil || depth > 4 {
		return
	}
	switch t.Kind {
	case schema.KindEnum:
		c.enumValues(rs, t.Enum)
	case schema.KindBool:
		c.bools()
	case schema.KindDuration:
		c.durations(0, "")
	case schema.KindString:
		c.samples(t.Identity)
	case schema.KindStruct, schema.KindMap:
		c.add("{ }", Snippet, "{\n  $0\n}", t.String(), "")
	case schema.KindList:
		c.add("[ ]", Snippet, "[$0]", t.String(), "")
	case schema.KindUnion:
		for _, u := range t.Members {
			c.schemaValues(rs, u, depth+1)
		}
	}
}

// typedRefs offers `binding.attr` for attributes of other resources, data sources and waits of
// the same refined type (aws.Arn, aws.ec2.Vpc.Id), waits first: their attributes are the target's
// once the wait succeeded.
func (c *completer) typedRefs(w want) {
	if w.ty == nil {
		return
	}
	t := resolve(w.rs, w.ty)
	if t == nil || t.Identity == "" || t.Kind == schema.KindEnum {
		return
	}
	var waits, others []string
	for _, n := range c.bindingNames() {
		if n == c.cur.owner {
			continue
		}
		d := c.lookup(n)
		switch d.Kind {
		case workspace.Wait:
			waits = append(waits, n)
		case workspace.Resource, workspace.DataSource:
			others = append(others, n)
		}
	}
	for _, n := range append(waits, others...) {
		if c.done() {
			return
		}
		rs := c.declSchema(c.lookup(n))
		if rs == nil {
			continue
		}
		var match []string
		for a, m := range rs.Attributes {
			if at := resolve(rs, m.Type); at != nil && at.Identity == t.Identity && at.Kind == t.Kind {
				match = append(match, a)
			}
		}
		slices.Sort(match)
		for _, a := range match {
			c.text(n+"."+a, Reference, n+"."+a, t.Identity, "")
		}
	}
}
