package plan

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// value converts a configured value. A reference keeps its text; diff resolves it against the
// state of what it names.
func (c *computer) value(f *workspace.File, st *grammar.Stmt, x grammar.Expr) Value {
	v, ok := c.in.Info.ExprValue(f.Path, st, x)
	if !ok {
		return Value{Kind: Unknown}
	}
	return convert(v)
}

func convert(v types.Value) Value {
	switch v.Shape {
	case types.Str:
		return Value{Kind: Str, Text: v.Text}
	case types.Enum:
		return Value{Kind: Enum, Text: v.Text}
	case types.IntVal:
		return Value{Kind: Int, Int: v.Int}
	case types.DurationVal:
		return Value{Kind: Int, Int: v.Int, duration: true}
	case types.FloatVal:
		return Value{Kind: Float, Float: v.Float}
	case types.BoolVal:
		return Value{Kind: Bool, Bool: v.Bool}
	case types.ListVal:
		out := Value{Kind: List}
		for _, e := range v.Elems {
			out.Elems = append(out.Elems, convert(e))
		}
		return out
	case types.MapVal:
		out := Value{Kind: Map, Keys: v.Keys}
		for _, e := range v.Elems {
			out.Elems = append(out.Elems, convert(e))
		}
		return out
	case types.Ref:
		text := v.Text
		for _, p := range v.Path {
			if len(p) > 0 && p[0] == '[' {
				text += p
			} else {
				text += "." + p
			}
		}
		return Value{Kind: Ref, Text: text, ref: &refTarget{binding: v.Text, path: v.Path}}
	case types.SecretVal:
		return configuredSecret(v)
	case types.Interp:
		out := Value{Kind: Interp}
		for _, e := range v.Elems {
			out.Elems = append(out.Elems, convert(e))
		}
		return out
	case types.Call:
		if v.Text == "secret" {
			return configuredSecret(v)
		}
	}
	return Value{Kind: Unknown}
}

// configuredSecret converts secret(x): x as Carina hashes it, when known here.
func configuredSecret(v types.Value) Value {
	if len(v.Elems) == 1 {
		if plain, ok := secretPlain(v.Elems[0]); ok {
			return Value{Kind: Secret, secret: &configured{plain: plain}}
		}
	}
	return Value{Kind: Secret}
}

// resolve replaces references to resources whose state is kept by their stored values, enum
// identifiers by their wire values, as Carina's --refresh=false plan resolves them.
func (c *computer) resolve(v Value, path []string, typ string) Value {
	switch v.Kind {
	case Interp:
		parts := make([]Value, len(v.Elems))
		var text strings.Builder
		known, masked := true, false
		for i, e := range v.Elems {
			parts[i] = c.resolve(e, nil, "")
			masked = masked || parts[i].masked
			switch p := parts[i]; p.Kind {
			case Str:
				text.WriteString(p.Text)
			case Int:
				text.WriteString(strconv.FormatInt(p.Int, 10))
			case Bool:
				text.WriteString(strconv.FormatBool(p.Bool))
			default:
				known = false
			}
		}
		if known {
			if masked {
				// A write-only attribute's text inside: the string holds it, never displayed.
				return mask(Value{Kind: Str, Text: text.String()})
			}
			return Value{Kind: Str, Text: text.String()}
		}
		return Value{Kind: Interp, Elems: parts}
	case Ref:
		if _, upstream := c.in.Config.Upstreams[v.ref.binding]; upstream {
			return c.upstream(v)
		}
		if out, ok := c.redirect(v); ok {
			return c.resolve(out, path, typ)
		}
		t := c.byBinding[v.ref.binding]
		if t == nil {
			t = c.waitTarget(v.ref.binding)
		}
		if t == nil || len(v.ref.path) == 0 {
			return v
		}
		c.diff(t)
		var out Value
		if a, ok := written(t, v.ref.path[0]); ok && a.Kind != Ref && a.Kind != Unknown {
			out = a // what the configuration writes is what the attribute will hold
		} else {
			if t.State == nil || t.Op == Replace || t.Op == Create || t.MovedFrom != "" {
				return v // known after apply (a moved row is read under its new address only then)
			}
			sv, ok := t.State.Attributes.Get(v.ref.path[0])
			if !ok {
				return v
			}
			out = fromState(sv)
			if slices.Contains(t.State.WriteOnly, v.ref.path[0]) {
				out = mask(out) // a write-only attribute's stored text: read, never displayed
			}
		}
		for _, p := range v.ref.path[1:] {
			e, ok := out.Get(p)
			if !ok {
				return v
			}
			out = e
		}
		return out
	case Enum:
		if c.in.Schemas != nil {
			if wire, ok := c.in.Schemas.EnumWire(typ, path, v.Text); ok {
				return Value{Kind: Str, Text: wire, enum: v.Text}
			}
		}
		return v
	case List:
		out := v
		out.Elems = make([]Value, len(v.Elems))
		for i, e := range v.Elems {
			out.Elems[i] = c.resolve(e, append(slices.Clip(path), "[]"), typ)
		}
		return out
	case Map:
		out := v
		out.Elems = make([]Value, len(v.Elems))
		for i, e := range v.Elems {
			out.Elems[i] = c.resolve(e, append(slices.Clip(path), v.Keys[i]), typ)
		}
		return out
	}
	return v
}

