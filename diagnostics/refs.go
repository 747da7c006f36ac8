package diagnostics

import (
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/spell"
	"github.com/carina-rs/carina-lsp/workspace"
)

// providerNames returns the first segments that start enum values and resource types rather
// than references, as types decides them (Info.Providers).
func (c *checker) providerNames() map[string]bool {
	if c.providers != nil {
		return c.providers
	}
	out := map[string]bool{}
	for _, p := range c.cfg.Types(c.schemas).Providers() {
		out[p] = true
	}
	c.providers = out
	return out
}

// checkRefs reports calls and module calls of names that are declared nowhere in the
// configuration; an undefined binding is types' to find (Info.Undefined), checkTypes reports it.
func (c *checker) checkRefs() {
	env := c.environment()
	fns, modules := env.functions, env.modules
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
