package diagnostics

import (
	"unicode"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/spell"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// providerNames returns the first segments that start enum values and resource types rather
// than references: the known providers, the providers of the schema index, the provider of every
// resource type the configuration uses, and every provider kind it declares.
func (c *checker) providerNames() map[string]bool {
	if c.providers != nil {
		return c.providers
	}
	out := map[string]bool{"aws": true, "awscc": true}
	for _, p := range c.schemas.Providers() {
		out[p] = true
	}
	// The providers of the resource types written (top-level statements and bindings; a type
	// nested in a for or if body is found through its binding).
	for _, f := range c.cfg.Files {
		for _, st := range f.AST.Stmts {
			if r, ok := st.Node.(*grammar.ResourceStmt); ok {
				out[r.Resource.Type.Parts[0].Text] = true
			}
		}
	}
	for _, d := range c.cfg.Decls {
		if r := c.cfg.ResourceOf(d); r != nil && d.TopLevel {
			out[r.Type.Parts[0].Text] = true
		}
	}
	c.providers = out
	for _, f := range c.cfg.Files {
		for _, st := range f.AST.Stmts {
			switch n := st.Node.(type) {
			case *grammar.ProviderStmt:
				out[n.Kind.Text] = true
			case *grammar.LetStmt:
				if p, ok := n.Value.(*grammar.ProviderExpr); ok {
					out[p.Kind.Text] = true
				}
			}
		}
	}
	return out
}

// checkRefs reports references to names that are declared nowhere in the configuration. A bare
// name that resolves to nothing is an enum value (`validation_method = dns`), so only dotted
// references with a lower-case root that is no provider (`vpcc.vpc_id`), calls, module calls and
// directives entries are checked here.
func (c *checker) checkRefs() {
	env := c.environment()
	providers, bindings, fns, modules := env.providers, env.bindings, env.functions, env.modules
	for _, r := range c.refs() {
		if r.Decl != nil {
			continue
		}
		switch r.Kind {
		case workspace.RefCall:
			if cond := inCondition(r.Stmt, r.Expr); cond {
				// Conditions (validation, require) call only len() and length(), Carina's own.
				if r.Name != "len" && r.Name != "length" {
					c.add(r.File, r.Span, finding.Error, finding.CodeUnknownFunction,
						"unknown function %q in a condition: Carina's validation and require conditions call only len() and length()", r.Name)
				}
				continue
			}
			if grammar.IsBuiltinFunction(r.Name) {
				continue
			}
			diag := c.add(r.File, r.Span, finding.Error, finding.CodeUnknownFunction, "unknown function %q%s", r.Name, didYouMean(r.Name, fns))
			c.renameFix(diag, r.Name, fns)
		case workspace.RefModuleCall:
			if r.Name == "remote_state" {
				c.add(r.File, r.Span, finding.Error, finding.CodeUnknownModule,
					"`remote_state` has been replaced by `let <binding> = upstream_state { source = \"...\" }`")
				continue
			}
			// Only a module that takes the call's arguments is proposed.
			fit := func(cand string) bool {
				call, ok := r.Expr.(*grammar.ModuleCallExpr)
				c.volatile = true // reads the module's arguments
				return !ok || c.clean(func() { c.checkModuleCallOf(r.File, r.Stmt, call, cand) })
			}
			sug := spell.Closest(r.Name, modules, fit)
			diag := c.add(r.File, r.Span, finding.Error, finding.CodeUnknownModule,
				"unknown module %q: import it first with let %s = use { source = '<dir>' }%s", r.Name, r.Name, meaning(sug))
			renameTo(diag, sug)
		case workspace.RefValue:
			if len(r.Path) == 0 || providers[r.Name] || !startsLower(r.Name) || c.untilLHS(r) {
				continue
			}
			if pe, ok := r.Expr.(*grammar.PathExpr); ok && types.EnumShaped(pe.String()) {
				continue // an enum value written with its type (`corp.Tenancy.dedicated`)
			}
			// Only a binding that has the attributes read from it, and does not depend on the
			// declaration reading it, is proposed.
			path := make([]string, len(r.Path))
			for i, p := range r.Path {
				path[i] = p.Text
			}
			fit := func(cand string) bool {
				c.volatile = true // reads the candidate's attributes and dependencies
				d := c.cfg.LookupIn(cand, r.File)
				return c.pathExists(d, path) && !c.closesCycle(r.Owner, d)
			}
			sug := spell.Closest(r.Name, bindings, fit)
			diag := c.add(r.File, r.Span, finding.Error, finding.CodeUndefined,
				"undefined binding %q in %s%s", r.Name, text(r.File, r.Expr.Pos().Shift(r.Stmt.Offset)), meaning(sug))
			renameTo(diag, sug)
		}
	}
}

// renameFix offers the did-you-mean candidate as a quick fix.
func (c *checker) renameFix(d *finding.Diagnostic, name string, candidates []string) {
	renameTo(d, spell.Closest(name, candidates, nil))
}

// renameTo offers replacing the diagnostic's range with s as a quick fix (none for "").
func renameTo(d *finding.Diagnostic, s string) {
	if s != "" {
		d.Fixes = []finding.Fix{{Title: "Change to " + s, Edits: []finding.Edit{{Span: d.Span, NewText: s}}}}
	}
}

func startsLower(s string) bool {
	for _, r := range s {
		return unicode.IsLower(r)
	}
	return false
}

// inCondition reports whether a call stands in a condition Carina evaluates with its own small
// language: an argument's validation condition, or a require.
func inCondition(st *grammar.Stmt, call grammar.Expr) bool {
	if call == nil {
		return false
	}
	sp := call.Pos()
	switch n := st.Node.(type) {
	case *grammar.RequireStmt:
		return n.Cond != nil && n.Cond.Pos().Start <= sp.Start && sp.End <= n.Cond.Pos().End
	case *grammar.ArgumentsStmt:
		for _, p := range n.Params {
			if p == nil || p.Body == nil {
				continue
			}
			for _, it := range p.Body.Items {
				nb, ok := it.(*grammar.NestedBlock)
				if !ok || nb.Construct != grammar.ValidationConstruct || nb.Body == nil {
					continue
				}
				if a := nb.Body.Attr("condition"); a != nil && a.Value != nil {
					if v := a.Value.Pos(); v.Start <= sp.Start && sp.End <= v.End {
						return true
					}
				}
			}
		}
	}
	return false
}
