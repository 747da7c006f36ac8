package workspace

import "github.com/carina-rs/carina-lsp/grammar"

// CarinaChecksRead reports whether Carina checks what reference r reads: it checks a module
// attribute read where the value reaches a resource, a module call's argument, an export or a
// module's attribute, directly or through the lets that hold it, and nowhere else (a let nothing
// reads, a provider's attribute, a wait's condition). The answer depends on the statements that
// read r's let, not on r's statement alone.
func (c *Config) CarinaChecksRead(r *Ref) bool {
	return c.reachesChecked(r.Owner, r.Stmt, map[*Decl]bool{})
}

func (c *Config) reachesChecked(owner *Decl, st *grammar.Stmt, seen map[*Decl]bool) bool {
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
	case Value, LocalLet:
		if seen[owner] {
			return false
		}
		seen[owner] = true
		for _, r := range c.RefsTo(owner) {
			if c.reachesChecked(r.Owner, r.Stmt, seen) {
				return true
			}
		}
		return false
	case Wait, Provider, Module, Upstream, Argument, Function:
		return false
	}
	return true
}
