package diagnostics

import (
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/spell"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checkTypes reports what evaluating the statement as Carina does meets.
func (c *checker) checkTypes() {
	f, st := c.onlyFile, c.only
	in := c.cfg.Types(c.schemas)
	for _, p := range in.Statement(f.Path, st) {
		code := finding.Code(p.Rule)
		switch {
		case p.Rule == types.RuleEmptyInterpolate:
			continue // reported by the blocks check
		case p.Ref != nil:
			c.undefinedWritten(f, st, p)
			continue
		}
		sev, msg := finding.Error, p.Msg
		switch {
		case p.Alone && c.opts.nested:
			continue // a caller loads the module without the problem
		case p.Alone:
			// Carina's checker meets it only run in this module's directory, as a root.
			sev, msg = finding.Warning, msg+" (only where carina validate runs in this module's directory: a caller loads the module without it)"
		case p.Loaded && !c.opts.nested:
			// Carina finds it only with a caller's arguments; checked by itself, it has none.
			sev, msg = finding.Warning, msg+" (Carina reports it where a caller loads this module)"
		}
		d := c.add(f, at(st, p.Span), sev, code, "%s", msg)
		if fx := p.Fix; fx != nil {
			d.Fixes = append(d.Fixes, finding.Fix{Title: fx.Title, Edits: []finding.Edit{{Span: at(st, fx.Span), NewText: fx.NewText}}, Safe: fx.Safe})
		}
		if r := p.Related; r != nil && c.cfg.File(r.Path) != nil {
			d.Related = append(d.Related, finding.Related{Path: r.Path, Span: r.Span, Message: r.Msg})
		}
	}
}

// undefinedWritten reports a name declared nowhere, found where it is written
// (types.Info.Undefined), with the closest name of its kind as a did-you-mean and a rename fix: a
// function; a module that takes the call's arguments; a binding that has the attributes read from
// it and does not depend on the declaration reading it.
func (c *checker) undefinedWritten(f *workspace.File, st *grammar.Stmt, p types.Problem) {
	sp, r, env := at(st, p.Span), p.Ref, c.environment()
	var sug string
	switch r.Kind {
	case types.CallRef:
		sug = spell.Closest(r.Name, env.functions, nil)
	case types.ModuleRef:
		sug = spell.Closest(r.Name, env.modules, func(cand string) bool {
			call, ok := r.Expr.(*grammar.ModuleCallExpr)
			c.volatile = true // reads the module's arguments
			return !ok || c.clean(func() { c.checkModuleCallOf(f, st, call, cand) })
		})
	default:
		var owner *workspace.Decl
		for _, ref := range c.refs() {
			if ref.Span == sp && ref.Decl == nil {
				owner = ref.Owner
				break
			}
		}
		sug = spell.Closest(r.Name, env.bindings, func(cand string) bool {
			c.volatile = true // reads the candidate's attributes and dependencies
			d := c.cfg.LookupIn(cand, f)
			return c.pathExists(d, r.Path) && !c.closesCycle(owner, d)
		})
	}
	renameTo(c.add(f, sp, finding.Error, finding.Code(p.Rule), "%s", p.Msg+meaning(sug)), sug)
}
