package types

import (
	"sync"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// Info is the inference of one configuration: the values of its lets, its functions read, and
// what evaluating each statement meets. It computes what it is asked for, once; it is safe for
// concurrent use (evaluations are serialised).
type Info struct {
	env     Env
	schemas *schema.Index

	mu   sync.Mutex
	lets map[letKey]*letState
	fns  map[Decl]*userFunc
	attr map[attrKey]attrState
	mod  *moduleDecls // what the configuration declares as a module, read once
	// named are the top-level declarations by name, with what they are, read once a name.
	named   map[string]*declsOfName
	fnNamed map[string][]declEntry // user functions by name, read once a name
	// resolved are attributes' values as the resolver gives them (see resolvePass).
	resolved map[resolvedKey]Value
	// walked are lists' and maps' resolvable, by their elements (see resolvable).
	walked map[elemsKey]bool
	// digests are values' elements' hashes, by the elements (see elemsDigest).
	digests map[elemsKey]uint64
	// declDigests are top-level declarations' Digests: the checks' and the plan's memos both ask
	// for them at every version.
	declDigests map[Decl]uint64
	// made are the results of calls written in one statement and made in another (keepMade).
	made map[madeKey]Value
	// echoed are the values' elements echo found clean, by file.
	echoed map[echoKey]bool
	// declTypes are the declarations' types (declType), made once: a type is never changed.
	declTypes map[Decl]*Type
	// placeholders are the values structural declarations are bound to (ownBinding).
	placeholders map[Decl]Value
	// exports are the types of the configuration's exports, for those that read it (exportTypes).
	exports map[string]*Type
	// providers are the names that start resource types (Providers), made once.
	providersOnce sync.Once
	providers     []string
	// calls are the calls of each user function the configuration writes (callsOf), found once.
	calls map[string][]callSite
	// paramTypes are untyped parameters' types (callersType), computed once.
	paramTypes map[paramKey]*Type
	// forExps are top-level for bindings' expansions by name (forExpansion), evaluated once.
	forExps map[string]forExp
	// forIters are top-level for declarations' iterables (forIter), evaluated once.
	forIters map[Decl]forIterResult
}

// declsOfName are the top-level declarations of one name, in file order.
type declsOfName struct {
	list []declEntry
	// resources says every one is a resource or a data source.
	resources bool
}

// firstIn returns the index of the first declaration in file, or -1.
func (ds *declsOfName) firstIn(file string) int {
	for i := range ds.list {
		if ds.list[i].info.File == file {
			return i
		}
	}
	return -1
}

// declEntry is a declaration with what it is.
type declEntry struct {
	d    Decl
	info DeclInfo
}

// declsNamed returns the top-level declarations called name. in.mu must be held.
func (in *Info) declsNamed(name string) *declsOfName {
	if ds, ok := in.named[name]; ok {
		return ds
	}
	ds := &declsOfName{resources: true}
	if bs := in.env.Bindings(name); len(bs) > 0 {
		ds.list = make([]declEntry, 0, len(bs))
		for _, d := range bs {
			info := d.Info()
			ds.resources = ds.resources && (info.Kind == DeclResource || info.Kind == DeclDataSource)
			ds.list = append(ds.list, declEntry{d, info})
		}
	}
	if in.named == nil {
		in.named = map[string]*declsOfName{}
	}
	in.named[name] = ds
	return ds
}

type letKey struct {
	d      Decl
	seeded bool
}

// letState is a let's value in one view, or the evaluation of it under way (a cycle).
type letState struct {
	busy bool
	v    Value
	// hit says the value depends on a name the unseeded view does not see.
	hit bool
}

type attrKey struct {
	d    Decl
	attr string
}

type attrState struct {
	v  Value
	ok bool
}

// NewInfo returns the inference of a configuration, with its provider schemas (nil: none).
func NewInfo(env Env, schemas *schema.Index) *Info {
	return &Info{env: env, schemas: schemas, lets: map[letKey]*letState{}, fns: map[Decl]*userFunc{},
		attr: map[attrKey]attrState{}}
}

// Schemas returns the schemas the inference reads.
func (in *Info) Schemas() *schema.Index { return in.schemas }

// letValue returns a top-level let's value as a reference to it sees it: in the seeded view the
// value every statement sees, in the unseeded view the value the let's own file gives it before
// the rest of the directory is read. caller learns whether the value depends on the seeded view.
func (in *Info) letValue(d Decl, seeded bool, caller *evaluator) Value {
	k := letKey{d, seeded}
	if s, ok := in.lets[k]; ok {
		if s.busy {
			return UnknownOf(nil) // a cycle: reported as one elsewhere
		}
		if caller != nil && s.hit {
			caller.seededHit = true
		}
		return s.v
	}
	s := &letState{busy: true}
	in.lets[k] = s
	info := d.Info()
	e := &evaluator{in: in, v: view{seeded: seeded, file: info.File, pos: stmtOffset(info.Stmt)}, st: info.Stmt}
	v := e.letRHS(info)
	s.v, s.busy, s.hit = v, false, e.seededHit
	if caller != nil && s.hit {
		caller.seededHit = true
	}
	return v
}

func stmtOffset(st *grammar.Stmt) int32 {
	if st == nil {
		return 0
	}
	return st.Offset
}

// letRHS evaluates a top-level let's value with the let's rules, as a reference sees it.
func (e *evaluator) letRHS(info DeclInfo) Value {
	switch x := info.Value.(type) {
	case *grammar.IfExpr:
		v, ok, err := e.ifStatement(x)
		switch {
		case err != nil:
			return UnknownOf(nil)
		case !ok:
			return StrOf("${if:" + info.Name + "}")
		}
		switch body := chosen(x, e); body.(type) {
		case *grammar.ResourceExpr:
			return StrOf("${" + info.Name + "}")
		case *grammar.ModuleCallExpr:
			return StrOf("${module:" + body.(*grammar.ModuleCallExpr).Name.Text + "}")
		}
		return v
	}
	v, err := e.letExpr(info.Value)
	if err != nil {
		return UnknownOf(nil)
	}
	return v
}

// chosen returns the result of the branch an if takes (its condition evaluated again).
func chosen(x *grammar.IfExpr, e *evaluator) grammar.Expr {
	saved := e.errs
	c, err := e.condition(x.Cond)
	e.errs = saved
	if err != nil {
		return nil
	}
	b := x.Then
	if !c {
		b = x.Else
	}
	if b == nil {
		return nil
	}
	return b.Result
}

// letExpr evaluates a top-level let's right-hand side as Carina's let parser does: only the left
// side of `??`, and no user function called through a pipe.
func (e *evaluator) letExpr(x grammar.Expr) (Value, *evalError) {
	if b, ok := x.(*grammar.BinaryExpr); ok {
		v, err := e.binary(b, true)
		if err != nil {
			return UnknownOf(nil), err
		}
		return e.rec(x, v), nil
	}
	return e.eval(x)
}

// resourceAttribute returns the value a resource's body sets an attribute to, as Carina's
// resolver reads it; ok is false when the body does not set it.
func (in *Info) resourceAttribute(d Decl, info DeclInfo, attr string) (Value, bool) {
	k := attrKey{d, attr}
	if s, ok := in.attr[k]; ok {
		return s.v, s.ok
	}
	in.attr[k] = attrState{} // a reference cycle between attributes ends here
	r, ok := info.Value.(*grammar.ResourceExpr)
	if !ok || r.Body == nil {
		return Value{}, false
	}
	var a *grammar.Attribute
	for _, it := range r.Body.Items {
		if at, ok := it.(*grammar.Attribute); ok && at.Key.Text == attr {
			a = at // the last one wins
		}
	}
	if a == nil {
		return Value{}, false
	}
	e := &evaluator{in: in, v: view{seeded: true, file: info.File, pos: stmtOffset(info.Stmt)}, st: info.Stmt}
	v, err := e.value(a.Value)
	if err != nil {
		return Value{}, false
	}
	in.attr[k] = attrState{v: v, ok: true}
	return v, true
}

// declType is the static type of what a binding stands for: a resource's type, a module, an
// argument's declared type.
func (in *Info) declType(d Decl, info DeclInfo) *Type {
	if t, ok := in.declTypes[d]; ok {
		return t
	}
	t := in.declTypeOf(d, info)
	if in.declTypes == nil {
		in.declTypes = map[Decl]*Type{}
	}
	in.declTypes[d] = t
	return t
}

// declTypeOf computes declType.
func (in *Info) declTypeOf(d Decl, info DeclInfo) *Type {
	switch info.Kind {
	case DeclResource, DeclDataSource:
		if r, ok := info.Value.(*grammar.ResourceExpr); ok && r.Type != nil {
			t := &Type{Kind: Resource, Name: r.Type.String(), Read: info.Kind == DeclDataSource}
			if in.schemas != nil {
				t.Res = in.schemas.Declared(t.Name, t.Read)
			}
			return t
		}
	case DeclUse:
		return &Type{Kind: Module, Name: info.Name}
	case DeclModuleCall:
		if mc, ok := info.Value.(*grammar.ModuleCallExpr); ok && mc.Name != nil {
			return &Type{Kind: Module, Name: mc.Name.Text}
		}
	case DeclUpstream:
		return &Type{Kind: Upstream, Name: info.Name}
	case DeclProvider:
		if p, ok := info.Value.(*grammar.ProviderExpr); ok && p.Kind != nil {
			return &Type{Kind: Provider, Name: p.Kind.Text}
		}
	case DeclArgument:
		if p, ok := info.Node.(*grammar.ParamDecl); ok && p.Type != nil {
			t, _ := Annotation(p.Type, in.schemas)
			return t
		}
	case DeclWait:
		// A wait reads as its target: the same attributes, known once the target is ready.
		if w, ok := info.Value.(*grammar.WaitExpr); ok && w.Target != nil {
			for _, td := range in.env.Bindings(w.Target.Text) {
				ti := td.Info()
				if ti.Kind == DeclResource || ti.Kind == DeclDataSource {
					return in.declType(td, ti)
				}
			}
		}
	}
	return nil
}

// refType is the static type of `head.path...`: a resource attribute's schema type, a module
// argument's member.
func (in *Info) refType(b binding, head string, path []string) *Type {
	if !b.found {
		return nil
	}
	t := b.value.Type
	if b.decl != nil {
		if dt := in.declType(b.decl, b.info); dt != nil {
			t = dt
		}
	}
	if t == nil {
		return nil
	}
	return memberType(t, path)
}

// memberType is the type of a path of fields and indexes inside a value of type t.
func memberType(t *Type, path []string) *Type {
	for _, seg := range path {
		if t == nil {
			return nil
		}
		if len(seg) > 0 && seg[0] == '[' {
			t = indexType(t)
			continue
		}
		switch t.Kind {
		case Resource:
			if t.Res == nil {
				return nil
			}
			m := t.Res.Attributes[seg]
			if m == nil {
				return nil
			}
			t = FromSchema(m.Type)
		case Struct:
			t = t.Field(seg)
		case Map:
			t = t.Elem
		case Secret:
			t = memberType(t.Elem, []string{seg})
		default:
			return nil
		}
	}
	return t
}

// indexType is the type of an element of a list or a value of a map.
func indexType(t *Type) *Type {
	if t != nil && (t.Kind == List || t.Kind == Map) {
		return t.Elem
	}
	return nil
}

// callType is the static type of a call's result.
func (in *Info) callType(name string) *Type {
	if b := LookupBuiltin(name); b != nil {
		return b.Result
	}
	if in.env == nil {
		return nil
	}
	for _, d := range in.env.Functions(name) {
		if fn := in.function(d); fn.ret != nil {
			return fn.ret.typ
		}
		return nil
	}
	return nil
}
