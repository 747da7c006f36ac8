package hover

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// indexOf returns the index of n in the cursor's path, or -1.
func (c *cursor) indexOf(n grammar.Node) int {
	for i := len(c.path) - 1; i >= 0; i-- {
		if c.path[i] == n {
			return i
		}
	}
	return -1
}

// blockOwner returns the node owning the block around path index i: the first ancestor above it
// that is no block.
func (c *cursor) blockOwner(i int) grammar.Node {
	for j := i - 1; j >= 0; j-- {
		if _, ok := c.path[j].(*grammar.Block); !ok {
			return c.path[j]
		}
	}
	return nil
}

// keyHover explains the key of an attribute from the block it stands in.
func (c *cursor) keyHover(a *grammar.Attribute) *Hover {
	i := c.indexOf(a)
	sp := c.abs(a.Key.Span)
	switch o := c.blockOwner(i).(type) {
	case *grammar.WaitExpr:
		return c.waitKeyHover(a, o)
	case *grammar.ModuleCallExpr:
		return c.moduleArgHover(o, a.Key.Text, sp)
	case *grammar.KeywordBlockExpr:
		if a.Key.Text == "source" {
			return c.sourceHover(o, sp)
		}
		return nil
	case *grammar.ParamDecl:
		return c.paramKeyHover(a.Key.Text, sp)
	case *grammar.StateBlockStmt:
		return c.stateKeyHover(o.Kind, a.Key.Text, sp)
	case *grammar.ProviderStmt:
		return c.providerKeyHover(o.Kind.Text, a.Key.Text, false, sp)
	case *grammar.ProviderExpr:
		return c.providerKeyHover(o.Kind.Text, a.Key.Text, true, sp)
	case *grammar.BackendStmt:
		return c.backendKeyHover(o.Kind.Text, a.Key.Text, sp)
	}
	return c.bodyAttributeHover(i, sp)
}

// nestedBlockHover explains the name of a nested block: `directives`, `validation`, or the
// attribute it sets.
func (c *cursor) nestedBlockHover(nb *grammar.NestedBlock) *Hover {
	sp := c.abs(nb.Name.Span)
	switch nb.Name.Text {
	case "directives":
		if _, ok := c.blockOwner(c.indexOf(nb)).(*grammar.ResourceExpr); ok {
			return c.keywordHover("directives")
		}
	case "validation":
		if _, ok := c.blockOwner(c.indexOf(nb)).(*grammar.ParamDecl); ok {
			return c.keywordHover("validation")
		}
	}
	return c.bodyAttributeHover(c.indexOf(nb), sp)
}

// directiveHover explains a key of a resource's `directives` block.
func (c *cursor) directiveHover(segs []string, sp grammar.Span) *Hover {
	if len(segs) != 1 {
		return nil
	}
	doc := ""
	switch segs[0] {
	case "depends_on":
		doc = "```carina\ndepends_on = [binding, …]\n```\n\n**directives.depends_on** — bindings this resource is applied after, besides those its values reference: for ordering that no attribute expresses. A list of bare binding names (not strings, not attributes)."
	case "provider":
		doc = "```carina\nprovider = us\n```\n\n**directives.provider** — the named provider instance that manages this resource (`let us = provider aws { … }`), instead of the kind's default instance. A bare binding name."
	case "create_before_destroy":
		doc = "```carina\ncreate_before_destroy = true\n```\n\n**directives.create_before_destroy** — when the resource must be replaced, create the new one before deleting the old one. Only a literal `true` turns it on."
	case "prevent_destroy":
		doc = "```carina\nprevent_destroy = true\n```\n\n**directives.prevent_destroy** — refuse any plan that would delete (or replace) this resource. Only a literal `true` turns it on."
	case "force_delete":
		doc = "```carina\nforce_delete = true\n```\n\n**directives.force_delete** — delete the resource even when it is not empty (e.g. a bucket with objects). Only a literal `true` turns it on."
	default:
		return nil
	}
	return card(sp, doc)
}

// paramKeyHover explains the keys of an argument's detail block.
func (c *cursor) paramKeyHover(key string, sp grammar.Span) *Hover {
	switch key {
	case "description":
		return card(sp, "**description** — what the argument is for, shown when hovering the argument and its uses. A string literal.")
	case "default":
		return card(sp, "**default** — the value used when the module call leaves the argument out; without it the argument is required.")
	}
	return nil
}

// stateKeyHover explains the keys of import, removed and moved blocks.
func (c *cursor) stateKeyHover(kind, key string, sp grammar.Span) *Hover {
	switch key {
	case "to":
		if kind == "moved" {
			return card(sp, "**to** — the new address of the resource: `aws.s3.Bucket 'new'`, same provider and resource type as `from`.")
		}
		return card(sp, "**to** — the address the imported resource gets in this configuration: `aws.s3.Bucket 'name'`.")
	case "from":
		if kind == "moved" {
			return card(sp, "**from** — the address the resource had in state: `aws.s3.Bucket 'old'`.")
		}
		return card(sp, "**from** — the address of the resource to forget: it leaves the state, and the cloud resource is kept.")
	case "id":
		return card(sp, "**id** — the provider's identifier of the existing cloud resource to import (a string; it may interpolate).")
	}
	return nil
}
