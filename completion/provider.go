package completion

import (
	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
)

// keys offers the construct keys of the cursor's block (where its construct stands) not yet
// present.
func (c *completer) keys() {
	if _, _, ok := c.sl.Qualified(); ok {
		return
	}
	present := c.present()
	for _, k := range c.sl.Block.Keys() {
		if !present[k.Name] {
			c.add(k.Name, Property, k.Snippet, k.Detail, "")
		}
	}
}

// provider completes inside `provider aws { }`: its keys (a named instance takes only the
// instance-level ones), and regions after `region =`.
func (c *completer) provider() {
	sl := c.sl
	switch sl.Pos {
	case cursor.PosKey:
		c.provide("provider keys", c.keys)
	case cursor.PosValue:
		k := sl.Block.Construct.Key(sl.Key)
		if k == nil {
			return
		}
		switch k.Value {
		case grammar.RegionValue:
			c.value(expect(sl.Expect), sl.Rhs)
		case grammar.MapValue:
			if len(sl.Rhs) == 0 && sl.Text == "" {
				c.add("{ }", Snippet, "{\n  $0\n}", "Map<String>", "")
			}
			c.value(want{}, sl.Rhs) // or a binding holding the map
		}
	}
}

// providerKinds offers the providers after `provider `.
func (c *completer) providerKinds() {
	for _, p := range c.x.Providers() {
		c.add(p, Module, escape(p)+" {\n  region = $0\n}", grammar.ProviderConstruct.Keyword(), "")
	}
}
