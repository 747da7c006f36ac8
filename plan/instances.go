package plan

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Carina expands, while it parses, a `for` over a list or map known then (one resource an item,
// addressed `x[0]`, `x.key`, `x['key']`), an `if` whose condition is known (the branch taken)
// and a module call (the module's resources, each named `<instance>.<binding>`, its anonymous
// ones `<instance>.<hash name>`, the references inside the module to its own bindings renamed
// the same way, its arguments given the call's values). types.Info.Made says what a statement
// makes and with which values; this file names them and plans each against its state row.

// scope is a configuration whose statements are planned: the root, or a module instance.
type scope struct {
	cfg  *workspace.Config
	info *types.Info
	// name is the instance's address ("" at the root), prefix what it puts before its bindings
	// ("bootstrap."); args are the values the call gives the module's arguments.
	name, prefix string
	args         map[string]types.Value
	// alias is the `use` binding the call names, the module's name in Carina's module source;
	// source the `use` source as written.
	alias, source string
	// outer is the outermost instance it is in (itself for one the root calls); nil at the root.
	outer *scope
	// file and stmt are the call's statement, in the caller's configuration.
	file *workspace.File
	stmt *grammar.Stmt
}

// root is the configuration planned.
func (c *computer) root() *scope {
	return &scope{cfg: c.in.Config, info: c.in.Info}
}

// instanceScope returns the module instance a binding of the plan names, or nil.
func (c *computer) instanceScope(binding string) *scope {
	for _, s := range c.modules {
		if s.name == binding {
			return s
		}
	}
	return nil
}

// made plans what a statement of a scope makes: the resources and module instances of a `for`
// known at parse time, of an `if`'s taken branch, or of a module call.
func (c *computer) made(s *scope, f *workspace.File, st *grammar.Stmt, binding string) {
	for _, m := range s.info.Made(f.Path, st) {
		switch x := m.Expr.(type) {
		case *grammar.ResourceExpr:
			c.madeResource(s, f, st, binding, x, m)
		case *grammar.ModuleCallExpr:
			c.instance(s, f, st, binding, x, m)
		}
	}
}

// conditional plans an `if`: what its taken branch makes, when its condition is known.
func (c *computer) conditional(s *scope, f *workspace.File, st *grammar.Stmt, binding string, x *grammar.IfExpr) {
	if cond, ok := s.info.ExprValue(f.Path, st, x.Cond); !ok || cond.Shape != types.BoolVal {
		c.unsupported(f, st, x.Pos(), "a conditional resource whose condition is not known before apply is not planned")
		return
	}
	c.made(s, f, st, binding)
}

// expandedFor plans a `for` whose iterable is known at parse time: one resource or instance an
// item, addressed by the let binding or, for a `for` standing alone, by the name Carina makes.
func (c *computer) expandedFor(s *scope, f *workspace.File, st *grammar.Stmt, binding string, x *grammar.ForExpr) {
	if binding == "" {
		if _, alone := st.Node.(*grammar.ExprStmt); !alone {
			c.unsupported(f, st, x.Pos(), "a for expansion bound to `_` is not planned yet")
			return
		}
		binding = anonForBinding(f, st, x)
	}
	c.made(s, f, st, binding)
}

// anonForBinding is the binding Carina's parser gives a `for` standing alone: `_` and the last
// name of the variable it iterates (`_accounts` for `orgs.accounts`), else `_for<N>`, N counting
// the file's earlier lone `for`s (each file is parsed with its own count).
func anonForBinding(f *workspace.File, st *grammar.Stmt, x *grammar.ForExpr) string {
	if p, ok := x.Iter.(*grammar.PathExpr); ok && len(p.Parts) > 0 {
		return "_" + p.Parts[len(p.Parts)-1].Text
	}
	n := 0
	for _, o := range f.AST.Stmts {
		if o == st {
			break
		}
		if e, ok := o.Node.(*grammar.ExprStmt); ok {
			if _, ok := e.X.(*grammar.ForExpr); ok {
				n++
			}
		}
	}
	return "_for" + strconv.Itoa(n)
}

// anonInstanceName is the name Carina gives a module call bound to no let
// (instance_prefix_for_call): `<module>_<SimHash>`, the SimHash of the module's name (feature
// `_module`) and of the arguments the call writes, flattened as an anonymous resource's
// attributes are. ok is false where an argument's value is not held exactly.
func anonInstanceName(s *scope, call *grammar.ModuleCallExpr, m *types.Made) (string, bool) {
	features := map[string]string{"_module": call.Name.Text}
	if call.Body != nil {
		for _, it := range call.Body.Items {
			a, ok := it.(*grammar.Attribute)
			if !ok || a.Key == nil || a.Value == nil {
				return "", false
			}
			tv, ok := m.Value(a.Value)
			if !ok {
				return "", false
			}
			v := convert(tv)
			// Inside a module the call is named when the module is loaded, before its own
			// arguments are known: a value reading them is not held as Carina holds it.
			if s.prefix != "" && !concrete(v) || v.Kind == Enum {
				return "", false
			}
			if !flatten(a.Key.Text, v, features) {
				return "", false
			}
		}
	}
	return call.Name.Text + "_" + hex16(simhash(features)), true
}

// madeResource adds a resource a scope's statement makes, its values those Made evaluated.
func (c *computer) madeResource(s *scope, f *workspace.File, st *grammar.Stmt, binding string, x *grammar.ResourceExpr, m *types.Made) {
	if x.Read != nil || x.Type == nil || len(x.Type.Parts) < 2 {
		if x.Read != nil {
			c.unsupported(f, st, *x.Read, "data sources are not read: their values are known only to a provider")
		}
		return
	}
	r := &Resource{Provider: x.Type.Parts[0].Text, File: f, Stmt: st, instance: s}
	for i, p := range x.Type.Parts[1:] {
		if i > 0 {
			r.Type += "."
		}
		r.Type += p.Text
	}
	if binding != "" {
		r.Binding = s.prefix + binding + m.Suffix
		r.Identity = r.Binding
		r.Item = m.Suffix
	}
	if x.Body != nil {
		var notes []blockNote
		r.Desired, notes = bodyAttrs(c.schemaOf(x), x.Body, func(v grammar.Expr) Value { return c.scopedValue(s, m, v) })
		for _, n := range notes {
			c.unsupported(f, st, n.span, "%s", n.message)
		}
		if d := directivesBlock(x.Body); d != nil && d.Body != nil {
			r.Directives = c.madeDirectives(s, m, d.Body)
		}
	}
	r.DependsOn = itemDependencies(c.scopedDependsOn(s, st), s.prefix, st)
	c.plan.Resources = append(c.plan.Resources, r)
	if r.Binding == "" {
		c.anonymous = append(c.anonymous, r)
		return
	}
	c.byBinding[r.Binding] = r
	if row := c.row(r, r.Identity); row != nil {
		r.State = row
		c.claimed[row] = true
	}
}

// scopedValue is an expression's value in what Made made, the module's arguments put in and
// its references to its own bindings renamed as the instance names them.
func (c *computer) scopedValue(s *scope, m *types.Made, x grammar.Expr) Value {
	v, ok := m.Value(x)
	if !ok {
		return Value{Kind: Unknown}
	}
	return c.rename(s, convert(types.Instantiate(v, s.args)))
}

// rename prefixes the references of a module's value to the module's own bindings with the
// instance's name.
func (c *computer) rename(s *scope, v Value) Value {
	if s.prefix == "" {
		return v
	}
	switch v.Kind {
	case Ref:
		if v.ref == nil || len(s.cfg.Bindings[v.ref.binding]) == 0 {
			return v
		}
		out := v
		out.Text = s.prefix + v.Text
		out.ref = &refTarget{binding: s.prefix + v.ref.binding, path: v.ref.path}
		return out
	case List, Map, Interp:
		out := v
		out.Elems = make([]Value, len(v.Elems))
		for i, e := range v.Elems {
			out.Elems[i] = c.rename(s, e)
		}
		return out
	}
	return v
}

// madeDirectives reads the directives that change a plan, from what Made evaluated.
func (c *computer) madeDirectives(s *scope, m *types.Made, b *grammar.Block) Directives {
	var d Directives
	flag := func(key string) bool {
		a := b.Attr(key)
		if a == nil || a.Value == nil {
			return false
		}
		v, ok := m.Value(a.Value)
		return ok && v.Shape == types.BoolVal && v.Bool
	}
	d.CreateBeforeDestroy = flag("create_before_destroy")
	d.PreventDestroy = flag("prevent_destroy")
	if a := b.Attr(dependsOnKey()); a != nil {
		if l, ok := a.Value.(*grammar.ListExpr); ok {
			for _, e := range l.Elems {
				if p, ok := e.(*grammar.PathExpr); ok && len(p.Parts) == 1 {
					d.dependsOn = append(d.dependsOn, s.prefix+p.Parts[0].Text)
				}
			}
		}
	}
	return d
}

// scopedDependsOn lists the bindings a scope's statement reads, as the instance names them.
func (c *computer) scopedDependsOn(s *scope, st *grammar.Stmt) []string {
	var out []string
	for _, ref := range s.cfg.Refs {
		if ref.Stmt == st && ref.Dependency() && !slices.Contains(out, s.prefix+ref.Decl.Name) {
			out = append(out, s.prefix+ref.Decl.Name)
		}
	}
	return out
}

// itemDependencies puts in place of a dependency on a `for`'s binding the items the statement
// reads: Carina folds a subscript written before any attribute into the binding a reference
// names, so `bs[0].x` depends on `bs[0]` (and sits under it in the tree), not on `bs`. A
// binding also read otherwise (whole, by a key written as an attribute, in a directive) stays.
// deps are as the scope names them, prefix before each of the statement's own names.
func itemDependencies(deps []string, prefix string, st *grammar.Stmt) []string {
	items := map[string][]string{}
	whole := map[string]bool{}
	grammar.Inspect(st.Node, func(n grammar.Node) bool {
		switch n := n.(type) {
		case *grammar.IndexExpr:
			p, ok := n.X.(*grammar.PathExpr)
			if !ok || len(p.Parts) != 1 {
				return true
			}
			var sub string
			switch i := n.Index.(type) {
			case *grammar.IntLit:
				sub = "[" + strconv.FormatInt(i.Value, 10) + "]"
			case *grammar.StringLit:
				if i.Interpolated() {
					return true
				}
				sub = types.ItemSuffix(i.Value)
			default:
				return true
			}
			b := prefix + p.Parts[0].Text
			if !slices.Contains(items[b], b+sub) {
				items[b] = append(items[b], b+sub)
			}
			return false // the binding read through its item, not whole
		case *grammar.PathExpr:
			if len(n.Parts) > 0 {
				whole[prefix+n.Parts[0].Text] = true
			}
		}
		return true
	})
	if len(items) == 0 {
		return deps
	}
	var out []string
	for _, d := range deps {
		if whole[d] || len(items[d]) == 0 {
			out = append(out, d)
		}
		for _, it := range items[d] {
			if !slices.Contains(out, it) {
				out = append(out, it)
			}
		}
	}
	return out
}

// instance plans a module call: the module's statements, in the instance's scope.
func (c *computer) instance(s *scope, f *workspace.File, st *grammar.Stmt, binding string, call *grammar.ModuleCallExpr, m *types.Made) {
	if call.Name == nil {
		return
	}
	imp := s.cfg.Modules[call.Name.Text]
	if imp == nil || imp.Config == nil {
		c.unsupported(f, st, call.Pos(), "module %s is not loaded: its instance is not planned", call.Name.Text)
		return
	}
	if m.Args == nil {
		c.unsupported(f, st, call.Pos(), "module %s is not expanded (its arguments are missing or do not check): its instance is not planned", call.Name.Text)
		return
	}
	name := s.prefix + binding + m.Suffix
	if binding == "" {
		anon, ok := anonInstanceName(s, call, m)
		if !ok {
			c.unsupported(f, st, call.Pos(), "a module call bound to no let whose arguments are not known before apply is not planned")
			return
		}
		name = s.prefix + anon
	}
	ms := &scope{cfg: imp.Config, info: imp.Config.Types(c.in.Info.Schemas()), name: name, prefix: name + ".", args: m.Args,
		alias: call.Name.Text, source: imp.Source, outer: s.outer, file: f, stmt: st}
	if ms.outer == nil {
		ms.outer = ms
	}
	c.modules = append(c.modules, ms)
	for _, mf := range imp.Config.Files {
		for _, mst := range mf.AST.Stmts {
			if c.ctx.Err() != nil {
				return
			}
			c.moduleStmt(ms, mf, mst)
		}
	}
}

// moduleStmt plans a statement of a module instance.
func (c *computer) moduleStmt(s *scope, f *workspace.File, st *grammar.Stmt) {
	if st.Parsed == nil {
		return
	}
	binding, x := declared(st)
	switch n := st.Node.(type) {
	case *grammar.ModuleCallStmt:
		x = n.Call
	case *grammar.StateBlockStmt:
		// Carina refuses to load such a module (StateBlockInModule): the plan fails.
		c.plan.Errors = append(c.plan.Errors, Problem{File: f, Span: st.Abs(n.Kw),
			Message: fmt.Sprintf("module %s holds a state block (%s): state blocks belong to the root configuration, and Carina refuses the module", s.alias, n.Construct.Keyword())})
		return
	}
	switch x := x.(type) {
	case *grammar.ResourceExpr, *grammar.ModuleCallExpr:
		c.made(s, f, st, binding)
	case *grammar.ForExpr:
		if it, ok := s.info.ExprValue(f.Path, st, x.Iter); !ok || it.Shape != types.ListVal && it.Shape != types.MapVal {
			c.unsupported(f, st, x.Pos(), "a for inside a module over values known after apply is not planned yet")
			return
		}
		c.expandedFor(s, f, st, binding, x)
	case *grammar.IfExpr:
		c.conditional(s, f, st, binding, x)
	case *grammar.WaitExpr:
		if binding != "" {
			c.waits = append(c.waits, pendingWait{file: f, stmt: st, binding: s.prefix + binding, prefix: s.prefix, expr: x, instance: s})
		}
	}
}

// redirect gives what a reference reads when it names something the expansion made: an
// attribute of a module instance (the module's `attributes` value, in the instance), or an item
// of a `for` (`subnets[0].id` reads the resource `subnets[0]`). ok is false otherwise.
func (c *computer) redirect(v Value) (Value, bool) {
	if v.Kind != Ref || v.ref == nil || len(v.ref.path) == 0 || c.byBinding[v.ref.binding] != nil {
		return Value{}, false
	}
	// An item of a for: the binding with its index or key.
	for n := 1; n <= len(v.ref.path); n++ {
		b := v.ref.binding
		for _, p := range v.ref.path[:n] {
			if strings.HasPrefix(p, "[") {
				b += itemIndex(p)
			} else {
				b += "." + p
			}
		}
		if c.byBinding[b] != nil || c.instanceScope(b) != nil {
			out := v
			out.ref = &refTarget{binding: b, path: v.ref.path[n:]}
			if len(out.ref.path) == 0 {
				return Value{}, false // the item itself, not an attribute of it
			}
			if c.byBinding[b] != nil {
				return out, true
			}
			v = out
			break
		}
	}
	s := c.instanceScope(v.ref.binding)
	if s == nil {
		return Value{}, false
	}
	for _, o := range s.cfg.Outputs {
		if o.Exports || o.Name != v.ref.path[0] || o.Decl == nil || o.Decl.Value == nil || o.Stmt == nil {
			continue
		}
		mv, ok := s.info.ExprValue(o.File.Path, o.Stmt, o.Decl.Value)
		if !ok {
			return Value{}, false
		}
		out := c.literal(c.rename(s, convert(types.Instantiate(mv, s.args))))
		for _, p := range v.ref.path[1:] {
			if out.Kind == Ref && out.ref != nil {
				out.ref = &refTarget{binding: out.ref.binding, path: append(slices.Clip(out.ref.path), p)}
				out.Text += "." + p
				continue
			}
			e, ok := out.Get(p)
			if !ok {
				return Value{}, false
			}
			out = e
		}
		return out, true
	}
	return Value{}, false
}

// itemIndex spells a subscript of a reference path as Carina addresses the item: `[0]` as is,
// `["key"]` or `['key']` as the key's address.
func itemIndex(p string) string {
	in := strings.TrimSuffix(strings.TrimPrefix(p, "["), "]")
	if len(in) >= 2 && (in[0] == '"' || in[0] == '\'') && in[len(in)-1] == in[0] {
		return types.ItemSuffix(in[1 : len(in)-1])
	}
	return p
}

// literal puts in place of a reference to an attribute of a resource the value its
// configuration writes, when that holds no reference: Carina's module expansion gives an
// instance's attribute that value.
func (c *computer) literal(v Value) Value {
	if v.Kind != Ref || v.ref == nil || len(v.ref.path) == 0 {
		return v
	}
	t := c.byBinding[v.ref.binding]
	if t == nil {
		return v
	}
	out, ok := written(t, v.ref.path[0])
	if !ok || !concrete(out) {
		return v
	}
	for _, p := range v.ref.path[1:] {
		if out, ok = out.Get(p); !ok {
			return v
		}
	}
	return out
}

// concrete reports whether a value holds nothing known only after apply.
func concrete(v Value) bool {
	switch v.Kind {
	case Ref, Unknown, Interp:
		return false
	case List, Map:
		for _, e := range v.Elems {
			if !concrete(e) {
				return false
			}
		}
	}
	return true
}
