package workspace

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// Build makes the semantic model of one configuration from files already parsed, reading
// nothing: its `use` and `upstream_state` sources stay unresolved (Modules and Upstreams have no
// entry for them). Workspace.Config is what loads a directory; Build serves text that is not a
// directory on disk.
func Build(dir string, files []*File) *Config { return build(dir, files) }

// build makes the semantic model of a configuration from its parsed files: declarations first
// (so that a file may use what a sibling declares), then references, resolved through the scopes
// they stand in.
func build(dir string, files []*File) *Config {
	c := &Config{
		Dir:       dir,
		Files:     files,
		Bindings:  map[string][]*Decl{},
		Functions: map[string][]*Decl{},
		Modules:   map[string]*Import{},
		Upstreams: map[string]*Import{},
		Deps:      map[*Decl][]*Decl{},
		index:     &placeIndex{},
		types:     &typeEnv{},
	}
	owners := make([][]*Decl, len(files)) // per file, per statement: the declaration it makes
	for i, f := range files {
		owners[i] = make([]*Decl, len(f.AST.Stmts))
		for j, st := range f.AST.Stmts {
			owners[i][j] = c.declare(f, st)
		}
	}
	var choices []calleeChoice
	for i, f := range files {
		for j, st := range f.AST.Stmts {
			w := &walker{c: c, f: f, st: st, owner: owners[i][j], choices: &choices}
			w.stmt(st.Node)
		}
	}
	c.chooseCallees(choices)
	c.collectWaits()
	c.buildDeps()
	return c
}

// declare records the top-level declarations a statement makes and returns the one that owns its
// value (nil for statements that bind no name).
func (c *Config) declare(f *File, st *grammar.Stmt) *Decl {
	switch n := st.Node.(type) {
	case *grammar.LetStmt:
		if n.Name == nil {
			return nil
		}
		d := &Decl{Name: n.Name.Text, Kind: letKind(n.Value), File: f, Stmt: st, NameSpan: st.Abs(n.Name.Span),
			Node: n, Value: n.Value, TopLevel: true}
		c.Decls = append(c.Decls, d)
		if d.Name != "_" {
			c.Bindings[d.Name] = append(c.Bindings[d.Name], d)
		}
		return d
	case *grammar.ArgumentsStmt:
		c.IsModule = true
		for _, p := range n.Params {
			d := &Decl{Name: p.Name.Text, Kind: Argument, File: f, Stmt: st, NameSpan: st.Abs(p.Name.Span), Node: p, TopLevel: true}
			c.Decls = append(c.Decls, d)
			c.Bindings[d.Name] = append(c.Bindings[d.Name], d)
		}
	case *grammar.OutputsStmt:
		if !n.Exports {
			c.IsModule = true
		}
		for _, it := range n.Items {
			c.Outputs = append(c.Outputs, &Output{Name: it.Name.Text, Exports: n.Exports, File: f, Stmt: st, Decl: it})
		}
	case *grammar.FnStmt:
		if n.Name == nil {
			return nil
		}
		d := &Decl{Name: n.Name.Text, Kind: Function, File: f, Stmt: st, NameSpan: st.Abs(n.Name.Span), Node: n, TopLevel: true}
		c.Decls = append(c.Decls, d)
		c.Functions[d.Name] = append(c.Functions[d.Name], d)
		return d
	}
	return nil
}

func letKind(v grammar.Expr) DeclKind {
	switch grammar.NodeConstruct(v) {
	case grammar.ResourceConstruct:
		return Resource
	case grammar.ReadConstruct:
		return DataSource
	case grammar.WaitConstruct:
		return Wait
	case grammar.UseConstruct:
		return Module
	case grammar.UpstreamConstruct:
		return Upstream
	case grammar.ModuleCallConstruct:
		return ModuleCall
	case grammar.ProviderConstruct:
		return Provider
	case grammar.ForConstruct:
		return ForEach
	case grammar.IfConstruct:
		return Conditional
	}
	// A plain value, or a construct whose value the configuration reads as one.
	return Value
}

// scope is a block of local names inside a statement; the outermost scope is the configuration's
// top level.
type scope struct {
	parent *scope
	names  map[string]*Decl
}

func (s *scope) lookup(name string) *Decl {
	for ; s != nil; s = s.parent {
		if d, ok := s.names[name]; ok {
			return d
		}
	}
	return nil
}

func (s *scope) child() *scope { return &scope{parent: s, names: map[string]*Decl{}} }

// walker collects the references of one top-level statement.
type walker struct {
	c     *Config
	f     *File
	st    *grammar.Stmt
	owner *Decl
	// choices are the calls of a function's name that a binding of the name may take
	// (chooseCallees), for the whole build.
	choices *[]calleeChoice
}

func (w *walker) declareLocal(sc *scope, name *grammar.Name, kind DeclKind, node grammar.Node, value grammar.Expr) {
	if name == nil || name.Text == "_" {
		return
	}
	d := &Decl{Name: name.Text, Kind: kind, File: w.f, Stmt: w.st, NameSpan: w.st.Abs(name.Span), Node: node, Value: value}
	w.c.Decls = append(w.c.Decls, d)
	sc.names[name.Text] = d
}

