package cursor

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// scope records the local names visible at off in the slot's statement, innermost first: the
// lets of the blocks and bodies around the cursor declared before it, loop variables, function
// parameters. open says that brackets of the statement are still open at the cursor: a cursor
// past the statement's last token is then inside what it left open.
func (r *resolver) scope(s *Slot, off int32, open bool) {
	if s.Stmt == nil || s.Stmt.Node == nil {
		return
	}
	rel := off - s.Stmt.Offset
	in := rel
	if open {
		in = min(rel, s.Stmt.End-s.Stmt.Offset)
	}
	var outer [][]string // per enclosing node, outermost first
	before := func(n grammar.Node) bool { return n.Pos().End < rel }
	var typing int32 = -1 // the let being typed (the cursor's item), which is not in scope yet
	if len(s.Item) > 0 && s.Item[0].IsKeyword(grammar.LetConstruct) {
		typing = s.Item[0].Tok.Start - s.Stmt.Offset
	}
	lets := func(ls []*grammar.LetStmt) []string {
		var names []string
		for _, l := range ls {
			if l.Name != nil && l.Name.Text != "_" && before(l) && l.Let.Start != typing {
				names = append(names, l.Name.Text)
			}
		}
		return names
	}
	var visit func(n grammar.Node)
	visit = func(n grammar.Node) {
		var names []string
		switch n := n.(type) {
		case *grammar.FnStmt:
			// In the body every parameter is in scope; in the parameter list, those before the
			// one the cursor is in (a default may use them).
			for _, p := range n.Params {
				inBody := n.Open.End > n.Open.Start && n.Open.End <= rel
				if p.Name != nil && (inBody || p.Span.End < rel && !isLast(n.Params, p, rel)) {
					names = append(names, p.Name.Text)
				}
			}
			if n.Open.End <= rel {
				names = append(names, lets(n.Lets)...)
			}
		case *grammar.ForExpr:
			if n.Body != nil && n.Body.Open.End <= rel {
				for _, b := range n.Bindings {
					names = append(names, b.Text)
				}
			}
		case *grammar.Body:
			names = lets(n.Lets)
		case *grammar.Block:
			var ls []*grammar.LetStmt
			for _, it := range n.Items {
				if l, ok := it.(*grammar.LetStmt); ok {
					ls = append(ls, l)
				}
			}
			names = lets(ls)
		}
		if len(names) > 0 {
			outer = append(outer, names)
		}
		for _, c := range grammar.Children(n) {
			if sp := c.Pos(); sp.Start <= in && in <= sp.End {
				visit(c)
				return
			}
		}
	}
	visit(s.Stmt.Node)
	for i := len(outer) - 1; i >= 0; i-- {
		for j := len(outer[i]) - 1; j >= 0; j-- {
			s.Locals = append(s.Locals, outer[i][j])
		}
	}
}

// isLast reports whether p is the last parameter starting before rel: the one the cursor is in.
func isLast(ps []*grammar.FnParam, p *grammar.FnParam, rel int32) bool {
	var last *grammar.FnParam
	for _, q := range ps {
		if q.Span.Start <= rel {
			last = q
		}
	}
	return last == p
}
