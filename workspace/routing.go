package workspace

import (
	"slices"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Which provider instance a resource goes to is decided here, once: the provider blocks a
// configuration declares (ProviderBlocks, Instances) and a resource's route (RouteOf). The pins,
// the provider names that start resource types (types.Info.Providers) and the routing checks
// read them.

// ProviderBlock is a provider block of the configuration: a top-level `provider <kind> { ... }`,
// the kind's default instance, or a named instance `let <name> = provider <kind> { ... }`.
type ProviderBlock struct {
	File  *File
	Stmt  *grammar.Stmt
	Named bool          // a let's
	Name  *grammar.Name // the let's name (nil when it has none)
	Kind  *grammar.Name
	Body  *grammar.Block
}

// ProviderBlocks returns the configuration's top-level provider blocks with a kind, in file
// order.
func (c *Config) ProviderBlocks() []ProviderBlock {
	var out []ProviderBlock
	for _, f := range c.Files {
		for _, st := range f.AST.Stmts {
			switch n := st.Node.(type) {
			case *grammar.ProviderStmt:
				if n.Kind != nil {
					out = append(out, ProviderBlock{File: f, Stmt: st, Kind: n.Kind, Body: n.Body})
				}
			case *grammar.LetStmt:
				if p, ok := n.Value.(*grammar.ProviderExpr); ok && p.Kind != nil {
					out = append(out, ProviderBlock{File: f, Stmt: st, Named: true, Name: n.Name, Kind: p.Kind, Body: p.Body})
				}
			}
		}
	}
	return out
}

// Instances are a configuration's provider instances: the named ones with their kinds, and the
// kinds with a default (top-level) block.
type Instances struct {
	Named    map[string]string
	Defaults map[string]bool
}

// Instances returns the configuration's provider instances.
func (c *Config) Instances() Instances {
	in := Instances{Named: map[string]string{}, Defaults: map[string]bool{}}
	for _, b := range c.ProviderBlocks() {
		switch {
		case !b.Named:
			in.Defaults[b.Kind.Text] = true
		case b.Name != nil:
			in.Named[b.Name.Text] = b.Kind.Text
		}
	}
	return in
}

// Of returns the named instances of a kind, sorted.
func (in Instances) Of(kind string) []string {
	var out []string
	for name, k := range in.Named {
		if k == kind {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// Unrouted reports whether a resource of kind that names no instance has nowhere to go: the kind
// has named instances but no default block (a kind declared nowhere goes to its implicit
// default).
func (in Instances) Unrouted(kind string) bool {
	return !in.Defaults[kind] && len(in.Of(kind)) > 0
}

// providersWritten returns the provider names the configuration writes, sorted: the provider of
// every resource type in a top-level statement or bound by a top-level declaration (a type nested
// in a for or if body is found through its binding), and every provider kind it declares.
func (c *Config) providersWritten() []string {
	var out []string
	add := func(n *grammar.Name) {
		if n != nil && !slices.Contains(out, n.Text) {
			out = append(out, n.Text)
		}
	}
	for _, f := range c.Files {
		for _, st := range f.AST.Stmts {
			if n, ok := st.Node.(*grammar.ResourceStmt); ok {
				add(&n.Resource.Type.Parts[0])
			}
		}
	}
	for _, b := range c.ProviderBlocks() {
		add(b.Kind)
	}
	for _, d := range c.Decls {
		if r := c.ResourceOf(d); r != nil && d.TopLevel {
			add(&r.Type.Parts[0])
		}
	}
	slices.Sort(out)
	return out
}

// Route is where a resource goes: its type's provider kind, and the instance its
// directives.provider names (nil: the kind's default instance).
type Route struct {
	Kind     string
	Instance *grammar.PathExpr
}

// RouteOf returns a resource's route; ok is false for a resource with no provider-qualified type.
func RouteOf(r *grammar.ResourceExpr) (route Route, ok bool) {
	if r == nil || r.Type == nil || len(r.Type.Parts) < 2 {
		return Route{}, false
	}
	return Route{Kind: r.Type.Parts[0].Text, Instance: directivesProvider(r.Body)}, true
}

// directivesProvider returns the instance named by a resource body's directives.provider, or nil.
func directivesProvider(b *grammar.Block) *grammar.PathExpr {
	if b == nil {
		return nil
	}
	var out *grammar.PathExpr
	for _, it := range b.Items {
		nb, ok := it.(*grammar.NestedBlock)
		if !ok || nb.Construct != grammar.DirectivesConstruct || nb.Body == nil {
			continue
		}
		for _, it := range nb.Body.Items {
			a, ok := it.(*grammar.Attribute)
			if !ok || a.Quoted {
				continue
			}
			if key := grammar.ConstructOf(grammar.DirectivesConstruct).Key(a.Key.Text); key != nil && key.Value == grammar.BindingValue {
				if p, ok := a.Value.(*grammar.PathExpr); ok && len(p.Parts) == 1 {
					out = p
				}
			}
		}
	}
	return out
}
