package diagnostics

import (
	"path/filepath"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checkMoved checks a moved block as Carina parses it: a move keeps the provider and resource
// type and changes the name.
func (c *checker) checkMoved(f *workspace.File, st *grammar.Stmt, n *grammar.StateBlockStmt) {
	if n.Construct != grammar.MovedConstruct || n.Body == nil {
		return
	}
	from, to := addressOf(n.Body.Attr("from")), addressOf(n.Body.Attr("to"))
	if from == nil || to == nil || from.Type == nil || to.Type == nil {
		return // the construct check reports a missing key or one of another kind
	}
	ft, tt := from.Type.String(), to.Type.String()
	if ft == tt {
		return
	}
	c.add(f, at(st, to.Type.Span), finding.Error, finding.CodeMovedTypeChange,
		"moved block requires 'from' and 'to' to use the same provider and resource type (got '%s' and '%s'); a provider or resource type change is not a move. Remove the moved block and let the plan delete and create the resource, or use 'removed' and 'import' to keep the existing cloud resource",
		ft, tt)
}

// addressOf returns the address an attribute holds, or nil.
func addressOf(a *grammar.Attribute) *grammar.AddressExpr {
	if a == nil {
		return nil
	}
	x, _ := a.Value.(*grammar.AddressExpr)
	return x
}

// checkBackends reports backend blocks in more than one file of the directory, which Carina
// refuses to merge; a second one in the same file replaces the first.
func (c *checker) checkBackends() {
	var first *workspace.File
	var firstSt *grammar.Stmt
	for _, f := range c.cfg.Files {
		var prev *grammar.Stmt
		for _, st := range f.AST.Stmts {
			if _, ok := st.Node.(*grammar.BackendStmt); !ok {
				continue
			}
			kw := at(st, keywordSpan(st.Node))
			switch {
			case first != nil && first != f:
				d := c.add(f, kw, finding.Error, finding.CodeMultipleBackends, "multiple backend blocks defined: %s has one already (line %d); a configuration has one backend",
					filepath.Base(first.Path), c.line(first, firstSt.Offset))
				d.Related = []finding.Related{{Path: first.Path, Span: at(firstSt, keywordSpan(firstSt.Node)), Message: "the first backend"}}
			case prev != nil:
				d := c.add(f, kw, finding.Warning, finding.CodeMultipleBackends, "a second backend block in this file replaces the one on line %d; keep one", c.line(f, prev.Offset))
				d.Related = []finding.Related{{Path: f.Path, Span: at(prev, keywordSpan(prev.Node)), Message: "replaced"}}
			}
			if first == nil {
				first, firstSt = f, st
			}
			prev = st
		}
	}
}
