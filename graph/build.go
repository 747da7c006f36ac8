package graph

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Options says what a graph shows.
type Options struct {
	// ExpandModules draws the inside of each module instance (its resources, waits, ...) as a
	// cluster of nodes named "<instance>.<id>"; otherwise an instance is one node.
	ExpandModules bool
	// Problems are the configuration's diagnostics: each node counts the errors in its
	// statement, so that a view can show at a glance what is broken.
	Problems []finding.Diagnostic
}

// maxModuleDepth bounds the expansion of modules that use modules.
const maxModuleDepth = 8

// Build returns the dependency graph of cfg. schemas (may be nil) give a wait's default timeout.
func Build(cfg *workspace.Config, schemas *schema.Index, opts Options) *Graph {
	g := &Graph{Dir: cfg.Dir, byID: map[string]*Node{}, files: map[string]*workspace.File{}}
	b := &builder{g: g, schemas: schemas, opts: opts, stmtNode: map[*grammar.Stmt]*Node{}}
	b.add(cfg, "", 0)
	b.markUsedWaits()
	b.count(opts.Problems)
	g.Cycles = cycles(g)
	return g
}

type builder struct {
	g        *Graph
	schemas  *schema.Index
	opts     Options
	stmtNode map[*grammar.Stmt]*Node
}

// scope is one configuration being added: the top level, or a module instance's inside.
type scope struct {
	cfg      *workspace.Config
	prefix   string // "<instance>." inside a module
	module   string // the instance
	declNode map[*workspace.Decl]*Node
	refsOf   map[*workspace.Decl][]*workspace.Ref // the references in each top-level declaration
	resolved map[*workspace.Decl][]target         // what a plain value stands for, memoised
}

// target is a node a reference leads to, through the plain values it names.
type target struct {
	node *Node
	via  []string
}

func (b *builder) add(cfg *workspace.Config, module string, depth int) {
	s := &scope{cfg: cfg, module: module, declNode: map[*workspace.Decl]*Node{},
		refsOf: map[*workspace.Decl][]*workspace.Ref{}, resolved: map[*workspace.Decl][]target{}}
	if module != "" {
		s.prefix = module + "."
	}
	for _, f := range cfg.Files {
		b.g.files[f.Path] = f
	}
	declOf := map[*grammar.Stmt]*workspace.Decl{}
	for _, d := range cfg.Decls {
		if d.TopLevel && d.Stmt != nil {
			if _, ok := d.Node.(*grammar.LetStmt); ok {
				declOf[d.Stmt] = d
			}
		}
	}
	for _, f := range cfg.Files {
		for _, st := range f.AST.Stmts {
			n := b.node(s, f, st, declOf[st])
			if n == nil {
				if len(st.Errors) > 0 || isBad(st) {
					b.leaveOut(f, st)
				}
				continue
			}
			if b.g.byID[n.ID] != nil { // a name declared twice (an error of its own): both drawn
				n.ID += fmt.Sprintf("@%s:%d", filepath.Base(f.Path), f.Lines.Line(int(st.Offset))+1)
			}
			b.g.Nodes = append(b.g.Nodes, n)
			b.g.byID[n.ID] = n
			b.stmtNode[st] = n
			if d := declOf[st]; d != nil {
				s.declNode[d] = n
			}
		}
	}
	for _, r := range cfg.Refs {
		if r.Owner != nil {
			s.refsOf[r.Owner] = append(s.refsOf[r.Owner], r)
		}
	}
	for _, r := range cfg.Refs {
		b.edges(s, r)
	}
	if !b.opts.ExpandModules || depth >= maxModuleDepth {
		return
	}
	for _, n := range b.g.Nodes {
		if n.Kind != Module || n.Module != module {
			continue
		}
		if imp := cfg.Modules[n.Alias]; imp != nil && imp.Config != nil {
			b.add(imp.Config, n.ID, depth+1)
		}
	}
}

func isBad(st *grammar.Stmt) bool {
	_, bad := st.Node.(*grammar.BadStmt)
	return bad
}

func (b *builder) leaveOut(f *workspace.File, st *grammar.Stmt) {
	text := f.Text()[st.Offset:st.End]
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	b.g.LeftOut = append(b.g.LeftOut, LeftOut{File: f.Path, Span: grammar.Span{Start: st.Offset, End: st.End}, Text: strings.TrimSpace(text)})
}

