package completion

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// providerKinds offers the providers after `provider `.
func (c *completer) providerKinds() {
	for _, p := range c.x.Providers() {
		c.add(p, Module, escape(p)+" {\n  region = $0\n}", grammar.ProviderConstruct.Keyword(), "")
	}
}
