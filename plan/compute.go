package plan

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Input is what a plan is computed from: the configuration, its evaluation, its schemas and its
// state (nil when nothing was applied yet).
type Input struct {
	Config  *workspace.Config
	Info    *types.Info
	Schemas Schemas // nil: no schemas (nothing is create-only)
	State   *state.File
	// Open opens the state files of upstream_state configurations (nil: the file system).
	Open state.Opener
	// Memo keeps evaluated statements between plans of successive versions of the same
	// configuration with the same schemas (nil: every statement is evaluated).
	Memo *Memo
}

// Compute plans a configuration against its state, as `carina plan --refresh=false` does: the
// state is taken as what is running. It stops early, returning ctx's error, when ctx is done.
func Compute(ctx context.Context, in Input) (*Plan, error) {
	c := &computer{ctx: ctx, in: in, plan: &Plan{}, claimed: map[*state.Resource]bool{}, byBinding: map[string]*Resource{}, secrets: in.Memo.secretCache()}
	in.Memo.begin()
	defer in.Memo.end()
	for _, f := range in.Config.Files {
		for _, st := range f.AST.Stmts {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			c.stmt(f, st)
		}
	}
	c.reconcileInstances()
	c.identifySchemaAnonymous()
	c.resolveAnonymous()
	c.imports()
	for _, r := range c.plan.Resources {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		c.diff(r)
	}
	c.nameAnonymous()
	c.settleTemplates()
	c.deletes()
	c.absorbDeletes()
	c.exports()
	c.preventDestroy()
	c.lowerWaits()
	return c.plan, nil
}

type computer struct {
	ctx         context.Context
	upstreams   map[string]*state.File // by binding, read once
	in          Input
	blocks      []stateBlock
	plan        *Plan
	secrets     *secretCache // compares configured secrets with stored hashes
	claimed     map[*state.Resource]bool
	byBinding   map[string]*Resource
	anonymous   []*Resource
	waits       []pendingWait
	refs        map[*grammar.Stmt][]*workspace.Ref // by statement (refsOf)
	fns         uint64                             // see functions; 0 until computed
	providerIDs map[string]providerID              // see providerIdentity
	modules     []*scope                           // the module instances expanded, in order
}

func (c *computer) unsupported(f *workspace.File, st *grammar.Stmt, sp grammar.Span, format string, args ...any) {
	c.plan.Unsupported = append(c.plan.Unsupported, Problem{File: f, Span: st.Abs(sp), Message: fmt.Sprintf(format, args...)})
}

// declared returns what a let, a resource statement or an expression statement declares, and
// the let's binding ("" for none, or `_`); x is nil for another statement.
func declared(st *grammar.Stmt) (binding string, x grammar.Expr) {
	switch n := st.Node.(type) {
	case *grammar.LetStmt:
		if n.Name != nil && n.Name.Text != "_" {
			binding = n.Name.Text
		}
		return binding, n.Value
	case *grammar.ResourceStmt:
		return "", n.Resource
	case *grammar.ExprStmt:
		return "", n.X
	}
	return "", nil
}

// stmt collects the resource a top-level statement declares.
func (c *computer) stmt(f *workspace.File, st *grammar.Stmt) {
	if st.Parsed == nil {
		return
	}
	binding, x := declared(st)
	switch n := st.Node.(type) {
	case *grammar.ModuleCallStmt:
		c.made(c.root(), f, st, "")
		return
	case *grammar.StateBlockStmt:
		c.stateBlock(f, st, n)
		return
	}
	switch x := x.(type) {
	case *grammar.ResourceExpr:
		if x.Read != nil || x.Type == nil {
			if x.Read != nil {
				c.unsupported(f, st, *x.Read, "data sources are not read: their values are known only to a provider")
			}
			return
		}
		c.resource(f, st, binding, x)
	case *grammar.ForExpr:
		if !c.deferredFor(f, st, binding, x) {
			c.expandedFor(c.root(), f, st, binding, x)
		}
	case *grammar.ModuleCallExpr:
		c.made(c.root(), f, st, binding)
	case *grammar.WaitExpr:
		if binding != "" {
			c.waits = append(c.waits, pendingWait{file: f, stmt: st, binding: binding, expr: x})
		}
	case *grammar.IfExpr:
		c.conditional(c.root(), f, st, binding, x)
	}
}

