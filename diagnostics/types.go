package diagnostics

import (
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/types"
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
		case p.Rule == types.RuleUndefined && c.reported(finding.CodeUndefined, p.Subject):
			continue // the references check has reported it where it is written
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

// reported reports whether the statement's checks have reported a diagnostic of code about
// name already.
func (c *checker) reported(code finding.Code, name string) bool {
	q := strconv.Quote(name)
	for _, d := range c.out[c.stmtMark:] {
		if d.Code == code && strings.Contains(d.Message, q) {
			return true
		}
	}
	return false
}
