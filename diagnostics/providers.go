package diagnostics

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checkProviderKeys checks what Carina reads of a provider block while it parses it: a string
// `version` is a version requirement in Rust's semver syntax, and a block pins a version or a
// revision, not both. (A named instance may set neither: the construct check says so.)
func (c *checker) checkProviderKeys(f *workspace.File, st *grammar.Stmt, kind string, body *grammar.Block, named bool) {
	if body == nil || named {
		return
	}
	var version, revision *grammar.Attribute
	var v string
	for _, it := range body.Items {
		a, ok := it.(*grammar.Attribute)
		if !ok || a.Quoted || a.Key.Text != "version" && a.Key.Text != "revision" {
			continue
		}
		if _, isStr := a.Value.(*grammar.StringLit); !isStr {
			c.volatile = true // reads the lets' values
		}
		// Carina reads the key when its value is a string while parsing.
		s, ok := c.cfg.StaticString(f, a.Value)
		if !ok {
			continue
		}
		if a.Key.Text == "version" {
			version, v = a, s
		} else {
			revision = a
		}
	}
	if version != nil {
		if err := schema.CheckRequirement(v); err != nil {
			c.add(f, at(st, version.Value.Pos()), finding.Error, finding.CodeVersionConstraint,
				"Invalid version constraint '%s': %v (a requirement is comma-separated comparators such as '>=0.4, <0.6', '~0.5' or '0.5.2')", v, err)
			return
		}
	}
	if version != nil && revision != nil {
		d := c.add(f, at(st, revision.Key.Span), finding.Error, finding.CodeVersionRevision,
			"Provider '%s': 'version' and 'revision' are mutually exclusive: pin the provider with one of them", kind)
		d.Related = []finding.Related{{Path: f.Path, Span: at(st, version.Key.Span), Message: "version set here"}}
	}
}

// checkProviderRouting checks which provider instance each resource of the configuration goes to,
// as Carina does before it expands modules: an instance named in directives.provider must be of
// the resource's kind, and a resource naming none needs a top-level `provider <kind>` block where
// the kind has named instances. A module's resources are routed by the configuration that calls
// it, so a module is not checked.
func (c *checker) checkProviderRouting() {
	if c.cfg.IsModule {
		return
	}
	inst := c.cfg.Instances()
	if len(inst.Named) == 0 {
		return // every kind declared has its default block, or is not declared at all
	}
	for _, f := range c.cfg.Files {
		for _, st := range f.AST.Stmts {
			grammar.Inspect(st.Node, func(n grammar.Node) bool {
				switch n.(type) {
				case *grammar.ModuleCallExpr, *grammar.FnStmt:
					return false
				}
				if r, ok := n.(*grammar.ResourceExpr); ok {
					c.routeResource(f, st, r, inst)
				}
				return true
			})
		}
	}
}

// routeResource checks the provider instance of one resource.
func (c *checker) routeResource(f *workspace.File, st *grammar.Stmt, r *grammar.ResourceExpr, inst workspace.Instances) {
	route, ok := workspace.RouteOf(r)
	if !ok {
		return
	}
	kind, typ := route.Kind, r.Type.String()
	if p := route.Instance; p != nil {
		name := p.Parts[0].Text
		if d := c.cfg.LookupIn(name, f); d == nil || d.Kind != workspace.Provider {
			return // checkDirectives says it is no provider instance
		}
		if k, ok := inst.Named[name]; ok && k != kind {
			d := c.add(f, at(st, p.Span), finding.Error, finding.CodeDirectivesProviderRef,
				"directives.provider: instance `%s` has kind `%s`, but resource `%s` requires kind `%s`%s", name, k, typ, kind, instancesOf(inst, kind))
			c.renameFix(d, name, inst.Of(kind))
		}
		return
	}
	if !inst.Unrouted(kind) {
		return
	}
	c.add(f, at(st, r.Type.Span), finding.Error, finding.CodeDirectivesProviderRef,
		"resource `%s` has no default provider instance for kind `%s`: add a top-level `provider %s { ... }` block, or route it with `directives { provider = <instance> }`%s",
		typ, kind, kind, instancesOf(inst, kind))
}

// instancesOf says which instances of a kind there are, for messages.
func instancesOf(inst workspace.Instances, kind string) string {
	names := inst.Of(kind)
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf(" (instances of %s: %s)", kind, strings.Join(names, ", "))
}

// checkDefaultTags checks a provider's default_tags that reads a module call's attribute: Carina
// resolves it once modules are expanded, and it must then be a map. (A value written in place is
// checked against the key's kind by the construct check.)
func (c *checker) checkDefaultTags() {
	for _, f := range c.cfg.Files {
		for _, st := range f.AST.Stmts {
			var body *grammar.Block
			var owner string
			switch n := st.Node.(type) {
			case *grammar.ProviderStmt:
				body, owner = n.Body, "provider "+n.Kind.Text
			case *grammar.LetStmt:
				if p, ok := n.Value.(*grammar.ProviderExpr); ok {
					body, owner = p.Body, "provider "+p.Kind.Text
				}
			}
			if body == nil {
				continue
			}
			a := body.Attr("default_tags")
			if a == nil {
				continue
			}
			p, ok := a.Value.(*grammar.PathExpr)
			if ok && len(p.Parts) == 1 {
				c.checkDefaultTagsLet(f, st, owner, p)
				continue
			}
			if !ok || len(p.Parts) != 2 {
				continue
			}
			d := c.cfg.LookupIn(p.Parts[0].Text, f)
			if d == nil || d.Kind != workspace.ModuleCall {
				continue
			}
			mod := c.moduleOf(d)
			if mod == nil {
				continue
			}
			if shape := attributeShape(mod, p.Parts[1].Text, c.schemas); shape != "" {
				c.add(f, at(st, p.Span), finding.Error, finding.CodeKeyValue,
					"default_tags in %s must resolve to a map, but %s is %s (module attribute %q)", owner, p.String(), shape, p.Parts[1].Text)
			}
		}
	}
}

