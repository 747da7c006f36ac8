package hover

import (
	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
)

// hover chooses the card by the role of what lies under the cursor.
func (p *place) hover() *Hover {
	s := p.s
	switch s.Role {
	case cursor.Keyword:
		return p.keywordHover()
	case cursor.Operator:
		return card(s.Span, operatorCard(s.Text))
	case cursor.Declaration:
		if s.Decl != nil {
			return p.declHover(s.Decl, s.Span)
		}
	case cursor.Reference:
		return p.referenceHover()
	case cursor.Member:
		return p.memberHover()
	case cursor.EnumValue:
		return p.enumHover()
	case cursor.Key:
		return p.keyHover()
	case cursor.BlockName:
		return p.attributeHover()
	case cursor.ArgumentKey:
		return p.moduleArgHover()
	case cursor.Output:
		return p.outputDeclHover()
	case cursor.ResourceType:
		return p.resourceTypeHover()
	case cursor.TypeName:
		return p.typeNameHover()
	case cursor.Function:
		return p.functionHover()
	case cursor.ProviderName:
		return p.providerKindHover()
	case cursor.BackendType:
		return p.backendTypeHover()
	case cursor.String:
		return p.stringHover()
	case cursor.Number:
		return p.durationHover()
	}
	return nil
}

// parent returns the node holding the innermost node of the Site's path, or nil.
func (p *place) parent() grammar.Node {
	if n := len(p.s.Path); n >= 2 {
		return p.s.Path[n-2]
	}
	return nil
}

// referenceHover explains a name used as a value, a wait's target or a module call's alias:
// the card of what it is declared as.
func (p *place) referenceHover() *Hover {
	s := p.s
	switch p.parent().(type) {
	case *grammar.ModuleCallExpr:
		return p.moduleAliasHover()
	case *grammar.WaitExpr:
		if s.Decl == nil {
			return card(s.Span, code(s.Text)+" is not declared in this configuration: a wait's target must be a resource, a `read` data source or another wait of the same directory.")
		}
	}
	if s.Decl != nil {
		return p.declHover(s.Decl, s.Span)
	}
	return nil // a name that resolves to nothing, not even an enum value the schemas know
}
