package diagnostics

import (
	"fmt"
	"path/filepath"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checkAnonymousDuplicates reports anonymous top-level `for` and `if` statements of two files
// that Carina binds to the same name (types.Info.AnonymousAddresses): Carina numbers them in
// each file apart, so `for x in ['a'] { ... }` in two files are both `_for0[0]`, a duplicate
// binding. Each statement involved gets the error, naming the other file.
func (c *checker) checkAnonymousDuplicates() {
	if len(c.cfg.Files) < 2 {
		return
	}
	in := c.cfg.Types(c.schemas)
	type place struct {
		f  *workspace.File
		st *grammar.Stmt
	}
	first := map[string]place{}
	reported := map[*grammar.Stmt]bool{}
	report := func(p, other place, name string) {
		if reported[p.st] {
			return // one error a statement, on its first name made twice
		}
		reported[p.st] = true
		sp := at(p.st, keywordSpan(p.st.Node))
		d := c.add(p.f, sp, finding.Error, finding.CodeDuplicate,
			"duplicate binding %q: Carina names what the anonymous statements of each file make alike, and %s makes it too; bind one of them with let",
			name, filepath.Base(other.f.Path))
		d.Related = []finding.Related{{Path: other.f.Path, Span: at(other.st, keywordSpan(other.st.Node)), Message: fmt.Sprintf("%q also made here", name)}}
	}
	for _, f := range c.cfg.Files {
		for _, a := range in.AnonymousAddresses(f.Path, f.AST.Stmts) {
			here := place{f, a.Stmt}
			prev, ok := first[a.Name]
			switch {
			case !ok:
				first[a.Name] = here
			case prev.f != f:
				report(prev, here, a.Name)
				report(here, prev, a.Name)
			}
		}
	}
}