// node returns the node statement st declares (d is its declaration, nil for an anonymous
// statement), or nil for a statement that is no node (a plain value, a function, a provider
// block, arguments ...).
func (b *builder) node(s *scope, f *workspace.File, st *grammar.Stmt, d *workspace.Decl) *Node {
	var value grammar.Node
	switch n := st.Node.(type) {
	case *grammar.LetStmt:
		if d == nil || n.Value == nil {
			return nil
		}
		value = n.Value
	case *grammar.ResourceStmt:
		value = n.Resource
	case *grammar.ModuleCallStmt:
		value = n.Call
	case *grammar.ExprStmt:
		value = n.X
	default:
		return nil
	}
	kind, typ, ok := b.kindOf(s, value)
	if !ok {
		return nil
	}
	value = result(value) // a for's or an if's resource or module call
	n := &Node{Kind: kind, Type: typ, Module: s.module, File: f.Path}
	if d != nil {
		n.Name, n.Span = d.Name, d.NameSpan
		n.ID = s.prefix + d.Name
		if d.Name == "_" {
			n.Name = ""
		}
	}
	if n.Name == "" {
		n.Span = st.Abs(nameSpan(value))
		what := typ
		if kind == Module {
			what = moduleCallName(value)
		}
		n.ID = fmt.Sprintf("%s%s@%s:%d", s.prefix, what, filepath.Base(f.Path), f.Lines.Line(int(st.Offset))+1)
	}
	switch kind {
	case Wait:
		n.Wait = b.waitSettings(s, f, st, value.(*grammar.WaitExpr))
	case Module:
		n.Alias = moduleCallName(value)
	}
	return n
}

// kindOf says what a declaration's value makes of it: the kind of node and its type, or false
// for a value the graph goes through (a string, a list, a function call ...).
func (b *builder) kindOf(s *scope, v grammar.Node) (Kind, string, bool) {
	switch grammar.NodeConstruct(v) {
	case grammar.ResourceConstruct, grammar.ReadConstruct:
		r := v.(*grammar.ResourceExpr)
		typ := ""
		if r.Type != nil {
			typ = r.Type.String()
		}
		if r.Read != nil {
			return DataSource, typ, true
		}
		return Resource, typ, true
	case grammar.WaitConstruct:
		return Wait, "", true
	case grammar.ModuleCallConstruct:
		name := moduleCallName(v)
		src := name
		if imp := s.cfg.Modules[name]; imp != nil {
			src = imp.Source
		}
		return Module, src, true
	case grammar.UpstreamConstruct, grammar.ProviderConstruct:
		kb, _ := grammar.KeyedBlockOf(v)
		if p, ok := v.(*grammar.ProviderExpr); ok {
			return Provider, p.Kind.Text, true
		}
		typ := ""
		if k := kb.Construct.KeyOf(grammar.PathValue); k != nil {
			if a := kb.Body.Attr(k.Name); a != nil {
				if str, ok := a.Value.(*grammar.StringLit); ok {
					typ = str.Value
				}
			}
		}
		return Upstream, typ, true
	case grammar.ForConstruct:
		if body := v.(*grammar.ForExpr).Body; body != nil && body.Result != nil {
			return b.kindOf(s, body.Result)
		}
	case grammar.IfConstruct:
		if body := v.(*grammar.IfExpr).Then; body != nil && body.Result != nil {
			return b.kindOf(s, body.Result)
		}
	}
	return 0, "", false
}

// nameSpan is what names an anonymous node in its statement: a resource's type, a module call's
// alias, else the start of the value.
func nameSpan(v grammar.Node) grammar.Span {
	switch x := v.(type) {
	case *grammar.ResourceExpr:
		if x.Type != nil {
			return x.Type.Span
		}
	case *grammar.ModuleCallExpr:
		if x.Name != nil {
			return x.Name.Span
		}
	}
	p := v.Pos()
	return grammar.Span{Start: p.Start, End: p.Start}
}

// result returns the resource or module call a for or an if makes, else v.
func result(v grammar.Node) grammar.Node {
	switch x := v.(type) {
	case *grammar.ForExpr:
		if x.Body != nil && x.Body.Result != nil {
			return result(x.Body.Result)
		}
	case *grammar.IfExpr:
		if x.Then != nil && x.Then.Result != nil {
			return result(x.Then.Result)
		}
	}
	return v
}

// moduleCallName returns the alias a module call calls.
func moduleCallName(v grammar.Node) string {
	if c, ok := v.(*grammar.ModuleCallExpr); ok && c.Name != nil {
		return c.Name.Text
	}
	return ""
}