func (w *walker) ref(sc *scope, kind RefKind, name grammar.Name, path []grammar.Name, e grammar.Expr) {
	r := &Ref{Name: name.Text, Kind: kind, File: w.f, Span: w.st.Abs(name.Span), Expr: e, Stmt: w.st, Owner: w.owner}
	for _, p := range path {
		r.Path = append(r.Path, grammar.Name{Text: p.Text, Span: w.st.Abs(p.Span)})
	}
	switch kind {
	case RefCall:
		r.Decl = w.callee(sc, r)
	default:
		if d := sc.lookup(name.Text); d != nil {
			r.Decl = d
		} else {
			r.Decl = w.c.LookupIn(name.Text, w.f)
		}
	}
	w.c.Refs = append(w.c.Refs, r)
}

// callee resolves the name of a call r. A binding holding a partial application is called by
// its name: `let by_comma = split(',')`, then `'a,b' |> by_comma()`. A name that is no function
// names the binding written, wherever it is declared: navigation follows it there, and
// inference reports a let that Carina does not apply yet (declared later, or in another file).
// A function's name is the function (nil for a built-in), unless a binding of the name in scope
// or earlier in the file holds a partial application, which Carina applies first: inference
// decides that once every statement is walked (chooseCallees).
func (w *walker) callee(sc *scope, r *Ref) *Decl {
	local := sc.lookup(r.Name)
	fn := sameFileFirst(w.c.Functions[r.Name], w.f)
	if fn == nil && !grammar.IsBuiltinFunction(r.Name) {
		if local != nil {
			return local
		}
		return w.c.LookupIn(r.Name, w.f)
	}
	b := local
	if b == nil {
		// Only the file's own lets are applied (a sibling's closure is not seeded).
		if b = w.c.LookupIn(r.Name, w.f); b != nil && b.File != w.f {
			b = nil
		}
	}
	if b != nil {
		*w.choices = append(*w.choices, calleeChoice{ref: r, binding: b})
	}
	return fn
}

func (w *walker) stmt(n grammar.Node) {
	top := &scope{names: map[string]*Decl{}}
	switch n := n.(type) {
	case *grammar.LetStmt:
		w.expr(top, n.Value, RefValue)
	case *grammar.ResourceStmt:
		w.expr(top, n.Resource, RefValue)
	case *grammar.ModuleCallStmt:
		w.expr(top, n.Call, RefValue)
	case *grammar.ExprStmt:
		w.expr(top, n.X, RefValue)
	case *grammar.ProviderStmt:
		w.block(top, n.Body, false)
	case *grammar.BackendStmt:
		w.block(top, n.Body, false)
	case *grammar.ArgumentsStmt:
		for _, p := range n.Params {
			if p.Body != nil {
				w.block(top, p.Body, false)
			} else {
				w.expr(top, p.Default, RefValue)
			}
		}
	case *grammar.OutputsStmt:
		for _, it := range n.Items {
			w.expr(top, it.Value, RefValue)
		}
	case *grammar.StateBlockStmt:
		w.block(top, n.Body, false)
	case *grammar.RequireStmt:
		w.expr(top, n.Cond, RefValue)
		w.expr(top, n.Message, RefValue)
	case *grammar.FnStmt:
		sc := top.child()
		for _, p := range n.Params {
			w.expr(sc, p.Default, RefValue)
			w.declareLocal(sc, p.Name, Param, p, nil)
		}
		for _, l := range n.Lets {
			w.expr(sc, l.Value, RefValue)
			w.declareLocal(sc, l.Name, LocalLet, l, l.Value)
		}
		w.expr(sc, n.Result, RefValue)
	}
}

// expr records the references of an expression. A chain (`x |> f() |> g()`, `x[0][0]`) nests
// its left operands as deep as it is long: they are followed in a loop, the innermost walked
// first, then what follows each step, so that the stack does not grow with the chain.
func (w *walker) expr(sc *scope, e grammar.Expr, kind RefKind) {
	var buf [4]grammar.Expr
	rest := buf[:0] // the right operands and indexes of the steps, outermost first
	for {
		switch x := e.(type) {
		case *grammar.BinaryExpr:
			rest = append(rest, x.Y)
			e, kind = x.X, RefValue
			continue
		case *grammar.IndexExpr:
			rest = append(rest, x.Index)
			e = x.X
			continue
		case *grammar.FieldExpr:
			e = x.X
			continue
		}
		break
	}
	w.operand(sc, e, kind)
	for i := len(rest) - 1; i >= 0; i-- {
		w.expr(sc, rest[i], RefValue)
	}
}

