package plan

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Carina expands a top-level `for` when it parses, unless its iterable is known only later:
// an attribute of a resource (known once that resource applies) or an upstream_state's export
// not published yet. Such a `for` is planned as a template (carina-core plan_tree.rs,
// deferred_for_detail_rows): `+ <type> <binding>[*] (N records after <upstream> <verb>)`, its
// header `<- for x in <iterable>`, and its body's attributes, each one that reads the loop
// variable shown `(known after <upstream> <verb>)`. A template over a resource of the
// configuration is a change under that resource in the tree, `applies` when the resource
// changes, else `resolves`; one over anything else is printed after the tree, its upstream the
// iterable, `resolves`. The summary adds `N to add after <upstream> <verb>.` for each.

// Template is a `for` whose items are known only after apply (Op DeferredCreate).
type Template struct {
	Header   string // for opt in cert.domain_validation_options
	Upstream string // what its items wait for: a binding, or the iterable (Residual)
	Verb     string // applies, resolves
	// Residual is a template over something other than a resource of the configuration:
	// printed after the tree.
	Residual bool
	// Replaces are the state's items of an earlier apply (`recs[0]`, ...): Carina folds their
	// deletes into the template, a replace of N (`+/-`, `N to replace after ...`).
	Replaces []*Resource
	iterable string // the iterable's binding
}

// deferredFor plans a top-level `for` whose iterable is not known at parse time; ok is false
// when it is known (expanded at parse time: not planned here) or its shape is one this package
// does not plan.
func (c *computer) deferredFor(f *workspace.File, st *grammar.Stmt, binding string, x *grammar.ForExpr) bool {
	it, ok := c.in.Info.ExprValue(f.Path, st, x.Iter)
	if !ok || it.Shape == types.ListVal || it.Shape == types.MapVal {
		return false
	}
	path, ok := x.Iter.(*grammar.PathExpr)
	if !ok || len(path.Parts) < 2 || len(x.Bindings) != 1 || x.Paren || x.Body == nil || len(x.Body.Lets) > 0 {
		return false
	}
	re, ok := x.Body.Result.(*grammar.ResourceExpr)
	if !ok || re.Read != nil || re.Type == nil || len(re.Type.Parts) < 2 || re.Body == nil {
		return false
	}
	src := path.String()
	r := &Resource{Op: DeferredCreate, Provider: re.Type.Parts[0].Text, Binding: binding, File: f, Stmt: st, diffed: true}
	for i, p := range re.Type.Parts[1:] {
		if i > 0 {
			r.Type += "."
		}
		r.Type += p.Text
	}
	r.Template = &Template{Header: "for " + x.Bindings[0].Text + " in " + src, iterable: path.Parts[0].Text}
	for _, item := range re.Body.Items {
		a, ok := item.(*grammar.Attribute)
		if !ok || a.Key == nil || a.Value == nil {
			return false
		}
		v, ok := c.in.Info.ExprValue(f.Path, st, a.Value)
		if !ok {
			return false
		}
		tv, ok := templateValue(v)
		if !ok {
			return false
		}
		r.Desired = append(r.Desired, Attr{Name: a.Key.Text, Value: tv})
	}
	r.DependsOn = []string{path.Parts[0].Text}
	if binding != "" {
		c.byBinding[binding] = r
	}
	c.plan.Resources = append(c.plan.Resources, r)
	return true
}

// templateValue is a template attribute's value: what the loop variable gives unknown.
func templateValue(v types.Value) (Value, bool) {
	switch v.Shape {
	case types.Unknowable:
		return Value{Kind: Unknown, loop: true}, true
	case types.ListVal:
		out := Value{Kind: List}
		for _, e := range v.Elems {
			ev, ok := templateValue(e)
			if !ok {
				return Value{}, false
			}
			out.Elems = append(out.Elems, ev)
		}
		return out, true
	}
	out := convert(v)
	return out, out.Kind != Unknown && out.Kind != Interp && out.Kind != Map && out.Kind != Secret
}

// settleTemplates decides each template's upstream and verb once the other changes are known.
func (c *computer) settleTemplates() {
	for _, r := range c.plan.Resources {
		t := r.Template
		if t == nil {
			continue
		}
		src := strings.TrimPrefix(t.Header, "for ")
		src = src[strings.Index(src, " in ")+4:]
		u := c.byBinding[t.iterable]
		if u == nil || u.Template != nil {
			t.Upstream, t.Verb, t.Residual = src, "resolves", true
			continue
		}
		t.Upstream, t.Verb = t.iterable, "resolves"
		if u.Op != NoChange {
			t.Verb = "applies"
		}
	}
}

// absorbDeletes folds into each template over a resource of the configuration the deletes of
// its earlier items, as Carina's add_deferred_create_effects does: a current delete of the
// template's resource type whose binding is the template's with an index, `recs[0]`.
func (c *computer) absorbDeletes() {
	absorbed := map[*Resource]bool{}
	for _, t := range c.plan.Resources {
		if t.Template == nil || t.Template.Residual || t.Binding == "" {
			continue
		}
		for _, d := range c.plan.Resources {
			if d.Op != Delete || d.Deposed != nil || absorbed[d] || d.Type != t.Type || !itemOf(d.Binding, t.Binding) {
				continue
			}
			absorbed[d] = true
			t.Template.Replaces = append(t.Template.Replaces, d)
		}
	}
	if len(absorbed) > 0 {
		c.plan.Resources = slices.DeleteFunc(c.plan.Resources, func(r *Resource) bool { return absorbed[r] })
	}
}

// itemOf reports whether binding names an item of a for bound to name: name[<digits>].
func itemOf(binding, name string) bool {
	rest, ok := strings.CutPrefix(binding, name+"[")
	if !ok {
		return false
	}
	digits, ok := strings.CutSuffix(rest, "]")
	return ok && digits != "" && strings.Trim(digits, "0123456789") == ""
}

// templateAction is what the summary line says a template does: add, or replace the items of
// an earlier apply.
func templateAction(t *Template) string {
	if len(t.Replaces) > 0 {
		return "replace"
	}
	return "add"
}

// templateRows are a template's lines: its header, then its attributes by name.
func templateRows(r *Resource) []string {
	t := r.Template
	rows := []string{"<- " + t.Header}
	attrs := slices.Clone(r.Desired)
	slices.SortStableFunc(attrs, func(a, b Attr) int { return strings.Compare(a.Name, b.Name) })
	placeholder := "(known after " + t.Upstream + " " + t.Verb + ")"
	for _, a := range attrs {
		s := templateText(a.Value, placeholder)
		// A list of one unknown prints as the unknown alone.
		if in, ok := strings.CutPrefix(s, "["); ok && strings.HasSuffix(in, "]") {
			if in = strings.TrimSuffix(in, "]"); strings.HasPrefix(in, "(known after ") && !strings.Contains(in, ",") {
				s = in
			}
		}
		rows = append(rows, a.Name+": "+s)
	}
	return rows
}

// templateText prints a template value inline, the loop's unknowns as placeholder.
func templateText(v Value, placeholder string) string {
	switch {
	case v.Kind == Unknown && v.loop:
		return placeholder
	case v.Kind == List:
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i] = templateText(e, placeholder)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return v.Display()
}

// templateName is a template's name in its header line.
func templateName(r *Resource) string {
	note := "(N records after " + r.Template.Upstream + " " + r.Template.Verb + ")"
	if r.Binding == "" || r.Template.Residual {
		return note
	}
	return r.Binding + "[*] " + note
}