// written returns the value a resource's configuration writes for an attribute.
func written(r *Resource, name string) (Value, bool) {
	for _, a := range r.Desired {
		if a.Name == name {
			return a.Value, true
		}
	}
	return Value{}, false
}

// diff decides a resource's operation and changes (once; a reference may ask first).
func (c *computer) diff(r *Resource) {
	if r.diffed {
		return
	}
	r.diffed = true
	// The display compares within a change as the differ did; a diff the memo gives back
	// needs it too.
	r.schema = c.differ(r).rs
	if r.memo == nil {
		c.diffOnce(r)
		return
	}
	reads, ok := c.readsKey(r)
	if ok && r.reuseDiff(reads) {
		return
	}
	c.diffOnce(r)
	if ok {
		r.keepDiff(reads)
	} else {
		r.memo.diffed = nil
	}
}

func (c *computer) diffOnce(r *Resource) {
	r.written = make([]Value, len(r.Desired))
	for i, a := range r.Desired {
		r.written[i] = a.Value
		r.Desired[i].Value = c.resolve(a.Value, []string{a.Name}, r.Provider+"."+r.Type)
	}
	if r.State == nil {
		r.Op = Create
		if r.ImportID != "" {
			r.Op = Import
		}
		return
	}
	d := c.differ(r)
	written := map[string]bool{}
	for _, a := range r.Desired {
		written[a.Name] = true
		sv, has := r.State.Attributes.Get(a.Name)
		var old Value
		if has {
			old = project(fromState(sv), child(r.State.Explicit, a.Name))
			if slices.Contains(r.State.WriteOnly, a.Name) {
				old = mask(old) // stored from the configuration, never shown
			}
		}
		if has && hasConfiguredSecret(a.Value) {
			// Bound to its resource, a configured secret compares with the stored hash.
			a.Value = stamp(a.Value, secretSalt(r.State, a.Name), c.secrets)
			old = hideUnderSecrets(a.Value, old)
		}
		if has && d.same(a.Value, old, d.attr(a.Name)) {
			r.UnchangedLen++
			continue
		}
		r.Changes = append(r.Changes, Change{Name: a.Name, Old: old, HasOld: has, New: a.Value, HasNew: true})
	}
	// What the last apply wrote and the configuration no longer does is removed.
	if r.State.Explicit.Kind == state.Struct {
		var gone []string
		for k := range r.State.Explicit.Children {
			if !written[k] {
				if _, has := r.State.Attributes.Get(k); has {
					gone = append(gone, k)
				}
			}
		}
		slices.Sort(gone)
		for _, k := range gone {
			sv, _ := r.State.Attributes.Get(k)
			old := project(fromState(sv), child(r.State.Explicit, k))
			if slices.Contains(r.State.WriteOnly, k) {
				old = mask(old)
			}
			r.Changes = append(r.Changes, Change{Name: k, Old: old, HasOld: true})
		}
	}
	for i, ch := range r.Changes {
		if c.createOnly(r, ch.Name) {
			r.Changes[i].Forces = true
			r.Forcing = append(r.Forcing, ch.Name)
		}
	}
	switch {
	case len(r.Changes) == 0 && r.MovedFrom != "":
		r.Op = Move
	case len(r.Changes) == 0:
		r.Op = NoChange
	case len(r.Forcing) > 0:
		r.Op = Replace
	default:
		r.Op = Update
	}
}

