package hover

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// keyHover explains the key of an attribute from the block it stands in: a resource's attribute
// (or a field below one), a module's source, a key of a construct's block from the construct
// table; a provider's and a backend's keys depend on their kind.
func (p *place) keyHover() *Hover {
	s := p.s
	b := s.Block
	switch {
	case b == nil || b.Construct == nil:
		return nil // a map outside a resource, or a key the tree has no block for
	case b.Construct.ID == grammar.ResourceConstruct || b.Construct.ID == grammar.ReadConstruct:
		return p.attributeHover()
	case b.Construct.ID == grammar.ProviderConstruct:
		return p.providerKeyHover(b.Kind, s.Text, b.Place == grammar.InLet)
	case b.Construct.ID == grammar.BackendConstruct:
		return card(s.Span, backendKeyCard(b.Kind, s.Text))
	case s.KeyDef != nil && s.KeyDef.Value == grammar.PathValue:
		return p.sourceHover(s.Span)
	case s.KeyDef != nil:
		return card(s.Span, s.KeyDef.Card())
	}
	return nil
}