// checkDefaultTagsLet checks a default_tags that names a let binding: Carina substitutes the
// binding's value, which must then be a map (parser/resolve.rs:finalize_provider_configs). Only
// a constant of another shape is surely wrong; what is known after apply is left to Carina.
func (c *checker) checkDefaultTagsLet(f *workspace.File, st *grammar.Stmt, owner string, p *grammar.PathExpr) {
	d := c.cfg.LookupIn(p.Parts[0].Text, f)
	if d == nil || (d.Kind != workspace.Value && d.Kind != workspace.Conditional) {
		return
	}
	v, ok := c.cfg.Types(c.schemas).DeclValue(d)
	if !ok {
		return
	}
	v = types.Evaluated(v)
	if !v.Concrete() || v.Shape == types.MapVal || v.Shape == types.Enum {
		return
	}
	c.add(f, at(st, p.Span), finding.Error, finding.CodeKeyValue,
		"default_tags in %s must resolve to a map, but %s is %s", owner, p.String(), v.Describe())
}

// attributeShape says what a module's attribute is when it is surely no map ("" otherwise, or
// when it cannot be told): a literal of another kind, or an argument or annotation of another
// type.
func attributeShape(mod *workspace.Config, name string, schemas *schema.Index) string {
	for _, o := range mod.Outputs {
		if o.Exports || o.Name != name {
			continue
		}
		if o.Decl.Type != nil {
			t, _ := types.Annotation(o.Decl.Type, schemas)
			return notMap(t)
		}
		switch v := o.Decl.Value.(type) {
		case *grammar.StringLit:
			return "a string"
		case *grammar.IntLit, *grammar.FloatLit:
			return "a number"
		case *grammar.BoolLit:
			return "a bool"
		case *grammar.ListExpr:
			return "a list"
		case *grammar.PathExpr:
			if len(v.Parts) != 1 {
				return ""
			}
			for _, d := range mod.Bindings[v.Parts[0].Text] {
				if pd, ok := d.Node.(*grammar.ParamDecl); ok && d.Kind == workspace.Argument && pd.Type != nil {
					t, _ := types.Annotation(pd.Type, schemas)
					return notMap(t)
				}
			}
		}
		return ""
	}
	return ""
}

// notMap describes a type that is no map ("" for a map, a struct, or what is not known).
func notMap(t *types.Type) string {
	if t == nil {
		return ""
	}
	switch t.Kind {
	case types.Custom:
		if t.Base != nil {
			return notMap(t.Base)
		}
		return "a string"
	case types.String, types.Literal:
		return "a string"
	case types.Int, types.Float:
		return "a number"
	case types.Bool:
		return "a bool"
	case types.List:
		return "a list"
	case types.Duration:
		return "a duration"
	}
	return ""
}

// checkCallRouting checks, at a root configuration's call of a module, the provider instances
// the module's resources (and those of the modules it calls) are routed to: an instance a module
// does not declare itself must be one the root declares, since routing keys on the instance's
// name once the call expands the module. Carina checks routing on the root's own resources only
// and accepts the call, to fail when the plan routes the resource; inside the module it would
// reject what is the usual way to reach the caller's instance (docs/language-rules.md).
func (m *moduleLoader) checkCallRouting(r *workspace.Ref, imp *workspace.Import, cfg *workspace.Config) {
	c := m.c
	named := c.cfg.Instances().Named
	seen := map[string]bool{c.cfg.Dir: true}
	var visit func(cfg *workspace.Config) bool
	visit = func(cfg *workspace.Config) bool {
		if seen[cfg.Dir] {
			return false
		}
		seen[cfg.Dir] = true
		for _, f := range cfg.Files {
			for _, st := range f.AST.Stmts {
				var found bool
				grammar.Inspect(st.Node, func(n grammar.Node) bool {
					switch n.(type) {
					case *grammar.ModuleCallExpr, *grammar.FnStmt:
						return false
					}
					rx, ok := n.(*grammar.ResourceExpr)
					if found || !ok {
						return !found
					}
					route, ok := workspace.RouteOf(rx)
					p := route.Instance
					if !ok || p == nil {
						return true
					}
					inst := p.Parts[0].Text
					if d := cfg.LookupIn(inst, f); d != nil && d.Kind == workspace.Provider {
						return true // the module's own instance
					}
					if _, ok := named[inst]; ok {
						return true
					}
					kind := route.Kind
					diag := c.add(r.File, r.Span, finding.Error, finding.CodeDirectivesProviderRef,
						"module '%s' routes resource `%s` to provider instance `%s`, which this configuration does not declare. Declare it with `let %s = provider %s { ... }`.",
						imp.Source, rx.Type.String(), inst, inst, kind)
					diag.Related = []finding.Related{{Path: f.Path, Span: at(st, p.Span), Message: fmt.Sprintf("`%s` named here", inst)}}
					found = true
					return false
				})
				if found {
					return true
				}
			}
		}
		for _, call := range moduleCalls(cfg) {
			if nested := cfg.Modules[call.Name.Text]; nested != nil {
				if inner := m.configOf(nested); inner != nil && visit(inner) {
					return true
				}
			}
		}
		return false
	}
	visit(cfg)
}