func (c *computer) resource(f *workspace.File, st *grammar.Stmt, binding string, x *grammar.ResourceExpr) {
	parts := x.Type.Parts
	if len(parts) < 2 {
		return
	}
	r := &Resource{Provider: parts[0].Text, Binding: binding, Identity: binding, File: f, Stmt: st}
	for i, p := range parts[1:] {
		if i > 0 {
			r.Type += "."
		}
		r.Type += p.Text
	}
	b, e := c.body(f, st, x)
	// Cloned: the diff resolves the values in place.
	r.Desired, r.Directives, r.memo = slices.Clone(b.desired), b.directives, e
	for _, n := range b.notes {
		c.unsupported(f, st, n.span, "%s", n.message)
	}
	r.DependsOn = itemDependencies(c.dependsOn(st), "", st)
	c.plan.Resources = append(c.plan.Resources, r)
	if binding != "" {
		c.byBinding[binding] = r
		if row := c.row(r, binding); row != nil {
			r.State = row
			c.claimed[row] = true
		}
	} else {
		c.anonymous = append(c.anonymous, r)
	}
}

// directives reads the directives that change a plan.
func (c *computer) directives(f *workspace.File, st *grammar.Stmt, b *grammar.Block) Directives {
	var d Directives
	flag := func(key string) bool {
		a := b.Attr(key)
		if a == nil || a.Value == nil {
			return false
		}
		v, ok := c.in.Info.ExprValue(f.Path, st, a.Value)
		return ok && v.Shape == types.BoolVal && v.Bool
	}
	d.CreateBeforeDestroy = flag("create_before_destroy")
	d.PreventDestroy = flag("prevent_destroy")
	if a := b.Attr(dependsOnKey()); a != nil {
		if l, ok := a.Value.(*grammar.ListExpr); ok {
			for _, e := range l.Elems {
				if p, ok := e.(*grammar.PathExpr); ok && len(p.Parts) == 1 {
					d.dependsOn = append(d.dependsOn, p.Parts[0].Text)
				}
			}
		}
	}
	return d
}

// dependsOnKey is the directives key that lists the bindings a resource waits for.
func dependsOnKey() string {
	return grammar.ConstructOf(grammar.DirectivesConstruct).KeyOf(grammar.BindingsValue).Name
}

// row returns the state row of a resource's identity.
func (c *computer) row(r *Resource, identity string) *state.Resource {
	if c.in.State == nil {
		return nil
	}
	if row := c.in.State.Find(r.Provider, r.Type, identity); row != nil {
		return row
	}
	if b := c.movedTo(r.Provider, r.Type, identity); b != nil {
		if row := c.in.State.Find(b.from.provider, b.from.typ, b.from.identity); row != nil {
			r.MovedFrom = b.from.identity
			return row
		}
	}
	return nil
}

// resolveAnonymous gives each anonymous resource the identity of its state row, as Carina's
// reconciliation does: the one unclaimed row of its type whose create-only values equal the
// configuration's, else the one unclaimed row of its type. Without one the resource is created
// under an identity Carina derives from a hash (Unresolved).
func (c *computer) resolveAnonymous() {
	for _, r := range c.anonymous {
		var free []*state.Resource
		if c.in.State != nil {
			for _, row := range c.in.State.Resources {
				if row.Provider == r.Provider && row.Type == r.Type && !c.claimed[row] && row.HasIdentifier && c.byBinding[row.Identity] == nil && sameInstance(r, row) {
					free = append(free, row)
				}
			}
		}
		// Carina adopts the one row of the type when no create-only value decides.
		ofType := 0
		if c.in.State != nil {
			for _, row := range c.in.State.Resources {
				if row.Provider == r.Provider && row.Type == r.Type && row.Identity != "" && sameInstance(r, row) {
					ofType++
				}
			}
		}
		var match []*state.Resource
		for _, row := range free {
			if c.sameCreateOnly(r, row) {
				match = append(match, row)
			}
		}
		var row *state.Resource
		switch {
		case len(match) == 1:
			row = match[0]
		case len(free) == 1 && ofType == 1:
			row = free[0]
		}
		if row == nil {
			// A row written without an identity is the anonymous resource of its type before
			// Carina named anonymous resources.
			for _, cand := range free {
				if cand.Identity == "" {
					row = cand
				}
			}
		}
		if row == nil {
			r.Unresolved = true
			continue
		}
		r.Identity, r.State = row.Identity, row
		c.claimed[row] = true
	}
}

// sameInstance reports whether a state row lives where an anonymous resource would: Carina
// names a module instance's anonymous resource under the outermost instance's name, and a row
// under another name, or a root row, is never its own; a root resource's row is under no
// instance (Carina splits an instance's name from the rest at the first dot).
func sameInstance(r *Resource, row *state.Resource) bool {
	if p := r.instancePrefix(); p != "" {
		return strings.HasPrefix(row.Identity, p)
	}
	return !strings.Contains(row.Identity, ".")
}

// nameAnonymous gives each anonymous resource still without a row Carina's fallback identity,
// where it is reproduced exactly. A name another resource of the type holds Carina suffixes
// with the resource's place in its dependency order, which is not reproduced: such a resource
// stays Unresolved.
func (c *computer) nameAnonymous() {
	used := map[address]bool{}
	for _, r := range c.plan.Resources {
		if !r.Unresolved {
			used[address{r.Provider, r.Type, r.Identity}] = true
		}
	}
	for _, r := range c.plan.Resources {
		if !r.Unresolved {
			continue
		}
		id, ok := c.fallbackIdentity(r)
		if !ok || used[address{r.Provider, r.Type, id}] {
			continue
		}
		used[address{r.Provider, r.Type, id}] = true
		r.Identity, r.Unresolved = id, false
	}
}

