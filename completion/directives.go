package completion

import (
	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// directiveKeys are the keys of a directives block.
func directiveKeys() []keywordSnippet {
	return []keywordSnippet{
		{"create_before_destroy", "create_before_destroy = ", "create the replacement before destroying the old one"},
		{"depends_on", "depends_on = [$0]", "bindings this resource waits for"},
		{"force_delete", "force_delete = ", "delete even when the provider would refuse"},
		{"prevent_destroy", "prevent_destroy = ", "refuse to destroy this resource"},
		{"provider", "provider = ", "the named provider instance to use"},
	}
}

// directives completes inside `directives { }`.
func (c *completer) directives(fr *frame) {
	pos := c.cur.position(fr)
	switch pos.kind {
	case posKey:
		c.keys(fr, directiveKeys())
	case posValue:
		if len(pos.rhs) > 0 {
			return
		}
		switch pos.key {
		case "depends_on":
			c.add("[ ]", Snippet, "[$0]", "bindings this resource waits for", "")
		case "provider":
			for _, n := range c.bindingNames() {
				if d := c.lookup(n); d.Kind == workspace.Provider {
					c.text(n, Reference, n, c.providerDetail(d), "")
				}
			}
		case "create_before_destroy", "force_delete", "prevent_destroy":
			c.bools()
		}
	}
}

func (c *completer) providerDetail(d *workspace.Decl) string {
	if p, ok := d.Value.(*g.ProviderExpr); ok && p.Kind != nil {
		return "provider " + p.Kind.Text
	}
	return "provider instance"
}

// directiveDeps offers the bindings a resource's directives.depends_on can list: not the
// resource itself, not names already listed, not values, arguments or upstream_state.
func (c *completer) directiveDeps(list *frame) {
	listed := c.listedNames(list)
	for _, n := range c.bindingNames() {
		if n == c.cur.owner || listed[n] {
			continue
		}
		if d := c.lookup(n); dependable(d.Kind) {
			c.text(n, Reference, n, c.declDetail(d), "")
		}
	}
}
