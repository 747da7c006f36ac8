package completion

import (
	"slices"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// keyed completes in the block of a construct whose keys the construct table lists (wait,
// provider, use, upstream_state, import, removed, moved, directives, an argument's detail block,
// validation, and any keyed construct added to the table): at a key, its keys not yet written and
// the blocks it takes; at a value, what the key's value kind takes. What a construct's own
// semantics add is reached from its entry: a wait's predicate, default timeout and
// dependencies, directives' provider instances.
func (c *completer) keyed() {
	sl := c.sl
	con := sl.Block.Construct
	switch sl.Pos {
	case cursor.PosKey:
		c.provide("keys", c.keys)
		for _, id := range con.Blocks { // it may repeat: offered even when present
			b := grammar.ConstructOf(id)
			c.add(b.Keyword, Keyword, b.Snippet, b.Detail, "")
		}
	case cursor.PosValue:
		if k := con.Key(sl.Key); k != nil {
			c.keyValue(con, k)
		}
	case cursor.PosAfter:
		// A wait compares with == only: offered once its target's attribute is written.
		if k := con.Key(sl.Key); con.ID == grammar.WaitConstruct && k != nil && k.Value == grammar.PredicateValue &&
			len(sl.Rhs) > 0 && !slices.ContainsFunc(sl.Rhs, func(e cursor.Entry) bool { return isComparison(e.Tok.Kind) }) {
			c.text("==", Operator, "== ", "the only comparison supported", "")
		}
	}
}

// keys offers the keys of the block's construct that apply where it stands and are not written
// yet, required ones first as the table orders them.
func (c *completer) keys() {
	if _, _, ok := c.sl.Qualified(); ok {
		return
	}
	present := c.present()
	con := c.sl.Block.Construct
	for _, k := range c.sl.Block.Keys() {
		if present[k.Name] {
			continue
		}
		switch {
		case con.ID == grammar.WaitConstruct && k.Value == grammar.PredicateValue:
			c.add(k.Name, Property, k.Snippet, k.Detail,
				"`"+k.Name+" = "+orTarget(c.sl.Block.TargetN)+".<attribute> == <value>`: the wait polls the target until it holds.")
		case con.ID == grammar.WaitConstruct && k.Value == grammar.DurationValue:
			ws := c.x.Wait(c.targetHead())
			def := grammar.NormalDuration(ws.Timeout.Secs)
			c.add(k.Name, Property, k.Name+" = ${1:"+def+"}", "default "+def+" ("+ws.Timeout.Source+")", "")
		default:
			c.add(k.Name, Property, k.Snippet, k.Detail, "")
		}
	}
}

// keyValue completes the value of key k of construct con by the key's value kind.
func (c *completer) keyValue(con *grammar.Construct, k *grammar.Key) {
	sl := c.sl
	empty := len(sl.Rhs) == 0
	switch k.Value {
	case grammar.PredicateValue:
		if con.ID == grammar.WaitConstruct {
			c.provide("predicate", c.until)
			return
		}
		c.value(want{}, sl.Rhs)
	case grammar.DurationValue:
		if !empty {
			return
		}
		if con.ID == grammar.WaitConstruct {
			c.provide("durations", c.timeout)
			return
		}
		c.durations(0, "")
	case grammar.BindingsValue:
		if empty {
			c.add("[ ]", Snippet, "[$0]", k.Detail, "")
		}
	case grammar.BindingValue:
		if !empty {
			return
		}
		c.provide("bindings", func() {
			for _, n := range c.bindingNames() {
				d := c.lookup(n)
				if con.ID == grammar.DirectivesConstruct && d.Kind != workspace.Provider {
					continue // a resource's provider is a provider instance
				}
				detail := c.declDetail(d)
				if d.Kind == workspace.Provider {
					detail = c.providerDetail(d)
				}
				c.text(n, Reference, n, detail, "")
			}
		})
	case grammar.BoolValue:
		if empty {
			c.bools()
		}
	case grammar.PathValue:
		if empty && sl.Text == "" {
			c.provide("folders", func() { c.folders("", true) })
		}
	case grammar.AddressValue:
		if empty {
			c.addresses()
		}
	case grammar.RegionValue:
		c.value(expect(sl.Expect), sl.Rhs)
	case grammar.MapValue:
		if empty && sl.Text == "" {
			c.add("{ }", Snippet, "{\n  $0\n}", types.MapOf(types.StringType).String(), "")
		}
		c.value(want{}, sl.Rhs) // or a binding holding the map
	case grammar.AnyValue:
		var p *grammar.ParamDecl // an argument's default takes a value of the argument's type
		if n := len(sl.Path); n >= 2 {
			p, _ = sl.Path[n-2].(*grammar.ParamDecl)
		}
		c.value(expect(cursor.Expectation{Param: p}), sl.Rhs)
	}
}

// addresses offers resource addresses (a type, then its name) where one is written: the to and
// from of import, removed and moved.
func (c *completer) addresses() {
	prefix := ""
	if qual, _, ok := c.sl.Qualified(); ok {
		prefix = qual + "."
	}
	named := c.nextChar() == '\'' || c.nextChar() == '"' // retyping the type of a complete address
	c.provide("resource types", func() {
		for _, h := range c.x.ResourceTypes("") {
			if prefix == "" || hasPrefixFold(h, prefix) {
				c.resourceAddress(c.x.Resource(h), named)
			}
		}
	})
}
