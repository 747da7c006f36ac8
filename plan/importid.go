package plan

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// importID is an import block's id that is no constant: one that interpolates exports of an
// upstream_state, read from that configuration's state file, and what it does not publish yet
// printed as Carina prints it, `(known after upstream apply: net.zone_id)|name|NS`. ok is false
// for any other value (one known only after this configuration's apply).
func (c *computer) importID(f *workspace.File, st *grammar.Stmt, x grammar.Expr) (string, bool) {
	tv, ok := c.in.Info.ValueAt(f.Path, st, x)
	if !ok {
		return "", false
	}
	w := convert(tv)
	if !upstreamOnly(c, w) {
		return "", false // a resource's value: known only once this configuration is planned
	}
	v := c.resolve(w, nil, "")
	switch v.Kind {
	case Str:
		return v.Text, true
	case Interp:
		var b strings.Builder
		for _, p := range v.Elems {
			switch {
			case p.Kind == Str:
				b.WriteString(p.Text)
			case p.Kind == Unknown && p.upstream:
				b.WriteString(p.Display())
			default:
				return "", false
			}
		}
		return b.String(), true
	}
	return "", false
}

// upstreamOnly reports whether every reference a value holds reads an upstream_state.
func upstreamOnly(c *computer, v Value) bool {
	switch v.Kind {
	case Ref:
		_, ok := c.in.Config.Upstreams[v.ref.binding]
		return ok
	case Interp, List, Map:
		for _, e := range v.Elems {
			if !upstreamOnly(c, e) {
				return false
			}
		}
	}
	return true
}