// sameCreateOnly reports whether every create-only attribute both sides hold is equal.
func (c *computer) sameCreateOnly(r *Resource, row *state.Resource) bool {
	any := false
	for _, a := range r.Desired {
		if !c.createOnly(r, a.Name) {
			continue
		}
		sv, ok := row.Attributes.Get(a.Name)
		if !ok {
			continue
		}
		// A reference reads the state of an applied resource, as the plan will.
		if !same(c.resolve(a.Value, []string{a.Name}, r.Provider+"."+r.Type), fromState(sv)) {
			return false
		}
		any = true
	}
	return any
}

func (c *computer) createOnly(r *Resource, attr string) bool {
	return c.in.Schemas != nil && c.in.Schemas.CreateOnly(r.Provider+"."+r.Type, attr)
}

// stateBlock is a moved, removed or import block: addresses are provider.type and identity.
type stateBlock struct {
	construct grammar.ConstructID
	from, to  address
	id        string
	file      *workspace.File
	stmt      *grammar.Stmt
	span      grammar.Span
}

type address struct{ provider, typ, identity string }

func (c *computer) stateBlock(f *workspace.File, st *grammar.Stmt, n *grammar.StateBlockStmt) {
	b := stateBlock{construct: n.Construct, file: f, stmt: st, span: n.Kw}
	addr := func(key string) (address, bool) {
		a := n.Body.Attr(key)
		if a == nil {
			return address{}, false
		}
		x, ok := a.Value.(*grammar.AddressExpr)
		if !ok || x.Type == nil || x.Name == nil || len(x.Type.Parts) < 2 || x.Name.Interpolated() {
			return address{}, false
		}
		parts := x.Type.Parts
		typ := parts[1].Text
		for _, p := range parts[2:] {
			typ += "." + p.Text
		}
		return address{parts[0].Text, typ, x.Name.Value}, true
	}
	ok := n.Body != nil
	switch n.Construct {
	case grammar.MovedConstruct:
		var okFrom, okTo bool
		b.from, okFrom = addr("from")
		b.to, okTo = addr("to")
		ok = ok && okFrom && okTo
	case grammar.RemovedConstruct:
		var okFrom bool
		b.from, okFrom = addr("from")
		ok = ok && okFrom
	case grammar.ImportConstruct:
		var okTo bool
		b.to, okTo = addr("to")
		id := n.Body.Attr("id")
		var sok bool
		if id != nil && id.Value != nil {
			if b.id, sok = c.in.Config.StaticString(f, id.Value); !sok {
				b.id, sok = c.importID(f, st, id.Value)
			}
		}
		ok = ok && okTo && sok
	}
	if !ok {
		c.unsupported(f, st, n.Kw, "a %s block whose addresses are not known before apply is not planned", n.Construct.Keyword())
		return
	}
	c.blocks = append(c.blocks, b)
}

// movedTo returns the moved block renaming a state row to a resource's identity.
func (c *computer) movedTo(provider, typ, identity string) *stateBlock {
	for i := range c.blocks {
		b := &c.blocks[i]
		if b.construct == grammar.MovedConstruct && b.to == (address{provider, typ, identity}) {
			return b
		}
	}
	return nil
}

// block returns the block of a construct naming a state row as its `from`.
func (c *computer) blockFrom(construct grammar.ConstructID, row *state.Resource) *stateBlock {
	for i := range c.blocks {
		b := &c.blocks[i]
		if b.construct == construct && b.from == (address{row.Provider, row.Type, row.Identity}) {
			return b
		}
	}
	return nil
}

// imports plans each import block: a resource the configuration declares at its address is
// imported instead of created; one it does not is shown imported all the same, as Carina shows it.
func (c *computer) imports() {
	for _, b := range c.blocks {
		if b.construct != grammar.ImportConstruct {
			continue
		}
		if c.in.State != nil && c.in.State.Find(b.to.provider, b.to.typ, b.to.identity) != nil {
			continue // already in state: the block has done its work
		}
		var r *Resource
		for _, d := range c.plan.Resources {
			if d.Provider == b.to.provider && d.Type == b.to.typ && d.Identity == b.to.identity {
				r = d
			}
		}
		if r == nil {
			r = &Resource{Op: Import, Provider: b.to.provider, Type: b.to.typ, Identity: b.to.identity, File: b.file, Stmt: b.stmt, diffed: true}
			c.plan.Resources = append(c.plan.Resources, r)
		}
		r.ImportID = b.id
	}
}
