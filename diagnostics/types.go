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
		case p.Rule == types.RuleUnknownFunction && len(c.cfg.Functions[p.Subject]) == 0 && c.cfg.Lookup(p.Subject) == nil:
			continue // the references check reports a name that is no function, wherever it is called
		case p.Rule == types.RuleUndefined && p.Path != nil:
			c.undefinedWritten(f, st, p)
			continue
		}
		sev, msg := finding.Error, p.Msg
		if p.Loaded && !c.opts.nested {
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

// undefinedWritten reports a binding undefined where it is written (types.Info.Undefined), with
// the closest binding that has the attributes read from it and does not depend on the
// declaration reading it as a did-you-mean and a fix.
func (c *checker) undefinedWritten(f *workspace.File, st *grammar.Stmt, p types.Problem) {
	sp := at(st, p.Span)
	var owner *workspace.Decl
	for _, r := range c.refs() {
		if r.Span == sp && r.Decl == nil {
			owner = r.Owner
			break
		}
	}
	fit := func(cand string) bool {
		c.volatile = true // reads the candidate's attributes and dependencies
		d := c.cfg.LookupIn(cand, f)
		return c.pathExists(d, p.Path) && !c.closesCycle(owner, d)
	}
	sug := spell.Closest(p.Subject, c.environment().bindings, fit)
	renameTo(c.add(f, sp, finding.Error, finding.CodeUndefined, "%s", p.Msg+meaning(sug)), sug)
}
