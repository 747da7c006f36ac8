package completion

import (
	"slices"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// want is what a value position expects: what the cursor package works out, or a type
// annotation being typed (`name: 'dev' | 'prod' = `).
type want struct {
	cursor.Expectation
	decl *declType
	arg  *types.Type // an argument of a call: its parameter's type, as signature help shows it
}

// expect is a want of what the cursor package worked out.
func expect(e cursor.Expectation) want { return want{Expectation: e} }

// value completes a value position: the values of the expected type first, then references of
// the same refined type, then the names in scope, and once a word is typed the functions. After
// `|>` or `>>` it offers functions; after `binding.` only that binding's members.
func (c *completer) value(w want, rhs []cursor.Entry) {
	c.want = w
	if n := len(rhs); n > 0 && (rhs[n-1].Tok.Kind == grammar.Pipe || rhs[n-1].Tok.Kind == grammar.Compose) {
		c.provide("functions", func() { c.calls(rhs[n-1].Tok.Kind) })
		return
	}
	if qual, _, ok := c.sl.Qualified(); ok {
		c.prefer = w.Expectation
		if c.member(qual) {
			return
		}
		n := len(c.items)
		c.provide("typed values", func() { c.typed(w) })
		c.keepPrefix(n, qual+".")
		if len(c.items) == n {
			c.provide("regions", func() { c.regionsUnder(qual) })
		}
		return
	}
	c.provide("typed values", func() { c.typed(w) })
	if w.Literal || digits(c.sl.Text) != "" {
		return // a number being typed: only units fit
	}
	c.provide("typed references", func() { c.typedRefs(w) })
	c.provide("names in scope", c.scope)
	if c.sl.Text != "" {
		c.provide("functions", c.functions) // a call being typed: `let z = jo`
	}
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
	case w.decl != nil:
		c.declValues(w.decl)
	case w.Region != "":
		c.regions(w.Region)
	case w.Type != nil:
		c.schemaValues(w.Schema, w.Type, 0)
	case w.Param != nil && w.Param.Type != nil:
		c.declValues(declTypeOf(w.Param.Type))
	case w.Key != nil:
		switch w.Key.Value {
		case grammar.BoolValue:
			c.bools()
		case grammar.DurationValue:
			c.durations(0, "")
		}
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
		c.add("{ }", Snippet, "{\n  $0\n}", types.FromSchemaIn(rs, t).String(), "")
	case schema.KindList:
		c.add("[ ]", Snippet, "[$0]", types.FromSchemaIn(rs, t).String(), "")
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
	if w.Type == nil {
		return
	}
	t := resolve(w.Schema, w.Type)
	if t == nil || t.Identity == "" || t.Kind == schema.KindEnum {
		return
	}
	var waits, others []string
	for _, n := range c.bindingNames() {
		if n == c.sl.Owner {
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
