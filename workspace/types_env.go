package workspace

import (
	"sync"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/types"
)

// The configuration model is what inference (package types) reads: a Config is a types.Env, a
// Decl a types.Decl.

// declKinds maps a declaration's kind to inference's.
var declKinds = [...]types.DeclKind{
	Value: types.DeclValue, Resource: types.DeclResource, DataSource: types.DeclDataSource,
	Wait: types.DeclWait, Module: types.DeclUse, ModuleCall: types.DeclModuleCall,
	Upstream: types.DeclUpstream, Provider: types.DeclProvider, ForEach: types.DeclFor,
	Conditional: types.DeclIf, Argument: types.DeclArgument, Function: types.DeclFunction,
	LocalLet: types.DeclLocal, LoopVar: types.DeclLoopVar, Param: types.DeclParam,
}

// Info returns what inference reads of the declaration.
func (d *Decl) Info() types.DeclInfo {
	info := types.DeclInfo{Name: d.Name, Kind: declKinds[d.Kind], Stmt: d.Stmt, Node: d.Node, Value: d.Value}
	if d.File != nil {
		info.File = d.File.Path
	}
	return info
}

// unresolvedKind maps the kinds of reference whose names inference decides are undefined when no
// scope resolves them (types.Info.Undefined); the others (waits, directives) have their own checks.
func unresolvedKind(k RefKind) (types.UnresolvedKind, bool) {
	switch k {
	case RefValue:
		return types.ValueRef, true
	case RefCall:
		return types.CallRef, true
	case RefModuleCall:
		return types.ModuleRef, true
	}
	return 0, false
}

// typeEnv is the part of a Config that inference reads, built once.
type typeEnv struct {
	once      sync.Once
	bindings  map[string][]types.Decl
	functions map[string][]types.Decl
	files     []string
	// unresolved are the references no scope resolves, by statement; providers the
	// provider names the configuration writes (see configEnv.Providers). Made apart from the
	// declarations: build asks inference which calls reach a binding (chooseCallees) before
	// the references are final.
	refsOnce   sync.Once
	unresolved map[*grammar.Stmt][]types.Unresolved
	providers  []string

	mu    sync.Mutex
	infos map[*schema.Index]*types.Info
}

func (c *Config) env() *typeEnv {
	t := c.types
	t.once.Do(func() {
		t.bindings = make(map[string][]types.Decl, len(c.Bindings))
		for name, ds := range c.Bindings {
			out := make([]types.Decl, len(ds))
			for i, d := range ds {
				out[i] = d
			}
			t.bindings[name] = out
		}
		t.functions = make(map[string][]types.Decl, len(c.Functions))
		for name, ds := range c.Functions {
			out := make([]types.Decl, len(ds))
			for i, d := range ds {
				out[i] = d
			}
			t.functions[name] = out
		}
		for _, f := range c.Files {
			t.files = append(t.files, f.Path)
		}
	})
	return t
}

// refsEnv is env with what inference reads of the references: made once they are resolved.
func (c *Config) refsEnv() *typeEnv {
	t := c.env()
	t.refsOnce.Do(func() {
		t.unresolved = map[*grammar.Stmt][]types.Unresolved{}
		for _, r := range c.Refs {
			kind, ok := unresolvedKind(r.Kind)
			if r.Decl != nil || !ok {
				continue
			}
			path := make([]string, len(r.Path))
			for i, p := range r.Path {
				path[i] = p.Text
			}
			t.unresolved[r.Stmt] = append(t.unresolved[r.Stmt], types.Unresolved{Kind: kind, Name: r.Name, Path: path, Span: r.Span, Expr: r.Expr})
		}
		t.providers = c.providersWritten()
	})
	return t
}

// Types returns the inference of the configuration read with the schemas (nil: none), made
// once per schema index and shared by every reader of this version of the configuration.
func (c *Config) Types(schemas *schema.Index) *types.Info {
	t := c.env()
	t.mu.Lock()
	defer t.mu.Unlock()
	if in, ok := t.infos[schemas]; ok {
		return in
	}
	if t.infos == nil {
		t.infos = map[*schema.Index]*types.Info{}
	}
	in := types.NewInfo(configEnv{c, schemas}, schemas)
	t.infos[schemas] = in
	return in
}

// configEnv is a Config as inference's environment; the modules and upstream configurations it
// loads are read with the same schemas.
type configEnv struct {
	c       *Config
	schemas *schema.Index
}

func (e configEnv) Dir() string                        { return e.c.Dir }
func (e configEnv) Bindings(name string) []types.Decl  { return e.c.env().bindings[name] }
func (e configEnv) Functions(name string) []types.Decl { return e.c.env().functions[name] }
func (e configEnv) Files() []string                    { return e.c.env().files }
func (e configEnv) IsModule() bool                     { return e.c.IsModule }
func (e configEnv) Unresolved(st *grammar.Stmt) []types.Unresolved {
	return e.c.refsEnv().unresolved[st]
}
func (e configEnv) Providers() []string { return e.c.refsEnv().providers }
func (e configEnv) Statements(path string) []*grammar.Stmt {
	if f := e.c.File(path); f != nil {
		return f.AST.Stmts
	}
	return nil
}

func (e configEnv) Source(path string) string {
	if f := e.c.File(path); f != nil {
		return f.Text()
	}
	return ""
}

func (e configEnv) Import(d types.Decl) *types.Info {
	wd, ok := d.(*Decl)
	if !ok {
		return nil
	}
	var imp *Import
	switch wd.Kind {
	case Module:
		imp = e.c.Modules[wd.Name]
	case Upstream:
		imp = e.c.Upstreams[wd.Name]
	}
	if imp == nil || imp.Config == nil {
		return nil
	}
	return imp.Config.Types(e.schemas)
}
