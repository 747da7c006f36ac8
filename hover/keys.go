package hover

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// keyHover explains the key of an attribute from the block it stands in: a resource's attribute
// (or a field below one), a key of a construct's block, the source of a module.
func (p *place) keyHover() *Hover {
	s := p.s
	b := s.Block
	if b == nil || b.Construct == nil {
		return nil // a map outside a resource, or a key the tree has no block for
	}
	switch b.Construct.ID {
	case grammar.ResourceConstruct, grammar.ReadConstruct:
		return p.attributeHover()
	case grammar.UseConstruct, grammar.UpstreamConstruct:
		if s.KeyDef != nil && s.KeyDef.Value == grammar.PathValue {
			return p.sourceHover(s.Span)
		}
	case grammar.ArgumentConstruct:
		return card(s.Span, paramKeyCard(s.Text))
	case grammar.ImportConstruct, grammar.RemovedConstruct, grammar.MovedConstruct:
		return card(s.Span, stateKeyCard(b.Construct.ID, s.Text))
	case grammar.ProviderConstruct:
		return p.providerKeyHover(b.Kind, s.Text, b.Place == grammar.InLet)
	case grammar.BackendConstruct:
		return card(s.Span, backendKeyCard(b.Kind, s.Text))
	case grammar.DirectivesConstruct:
		if s.KeyDef != nil {
			return card(s.Span, directiveCard(s.KeyDef))
		}
	}
	return nil
}

// directiveCard explains a key of a resource's `directives` block.
func directiveCard(k *grammar.Key) string {
	name := "**directives." + k.Name + "**"
	switch k.Value {
	case grammar.BindingsValue:
		return "```carina\n" + k.Name + " = [binding, …]\n```\n\n" + name + " — bindings this resource is applied after, besides those its values reference: for ordering that no attribute expresses. A list of bare binding names (not strings, not attributes)."
	case grammar.BindingValue:
		return "```carina\n" + k.Name + " = us\n```\n\n" + name + " — the named provider instance that manages this resource (`let us = provider aws { … }`), instead of the kind's default instance. A bare binding name."
	}
	fence := "```carina\n" + k.Name + " = true\n```\n\n" + name
	switch k.Name {
	case "create_before_destroy":
		return fence + " — when the resource must be replaced, create the new one before deleting the old one. Only a literal `true` turns it on."
	case "prevent_destroy":
		return fence + " — refuse any plan that would delete (or replace) this resource. Only a literal `true` turns it on."
	case "force_delete":
		return fence + " — delete the resource even when it is not empty (e.g. a bucket with objects). Only a literal `true` turns it on."
	}
	return k.Card()
}

// paramKeyCard explains a key of an argument's detail block.
func paramKeyCard(key string) string {
	switch key {
	case "description":
		return "**description** — what the argument is for, shown when hovering the argument and its uses. A string literal."
	case "default":
		return "**default** — the value used when the module call leaves the argument out; without it the argument is required."
	}
	return ""
}

// stateKeyCard explains a key of an import, removed or moved block.
func stateKeyCard(id grammar.ConstructID, key string) string {
	switch key {
	case "to":
		if id == grammar.MovedConstruct {
			return "**to** — the new address of the resource: `aws.s3.Bucket 'new'`, same provider and resource type as `from`."
		}
		return "**to** — the address the imported resource gets in this configuration: `aws.s3.Bucket 'name'`."
	case "from":
		if id == grammar.MovedConstruct {
			return "**from** — the address the resource had in state: `aws.s3.Bucket 'old'`."
		}
		return "**from** — the address of the resource to forget: it leaves the state, and the cloud resource is kept."
	case "id":
		return "**id** — the provider's identifier of the existing cloud resource to import (a string; it may interpolate)."
	}
	return ""
}
