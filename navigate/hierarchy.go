package navigate

import (
	"slices"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Node is one item of the dependency hierarchy: a top-level binding, or an anonymous statement
// that reads bindings (a resource or module call without a name).
type Node struct {
	Name   string // the binding, or the resource type (module alias) of an anonymous statement
	Detail string // what it is: "aws.acm.Certificate", "wait on cert", "module net"
	Kind   workspace.DeclKind
	Path   string
	Span   grammar.Span // the whole statement
	Select grammar.Span // its name (an anonymous statement's type)

	decl *workspace.Decl // nil for an anonymous statement
	stmt *grammar.Stmt
	cfg  *workspace.Config
}

// Call is one edge of the hierarchy: the node at the other end and the ranges of the references
// that make it, in the file of the node that reads (the caller).
type Call struct {
	Node   Node
	Ranges []grammar.Span
}

// HierarchyAt returns the node of the dependency hierarchy at offset off of file f: the
// top-level binding declared or referenced there, else the anonymous resource or module call
// statement the offset is in.
func HierarchyAt(cfg *workspace.Config, f *workspace.File, off int) (Node, bool) {
	if s := cursor.LocateName(cfg, f, off, nil); s != nil && s.Decl != nil && s.Decl.TopLevel {
		if d := s.Decl; d.Kind != workspace.Function && d.Kind != workspace.Argument {
			return nodeOfDecl(cfg, d), true
		}
	}
	st := f.AST.StmtAt(int32(off))
	if st == nil {
		return Node{}, false
	}
	if d := topDeclOf(cfg, st); d != nil {
		return nodeOfDecl(cfg, d), true
	}
	return anonymousNode(cfg, f, st)
}

// HierarchyNode finds again the node whose name stands at offset start of the file at path (the
// data a client hands back with a hierarchy item).
func HierarchyNode(cfg *workspace.Config, path string, start int32) (Node, bool) {
	f := cfg.File(path)
	if f == nil {
		return Node{}, false
	}
	for _, d := range cfg.Decls {
		if d.TopLevel && d.File == f && d.NameSpan.Start == start {
			return nodeOfDecl(cfg, d), true
		}
	}
	if st := f.AST.StmtAt(start); st != nil {
		if n, ok := anonymousNode(cfg, f, st); ok && n.Select.Start == start {
			return n, true
		}
	}
	return Node{}, false
}

// topDeclOf returns the top-level let statement st declares.
func topDeclOf(cfg *workspace.Config, st *grammar.Stmt) *workspace.Decl {
	l, ok := st.Node.(*grammar.LetStmt)
	if !ok || l.Name == nil {
		return nil
	}
	for _, r := range cfg.Decls {
		if r.TopLevel && r.Stmt == st {
			return r
		}
	}
	return nil
}

func nodeOfDecl(cfg *workspace.Config, d *workspace.Decl) Node {
	n := Node{Name: d.Name, Kind: d.Kind, Path: d.File.Path, Select: d.NameSpan, decl: d, stmt: d.Stmt, cfg: cfg, Detail: d.Kind.String()}
	if d.Stmt != nil {
		n.Span = grammar.Span{Start: d.Stmt.Offset, End: d.Stmt.End}
	}
	if r := cfg.ResourceOf(d); r != nil && r.Type != nil {
		n.Detail = r.Type.String()
		if d.Kind == workspace.DataSource {
			n.Detail = "read " + n.Detail
		}
	}
	if w := d.WaitExpr(); w != nil && w.Target != nil {
		n.Detail = "wait on " + w.Target.Text
	}
	return n
}

// anonymousNode is the node of an anonymous resource or module call statement.
func anonymousNode(cfg *workspace.Config, f *workspace.File, st *grammar.Stmt) (Node, bool) {
	n := Node{Path: f.Path, Span: grammar.Span{Start: st.Offset, End: st.End}, stmt: st, cfg: cfg}
	switch x := st.Node.(type) {
	case *grammar.ResourceStmt:
		if x.Resource.Type == nil {
			return Node{}, false
		}
		n.Name, n.Detail, n.Kind = x.Resource.Type.String(), "anonymous resource", workspace.Resource
		n.Select = st.Abs(x.Resource.Type.Span)
	case *grammar.ModuleCallStmt:
		if x.Call.Name == nil {
			return Node{}, false
		}
		n.Name, n.Detail, n.Kind = x.Call.Name.Text, "anonymous module call", workspace.ModuleCall
		n.Select = st.Abs(x.Call.Name.Span)
	default:
		return Node{}, false
	}
	return n, true
}

// dependency reports whether reference r makes its statement depend on what it names: a
// top-level binding read, waited on or listed, not a function called.
func dependency(r *workspace.Ref) bool {
	return r.Decl != nil && r.Decl.TopLevel && r.Kind != workspace.RefCall && r.Decl.Kind != workspace.Function
}

// Outgoing returns what node n depends on: each binding its statement reads, waits on or lists
// in depends_on, with the ranges of those references; for a module call, the resources, data
// sources and waits of the module it calls too (into the module's files).
func Outgoing(n Node) []Call {
	var out []Call
	idx := map[*workspace.Decl]int{}
	for _, r := range n.cfg.Refs {
		if r.Stmt != n.stmt || !dependency(r) || r.Decl == n.decl {
			continue
		}
		i, ok := idx[r.Decl]
		if !ok {
			i = len(out)
			idx[r.Decl] = i
			out = append(out, Call{Node: nodeOfDecl(n.cfg, r.Decl)})
		}
		out[i].Ranges = append(out[i].Ranges, r.Span)
	}
	if n.Kind == workspace.ModuleCall {
		out = append(out, intoModule(n)...)
	}
	return out
}

// intoModule lists the resources, data sources and waits of the module a module call calls.
func intoModule(n Node) []Call {
	alias := ""
	switch x := n.stmt.Node.(type) {
	case *grammar.LetStmt:
		if c, ok := x.Value.(*grammar.ModuleCallExpr); ok && c.Name != nil {
			alias = c.Name.Text
		}
	case *grammar.ModuleCallStmt:
		alias = x.Call.Name.Text
	}
	imp := n.cfg.Modules[alias]
	if imp == nil || imp.Config == nil {
		return nil
	}
	var out []Call
	for _, d := range imp.Config.Decls {
		switch d.Kind {
		case workspace.Resource, workspace.DataSource, workspace.Wait, workspace.ModuleCall:
			if d.TopLevel {
				out = append(out, Call{Node: nodeOfDecl(imp.Config, d), Ranges: []grammar.Span{n.Select}})
			}
		}
	}
	return out
}

// Incoming returns what depends on node n: each top-level binding or anonymous statement that
// reads it, waits on it or lists it in depends_on, with the ranges of those references (in the
// reader's file). An anonymous statement has no incoming calls: nothing can name it.
func Incoming(n Node) []Call {
	if n.decl == nil {
		return nil
	}
	var out []Call
	idx := map[*grammar.Stmt]int{}
	for _, r := range n.cfg.RefsTo(n.decl) {
		if !dependency(r) || r.Stmt == n.stmt || r.Stmt == nil {
			continue
		}
		i, ok := idx[r.Stmt]
		if !ok {
			var from Node
			switch {
			case r.Owner != nil:
				from = nodeOfDecl(n.cfg, r.Owner)
			default:
				var ok bool
				if from, ok = anonymousNode(n.cfg, r.File, r.Stmt); !ok {
					continue
				}
			}
			i = len(out)
			idx[r.Stmt] = i
			out = append(out, Call{Node: from})
		}
		out[i].Ranges = append(out[i].Ranges, r.Span)
	}
	return out
}

// Lens is what a code lens shows on a top-level binding: how many references it has, how many
// statements depend on it (read it, wait on it, list it), and the waits that wait on it.
// Locations come from LensLocations, for the one lens a user opens.
type Lens struct {
	Decl       *workspace.Decl
	Select     grammar.Span // the binding's name
	References int
	Dependents int
	WaitedOn   []string // the waits' names
}

// lensDecls returns the top-level bindings of file f that can be depended on (not functions,
// arguments or the discard name), in file order.
func lensDecls(cfg *workspace.Config, f *workspace.File) []*workspace.Decl {
	var out []*workspace.Decl
	for _, d := range cfg.Decls {
		if d.TopLevel && d.File == f && d.Name != "_" && d.Kind != workspace.Function && d.Kind != workspace.Argument {
			out = append(out, d)
		}
	}
	slices.SortStableFunc(out, func(a, b *workspace.Decl) int { return int(a.NameSpan.Start - b.NameSpan.Start) })
	return out
}

// Lenses returns the lens of every top-level binding of file f, from the configuration's
// reference index: counts only, so that a file's lenses cost a pass over its bindings'
// references.
func Lenses(cfg *workspace.Config, f *workspace.File) []Lens {
	waits := map[*workspace.Decl][]string{}
	for _, w := range cfg.Waits {
		if w.Target != nil && w.Target.Decl != nil && w.Target.Decl != w.Decl {
			waits[w.Target.Decl] = append(waits[w.Target.Decl], w.Decl.Name)
		}
	}
	var out []Lens
	for _, d := range lensDecls(cfg, f) {
		l := Lens{Decl: d, Select: d.NameSpan, WaitedOn: waits[d]}
		var stmts []*grammar.Stmt
		for _, r := range cfg.RefsTo(d) {
			if r.Kind == workspace.RefCall {
				continue
			}
			l.References++
			if dependency(r) && r.Stmt != nil && r.Stmt != d.Stmt && !slices.Contains(stmts, r.Stmt) {
				stmts = append(stmts, r.Stmt)
			}
		}
		l.Dependents = len(stmts)
		out = append(out, l)
	}
	return out
}

// LensLocations returns the locations of what the lens of d counts: its references (what is
// "references"), its dependents' names ("dependents") or the waits on it ("waits").
func LensLocations(cfg *workspace.Config, d *workspace.Decl, what string) []Location {
	var out []Location
	switch what {
	case "references":
		for _, r := range cfg.RefsTo(d) {
			if r.Kind != workspace.RefCall {
				out = append(out, refLocation(r))
			}
		}
	case "dependents":
		for _, c := range Incoming(nodeOfDecl(cfg, d)) {
			out = append(out, Location{Path: c.Node.Path, Span: c.Node.Select})
		}
	case "waits":
		for _, w := range cfg.Waits {
			if w.Target != nil && w.Target.Decl == d && w.Decl != d {
				out = append(out, declLocation(w.Decl))
			}
		}
	}
	return out
}