// same compares a configured value with a stored one. A configured secret compares with the
// stored hash as Carina's does (sameSecret).
func same(desired, stored Value) bool {
	if desired.Kind == Secret {
		return sameSecret(desired, stored)
	}
	if stored.Kind == Secret {
		return false
	}
	if desired.Kind == Enum && stored.Kind == Str {
		// Without the enum's schema, an identifier names its member by its last segment.
		return desired.Text[strings.LastIndexByte(desired.Text, '.')+1:] == stored.Text
	}
	if desired.Kind == Map && stored.Kind == Map {
		if len(desired.Keys) != len(stored.Keys) {
			return false
		}
		for i, k := range desired.Keys {
			sv, ok := stored.Get(k)
			if !ok || !same(desired.Elems[i], sv) {
				return false
			}
		}
		return true
	}
	if desired.Kind == List && stored.Kind == List {
		if len(desired.Elems) != len(stored.Elems) {
			return false
		}
		for i := range desired.Elems {
			if !same(desired.Elems[i], stored.Elems[i]) {
				return false
			}
		}
		return true
	}
	return Equal(desired, stored)
}

// child is the explicit record of a top-level attribute.
func child(e state.Explicit, name string) *state.Explicit {
	if e.Kind != state.Struct {
		return nil
	}
	return e.Children[name]
}

// project keeps of a stored value what the user wrote, as the last apply recorded it: provider
// defaults inside a struct the user wrote part of are no change.
func project(v Value, e *state.Explicit) Value {
	if e == nil {
		return v
	}
	switch e.Kind {
	case state.Struct:
		if v.Kind != Map {
			return v
		}
		out := Value{Kind: Map}
		for i, k := range v.Keys {
			if c, ok := e.Children[k]; ok {
				out.Keys = append(out.Keys, k)
				out.Elems = append(out.Elems, project(v.Elems[i], c))
			}
		}
		return out
	case state.List:
		if v.Kind != List {
			return v
		}
		out := Value{Kind: List}
		for _, el := range v.Elems {
			out.Elems = append(out.Elems, project(el, e.Element))
		}
		return out
	case state.ListElements:
		if v.Kind != List {
			return v
		}
		out := Value{Kind: List}
		for i, el := range v.Elems {
			if i < len(e.Elements) {
				el = project(el, e.Elements[i])
			}
			out.Elems = append(out.Elems, el)
		}
		return out
	}
	return v
}

// deletes plans the rows of the state no resource of the configuration claims, and every
// deposed instance.
func (c *computer) deletes() {
	if c.in.State == nil {
		return
	}
	for _, row := range c.in.State.Resources {
		if b := c.blockFrom(grammar.RemovedConstruct, row); b != nil && row.HasIdentifier && !c.claimed[row] {
			c.plan.Resources = append(c.plan.Resources, &Resource{Op: Remove, Provider: row.Provider, Type: row.Type,
				Identity: row.Identity, State: row, File: b.file, Stmt: b.stmt, diffed: true})
			continue
		}
		if b := c.blockFrom(grammar.MovedConstruct, row); b != nil && row.HasIdentifier && !c.claimed[row] {
			// Carina renames the row even when nothing is declared at the new address.
			c.plan.Resources = append(c.plan.Resources, &Resource{Op: Move, Provider: row.Provider, Type: row.Type,
				Identity: b.to.identity, MovedFrom: row.Identity, State: row, File: b.file, Stmt: b.stmt, diffed: true})
			continue
		}
		if row.HasIdentifier && !c.claimed[row] {
			c.plan.Resources = append(c.plan.Resources, &Resource{
				Op: Delete, Provider: row.Provider, Type: row.Type, Identity: row.Identity, Binding: row.Binding,
				State: row, DependsOn: row.DependsOn, Directives: Directives{PreventDestroy: row.Directives.PreventDestroy}, diffed: true,
			})
		}
		for i := range row.Deposed {
			d := &row.Deposed[i]
			c.plan.Resources = append(c.plan.Resources, &Resource{
				Op: Delete, Provider: row.Provider, Type: row.Type, Identity: row.Identity, Binding: row.Binding,
				State: row, Deposed: d, DependsOn: d.DependsOn, diffed: true,
			})
		}
	}
}

