package completion

import (
	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// directives completes inside `directives { }`: its keys, and by each key's value kind: a list
// of bindings, a provider instance, true or false.
func (c *completer) directives() {
	sl := c.sl
	switch sl.Pos {
	case cursor.PosKey:
		c.provide("directive keys", c.keys)
	case cursor.PosValue:
		k := sl.Block.Construct.Key(sl.Key)
		if len(sl.Rhs) > 0 || k == nil {
			return
		}
		switch k.Value {
		case grammar.BindingsValue:
			c.add("[ ]", Snippet, "[$0]", k.Detail, "")
		case grammar.BindingValue:
			c.provide("provider instances", func() {
				for _, n := range c.bindingNames() {
					if d := c.lookup(n); d.Kind == workspace.Provider {
						c.text(n, Reference, n, c.providerDetail(d), "")
					}
				}
			})
		case grammar.BoolValue:
			c.bools()
		}
	}
}

func (c *completer) providerDetail(d *workspace.Decl) string {
	if p, ok := d.Value.(*grammar.ProviderExpr); ok && p.Kind != nil {
		return "provider " + p.Kind.Text
	}
	return "provider instance"
}

// directiveDeps offers the bindings a resource's directives.depends_on can list: not the
// resource itself, not names already listed, not values, arguments or upstream_state.
func (c *completer) directiveDeps() {
	for _, n := range c.bindingNames() {
		if n == c.sl.Owner || c.sl.Listed[n] {
			continue
		}
		if d := c.lookup(n); dependable(d.Kind) {
			c.text(n, Reference, n, c.declDetail(d), "")
		}
	}
}
