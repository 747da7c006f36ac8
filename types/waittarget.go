package types

import "github.com/carina-rs/carina-lsp/grammar"

// IfBindsResource reports whether a top-level let bound to an `if` binds a resource (or a data
// source) by the branch Carina takes: only then is the let a resource Carina knows, one a wait
// may target. An if whose branches are not taken binds nothing.
func (in *Info) IfBindsResource(d Decl) bool {
	info := d.Info()
	x, ok := info.Value.(*grammar.IfExpr)
	if info.Kind != DeclIf || info.Stmt == nil || !ok {
		return false
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	e := &evaluator{in: in, v: view{seeded: true, file: info.File, pos: stmtOffset(info.Stmt)}, st: info.Stmt}
	c, err := e.condition(x.Cond)
	if err != nil {
		return true // not known here: Carina's condition error is reported on its own
	}
	body := x.Then
	if !c {
		body = x.Else
	}
	_, isResource := bodyResult(body).(*grammar.ResourceExpr)
	return isResource
}