// waitSettings reads a wait's target, condition and effective timeout.
func (b *builder) waitSettings(s *scope, f *workspace.File, st *grammar.Stmt, w *grammar.WaitExpr) *WaitSettings {
	ws := &WaitSettings{}
	if w.Target != nil {
		ws.Target = w.Target.Text
	}
	if w.Until != nil && w.Until.Value != nil {
		sp := st.Abs(w.Until.Value.Pos())
		ws.Until = strings.Join(strings.Fields(f.Text()[sp.Start:sp.End]), " ")
	}
	if w.Timeout != nil {
		if d, ok := w.Timeout.Value.(*grammar.DurationLit); ok {
			if secs, ok := grammar.ParseDuration(d.Text); ok {
				ws.Timeout, ws.TimeoutFrom = secs, "written"
				return ws
			}
		}
	}
	head := ""
	if t := s.cfg.LookupIn(ws.Target, f); t != nil {
		if r := s.cfg.ResourceOfIn(t, f); r != nil && r.Type != nil {
			head = r.Type.String()
		}
	}
	def := b.schemas.Wait(head)
	ws.Timeout, ws.TimeoutFrom = def.Timeout.Secs, "schema"
	if def.Timeout.Source == schema.FallbackSource {
		ws.TimeoutFrom = "default"
	}
	return ws
}

// edges adds the edges of reference r: from the node it stands in to the nodes it names,
// through the plain values it names.
func (b *builder) edges(s *scope, r *workspace.Ref) {
	if !r.Dependency() {
		return
	}
	var from *Node
	if r.Owner != nil {
		from = s.declNode[r.Owner]
	} else {
		from = b.stmtNode[r.Stmt]
	}
	if from == nil {
		return // in a plain value: its readers reach through it (resolve)
	}
	if from.Kind == Wait && r.Kind == workspace.RefValue && r.Decl.Name == from.Wait.Target {
		return // the condition reads the target: the wait's target edge says so
	}
	kind := ModuleArgument
	switch r.Kind {
	case workspace.RefWaitTarget:
		kind = WaitTarget
	case workspace.RefWaitDependsOn:
		kind = WaitDependsOn
	case workspace.RefDirectiveDependsOn:
		kind = DependsOn
	case workspace.RefDirectiveProvider:
		kind = ProviderUse
	default:
		if from.Kind != Module {
			kind = Reference
		}
	}
	attr := ""
	for i, p := range r.Path {
		if i > 0 {
			attr += "."
		}
		attr += p.Text
	}
	for _, t := range b.resolve(s, r.Decl, nil) {
		if t.node == from {
			continue
		}
		e := &Edge{From: from.ID, To: t.node.ID, Kind: kind, Via: t.via, File: r.File.Path, Span: r.Span}
		if len(t.via) == 0 {
			e.Attr = attr
		}
		b.g.Edges = append(b.g.Edges, e)
	}
}

// resolve returns the nodes declaration d stands for: its own, or, for a plain value, the nodes
// its references lead to, each with the values passed through.
func (b *builder) resolve(s *scope, d *workspace.Decl, visiting map[*workspace.Decl]bool) []target {
	if n := s.declNode[d]; n != nil {
		return []target{{node: n}}
	}
	if ts, ok := s.resolved[d]; ok {
		return ts
	}
	if visiting[d] {
		return nil // a cycle of plain values: the checks report it
	}
	if visiting == nil {
		visiting = map[*workspace.Decl]bool{}
	}
	visiting[d] = true
	var out []target
	seen := map[*Node]bool{}
	for _, r := range s.refsOf[d] {
		if !r.Dependency() || r.Decl == d {
			continue
		}
		for _, t := range b.resolve(s, r.Decl, visiting) {
			if !seen[t.node] {
				seen[t.node] = true
				out = append(out, target{node: t.node, via: append([]string{d.Name}, t.via...)})
			}
		}
	}
	delete(visiting, d)
	s.resolved[d] = out
	return out
}

// markUsedWaits marks the waits something reads.
func (b *builder) markUsedWaits() {
	for _, e := range b.g.Edges {
		if n := b.g.byID[e.To]; n != nil && n.Kind == Wait {
			n.Used = true
		}
	}
}

// count adds each error diagnostic to the node of the statement it is in.
func (b *builder) count(ds []finding.Diagnostic) {
	for _, d := range ds {
		if d.Severity != finding.Error {
			continue
		}
		f := b.g.files[d.Path]
		if f == nil {
			continue
		}
		if n := b.stmtNode[f.AST.StmtAt(d.Span.Start)]; n != nil {
			n.Errors++
		}
	}
}