// operand records the references of an expression that is not a chain's step.
func (w *walker) operand(sc *scope, e grammar.Expr, kind RefKind) {
	switch e := e.(type) {
	case nil:
	case *grammar.PathExpr:
		if e != nil && len(e.Parts) > 0 {
			w.ref(sc, kind, e.Parts[0], e.Parts[1:], e)
		}
	case *grammar.StringLit:
		if e == nil {
			return
		}
		for _, p := range e.Parts {
			w.expr(sc, p.Expr, RefValue)
		}
	case *grammar.ListExpr:
		for _, x := range e.Elems {
			w.expr(sc, x, kind)
		}
	case *grammar.MapExpr:
		w.block(sc, e.Body, false)
	case *grammar.CallExpr:
		w.ref(sc, RefCall, *e.Fn, nil, e)
		for _, a := range e.Args {
			w.expr(sc, a, RefValue)
		}
	case *grammar.UnaryExpr:
		w.expr(sc, e.X, RefValue)
	case *grammar.ParenExpr:
		w.expr(sc, e.X, RefValue)
	case *grammar.ResourceExpr:
		w.block(sc, e.Body, false)
	case *grammar.ModuleCallExpr:
		w.ref(sc, RefModuleCall, *e.Name, nil, e)
		w.block(sc, e.Body, false)
	case *grammar.KeywordBlockExpr:
		w.block(sc, e.Body, false)
	case *grammar.ProviderExpr:
		w.block(sc, e.Body, false)
	case *grammar.WaitExpr:
		if e.Target != nil {
			w.ref(sc, RefWaitTarget, *e.Target, nil, e)
		}
		for _, it := range e.Body.Items {
			a, ok := it.(*grammar.Attribute)
			if !ok {
				continue
			}
			k := RefValue
			if key := grammar.ConstructOf(grammar.WaitConstruct).Key(a.Key.Text); key != nil && key.Depends && !a.Quoted {
				k = RefWaitDependsOn
			}
			w.expr(sc, a.Value, k)
		}
	case *grammar.ForExpr:
		w.expr(sc, e.Iter, RefValue)
		inner := sc.child()
		for _, b := range e.Bindings {
			w.declareLocal(inner, b, LoopVar, b, nil)
		}
		w.body(inner, e.Body)
	case *grammar.IfExpr:
		w.expr(sc, e.Cond, RefValue)
		w.body(sc, e.Then)
		w.body(sc, e.Else)
	}
}

func (w *walker) body(sc *scope, b *grammar.Body) {
	if b == nil {
		return
	}
	inner := sc.child()
	for _, l := range b.Lets {
		w.expr(inner, l.Value, RefValue)
		w.declareLocal(inner, l.Name, LocalLet, l, l.Value)
	}
	w.expr(inner, b.Result, RefValue)
}

// block walks a block body. Local lets are visible to the items after them and to nested blocks.
// directives says the block is a resource's directives block, whose dependency keys (from the
// construct table) make references of their own kind.
func (w *walker) block(sc *scope, b *grammar.Block, directives bool) {
	if b == nil {
		return
	}
	dc := grammar.ConstructOf(grammar.DirectivesConstruct)
	inner := sc.child()
	for _, it := range b.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			k := RefValue
			if key := dc.Key(it.Key.Text); directives && key != nil && key.Depends && !it.Quoted {
				k = RefDirectiveDependsOn
				if key.Value == grammar.BindingValue {
					k = RefDirectiveProvider
				}
			}
			w.expr(inner, it.Value, k)
		case *grammar.NestedBlock:
			w.block(inner, it.Body, it.Construct == grammar.DirectivesConstruct)
		case *grammar.LetStmt:
			w.expr(inner, it.Value, RefValue)
			w.declareLocal(inner, it.Name, LocalLet, it, it.Value)
		}
	}
}

// collectWaits records every wait declaration with its target and depends_on references.
func (c *Config) collectWaits() {
	// Keyed by declaration, not by expression: identical statements of a file may share one
	// parse, hence one *WaitExpr.
	byDecl := map[*Decl]*WaitInfo{}
	for _, d := range c.Decls {
		if w := d.WaitExpr(); w != nil && d.Kind == Wait && d.TopLevel {
			wi := &WaitInfo{Decl: d, Expr: w}
			byDecl[d] = wi
			c.Waits = append(c.Waits, wi)
		}
	}
	for _, r := range c.Refs {
		wi := byDecl[r.Owner]
		if wi == nil {
			continue
		}
		switch r.Kind {
		case RefWaitTarget:
			wi.Target = r
		case RefWaitDependsOn:
			if len(r.Path) == 0 {
				wi.DependsOn = append(wi.DependsOn, r)
			}
		}
	}
}

// buildDeps derives the dependency graph between top-level declarations from the references.
func (c *Config) buildDeps() {
	seen := map[[2]*Decl]bool{}
	for _, r := range c.Refs {
		if r.Owner == nil || !r.Dependency() {
			continue
		}
		k := [2]*Decl{r.Owner, r.Decl}
		if seen[k] {
			continue
		}
		seen[k] = true
		c.Deps[r.Owner] = append(c.Deps[r.Owner], r.Decl)
	}
}