// preventDestroy refuses the plan that deletes or replaces a resource with prevent_destroy,
// with Carina's messages.
func (c *computer) preventDestroy() {
	for _, r := range c.plan.Resources {
		var msg string
		switch {
		case r.Op == Replace && r.Directives.PreventDestroy:
			msg = "resource has prevent_destroy set, but the plan would replace it (which requires destroying the old resource)"
		case r.Op == Delete && r.Deposed == nil && r.Directives.PreventDestroy:
			msg = "resource has prevent_destroy set, but the plan would delete it (resource removed from configuration)"
		default:
			continue
		}
		p := Problem{File: r.File, Message: fmt.Sprintf("%s.%s %s: %s", r.Provider, r.Type, r.Identity, msg)}
		if r.Stmt != nil {
			p.Span = grammar.Span{Start: r.Stmt.Offset, End: r.Stmt.End}
		}
		c.plan.Errors = append(c.plan.Errors, p)
	}
}

// upstream resolves a reference to an upstream_state's export from that configuration's state
// file, as Carina's plan reads it; an export it does not publish (yet) is known after the
// upstream's apply.
func (c *computer) upstream(v Value) Value {
	unknown := Value{Kind: Unknown, Text: "(known after upstream apply: " + v.Text + ")", ref: v.ref, upstream: true}
	st := c.upstreamState(v.ref.binding)
	if st == nil || len(v.ref.path) == 0 {
		return unknown
	}
	sv, ok := st.Exports.Get(v.ref.path[0])
	if !ok {
		return unknown
	}
	out := fromState(sv)
	for _, p := range v.ref.path[1:] {
		if out, ok = member(out, p); !ok {
			return unknown
		}
	}
	return out
}

// member is a path segment's value: a field or map key, `[0]` an index, `['k']` or `["k"]` a key.
func member(v Value, seg string) (Value, bool) {
	if strings.HasPrefix(seg, "[") && strings.HasSuffix(seg, "]") {
		in := seg[1 : len(seg)-1]
		if n, err := strconv.Atoi(in); err == nil {
			if v.Kind != List || n < 0 || n >= len(v.Elems) {
				return Value{}, false
			}
			return v.Elems[n], true
		}
		if len(in) >= 2 && (in[0] == '"' || in[0] == '\'') && in[len(in)-1] == in[0] {
			seg = in[1 : len(in)-1]
		}
	}
	return v.Get(seg)
}

// upstreamState reads an upstream_state's state file once; a missing one is nil, a damaged one
// an error of the plan at the upstream_state.
func (c *computer) upstreamState(binding string) *state.File {
	if st, ok := c.upstreams[binding]; ok {
		return st
	}
	imp := c.in.Config.Upstreams[binding]
	var st *state.File
	if imp != nil && imp.Config != nil {
		loc := state.Locate(imp.Config)
		var err error
		st, err = state.Load(c.ctx, c.in.Open, loc, 0)
		if err != nil && !errors.Is(err, state.ErrRemote) {
			p := Problem{Message: fmt.Sprintf("upstream_state %s: %v", binding, err)}
			if imp.Decl != nil {
				p.File, p.Span = imp.Decl.File, imp.Decl.NameSpan
			}
			c.plan.Errors = append(c.plan.Errors, p)
		}
		if err != nil {
			st = nil
		}
	}
	if c.upstreams == nil {
		c.upstreams = map[string]*state.File{}
	}
	c.upstreams[binding] = st
	return st
}
