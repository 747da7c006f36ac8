package diagnostics

import (
	"context"
	"fmt"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checker carries one configuration's check run.
type checker struct {
	ctx     context.Context
	cfg     *workspace.Config
	schemas *schema.Index // nil: no schemas
	out     []Diagnostic
	refs    map[refKey]*workspace.Ref // the reference each path expression is, by statement

	providers map[string]bool // providerNames, computed once
}

type refKey struct {
	stmt *g.Stmt
	expr g.Expr
}

// refAt returns the reference a path expression of a statement is, or nil.
func (c *checker) refAt(st *g.Stmt, e g.Expr) *workspace.Ref {
	if c.refs == nil {
		c.refs = make(map[refKey]*workspace.Ref, len(c.cfg.Refs))
		for _, r := range c.cfg.Refs {
			c.refs[refKey{r.Stmt, r.Expr}] = r
		}
	}
	return c.refs[refKey{st, e}]
}

// at converts a statement-relative span to a file span.
func at(st *g.Stmt, sp g.Span) g.Span { return st.Abs(sp) }

func (c *checker) add(f *workspace.File, sp g.Span, sev Severity, code Code, format string, args ...any) *Diagnostic {
	c.out = append(c.out, Diagnostic{Path: f.Path, Span: sp, Severity: sev, Code: code, Message: fmt.Sprintf(format, args...)})
	return &c.out[len(c.out)-1]
}

// text returns the source text of a file span.
func text(f *workspace.File, sp g.Span) string { return f.Text()[sp.Start:sp.End] }

// line returns the 1-based line of a file offset, for messages that point elsewhere.
func line(f *workspace.File, off int32) int { return f.Lines.Line(int(off)) + 1 }

// names returns the names of the configuration's top-level bindings accepted by keep.
func (c *checker) names(keep func(*workspace.Decl) bool) []string {
	var out []string
	for _, d := range c.cfg.Decls {
		if d.TopLevel && d.Kind != workspace.Function && d.Name != "_" && (keep == nil || keep(d)) {
			out = append(out, d.Name)
		}
	}
	return out
}
