package diagnostics

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// carinaReads reports whether Carina checks what reference r reads: it checks a module
// attribute read where the value reaches a resource, a module call's argument, an export or a
// module's attribute, directly or through the lets that hold it, and nowhere else (a let nothing
// reads, a provider's attribute, a wait's condition). The answer depends on the statements that
// read r's let: the statement's results are not memoised.
func (c *checker) carinaReads(r *workspace.Ref) bool {
	c.volatile = true
	return c.reachesChecked(r.Owner, r.Stmt, map[*workspace.Decl]bool{})
}

func (c *checker) reachesChecked(owner *workspace.Decl, st *grammar.Stmt, seen map[*workspace.Decl]bool) bool {
	if owner == nil {
		if st == nil {
			return true
		}
		switch st.Node.(type) {
		case *grammar.ProviderStmt, *grammar.BackendStmt, *grammar.StateBlockStmt, *grammar.RequireStmt, *grammar.FnStmt, *grammar.ArgumentsStmt:
			return false
		}
		return true
	}
	switch owner.Kind {
	case workspace.Value, workspace.LocalLet:
		if seen[owner] {
			return false
		}
		seen[owner] = true
		for _, r := range c.cfg.RefsTo(owner) {
			if c.reachesChecked(r.Owner, r.Stmt, seen) {
				return true
			}
		}
		return false
	case workspace.Wait, workspace.Provider, workspace.Module, workspace.Upstream, workspace.Argument, workspace.Function:
		return false
	}
	return true
}
