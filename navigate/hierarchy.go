package navigate

import (
	"strings"
	"unicode"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Node is one item of the dependency hierarchy: a top-level binding, or a top-level statement
// without one that reads bindings (an anonymous resource or module call, exports, attributes, a
// provider or backend block, an import block, a top-level for ...).
type Node struct {
	Name   string // the binding; an anonymous statement's type or module alias; else its keyword
	Detail string // what it is: "aws.acm.Certificate", "wait on cert", "module net"
	Kind   workspace.DeclKind
	Symbol SymbolKind // how a client draws it: the outline's kind for the same thing
	Path   string
	Span   grammar.Span // the whole statement
	Select grammar.Span // its name (an anonymous statement's type, a block's keyword)

	decl *workspace.Decl // nil for a statement without a binding
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
// top-level binding declared or referenced there, else the top-level statement the offset is in
// (the one that starts there when another ends there).
func HierarchyAt(cfg *workspace.Config, f *workspace.File, off int) (Node, bool) {
	if s := cursor.LocateName(cfg, f, off, nil); s != nil && s.Decl != nil && s.Decl.TopLevel {
		if d := s.Decl; d.Kind != workspace.Function && d.Kind != workspace.Argument {
			return nodeOfDecl(cfg, d), true
		}
	}
	sts := stmtsAt(f, int32(off))
	if len(sts) == 0 {
		return Node{}, false
	}
	return stmtNode(cfg, f, sts[len(sts)-1], nil), true
}

// HierarchyNode finds again the node whose name stands at offset start of the file at path (the
// data a client hands back with a hierarchy item).
func HierarchyNode(cfg *workspace.Config, path string, start int32) (Node, bool) {
	f := cfg.File(path)
	if f == nil {
		return Node{}, false
	}
	for _, st := range stmtsAt(f, start) {
		if n := stmtNode(cfg, f, st, nil); n.Select.Start == start {
			return n, true
		}
	}
	// A binding whose name lies outside its statement's node (none today), or an argument.
	for _, d := range cfg.Decls {
		if d.TopLevel && d.File == f && d.NameSpan.Start == start {
			return nodeOfDecl(cfg, d), true
		}
	}
	return Node{}, false
}

// stmtsAt returns the top-level statements of f whose span holds off, ends included: none, one,
// or two when one ends where the next starts (`}aws.s3.Bucket {`), in file order.
func stmtsAt(f *workspace.File, off int32) []*grammar.Stmt {
	st := f.AST.StmtAt(off)
	if st == nil {
		return nil
	}
	out := []*grammar.Stmt{st}
	for i, x := range f.AST.Stmts {
		if x == st {
			if i+1 < len(f.AST.Stmts) && f.AST.Stmts[i+1].Offset == off {
				out = append(out, f.AST.Stmts[i+1])
			}
			break
		}
	}
	return out
}

// topDeclOf returns the top-level binding statement st declares.
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

// stmtNode returns the node of top-level statement st of file f: the binding it declares (owner,
// when the caller knows it), else the statement itself. Every statement has one, so whatever
// depends on a binding can be listed.
func stmtNode(cfg *workspace.Config, f *workspace.File, st *grammar.Stmt, owner *workspace.Decl) Node {
	if owner == nil {
		owner = topDeclOf(cfg, st)
	}
	if owner != nil {
		return nodeOfDecl(cfg, owner)
	}
	n := Node{Path: f.Path, Span: grammar.Span{Start: st.Offset, End: st.End}, stmt: st, cfg: cfg, Symbol: SymbolObject}
	switch x := st.Node.(type) {
	case *grammar.ResourceStmt:
		if x.Resource.Type != nil {
			n.Name, n.Detail, n.Kind = x.Resource.Type.String(), "anonymous resource", workspace.Resource
			n.Select = st.Abs(x.Resource.Type.Span)
			return n
		}
	case *grammar.ModuleCallStmt:
		if x.Call.Name != nil {
			n.Name, n.Detail, n.Kind = x.Call.Name.Text, "anonymous module call", workspace.ModuleCall
			n.Select = st.Abs(x.Call.Name.Span)
			return n
		}
	}
	o := outliner{src: f.AST.Src, st: st}
	if s, ok := o.stmt(st.Node); ok {
		n.Name, n.Detail, n.Symbol, n.Select = s.Name, s.Detail, s.Kind, s.NameSpan
		return n
	}
	// A statement the outline leaves out (half typed: `let = x`, `provider {`): named by its
	// first word.
	word := strings.TrimSpace(f.AST.Src[st.Offset:st.End])
	if i := strings.IndexFunc(word, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '.' }); i >= 0 {
		word = word[:i]
	}
	start := st.Offset + int32(strings.Index(f.AST.Src[st.Offset:st.End], word))
	if word == "" {
		word, start = "statement", st.Offset
	}
	n.Name, n.Symbol, n.Select = word, SymbolStruct, grammar.Span{Start: start, End: start + int32(len(word))}
	if n.Name == "statement" {
		n.Select.End = start
	}
	return n
}

func nodeOfDecl(cfg *workspace.Config, d *workspace.Decl) Node {
	n := Node{Name: d.Name, Kind: d.Kind, Symbol: DeclSymbolKind(d.Kind), Path: d.File.Path, Select: d.NameSpan, decl: d, stmt: d.Stmt, cfg: cfg, Detail: d.Kind.String()}
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

// dependent is one statement that depends on a binding, with the references that make it so.
type dependent struct {
	file  *workspace.File
	stmt  *grammar.Stmt
	owner *workspace.Decl // the binding the statement declares, if any
	refs  []*workspace.Ref
}

// dependents returns the statements that depend on top-level binding d (read it, wait on it,
// list it, call it), each once, in the order of their first reference: the one query behind a
// binding's incoming calls, its "dependents" lens and its count.
func dependents(cfg *workspace.Config, d *workspace.Decl) []dependent {
	var out []dependent
	for _, r := range cfg.RefsTo(d) {
		if !r.Dependency() || r.Stmt == nil || r.Stmt == d.Stmt {
			continue
		}
		i := len(out) - 1
		for ; i >= 0 && out[i].stmt != r.Stmt; i-- {
		}
		if i < 0 {
			i = len(out)
			out = append(out, dependent{file: r.File, stmt: r.Stmt, owner: r.Owner})
		}
		out[i].refs = append(out[i].refs, r)
	}
	return out
}

// Outgoing returns what node n depends on: each binding its statement reads, waits on, lists in
// depends_on or calls, with the ranges of those references; for a module call, the resources,
// data sources and waits of the module it calls too (into the module's files: these have no
// incoming call back, as a module does not know its callers).
func Outgoing(n Node) []Call {
	var out []Call
	idx := map[*workspace.Decl]int{}
	for _, r := range n.cfg.Refs {
		if r.Stmt != n.stmt || !r.Dependency() || r.Decl.Stmt == n.stmt {
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

// Incoming returns what depends on node n: each top-level statement that reads it, waits on it,
// lists it in depends_on or calls it, with the ranges of those references (in the reader's
// file). A statement without a binding has no incoming calls: nothing can name it.
func Incoming(n Node) []Call {
	if n.decl == nil {
		return nil
	}
	var out []Call
	for _, dep := range dependents(n.cfg, n.decl) {
		c := Call{Node: stmtNode(n.cfg, dep.file, dep.stmt, dep.owner)}
		for _, r := range dep.refs {
			c.Ranges = append(c.Ranges, r.Span)
		}
		out = append(out, c)
	}
	return out
}
