package completion

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// providerDetail describes a provider instance by its kind.
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
