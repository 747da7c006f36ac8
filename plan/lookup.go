package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Of returns the resource a top-level statement of f declares, or nil: what the editor shows on
// a statement (its code lens, its hover, the diagnostic on a replacing edit). A statement that
// makes several (a for's items, a module instantiated more than once) is no one resource: nil.
func (p *Plan) Of(f *workspace.File, st *grammar.Stmt) *Resource {
	var found *Resource
	for _, r := range p.Resources {
		if r.Stmt == st && r.File == f {
			if found != nil {
				return nil
			}
			found = r
		}
	}
	return found
}

// Instance is a module instance a top-level statement calls, as the editor shows it on that
// statement: the statement declares none of its resources itself.
type Instance struct {
	// Name is the instance's address ("net", "nets[0]", "net_<16 hex>"), Module the `use`
	// binding it calls and Source that use's source as written.
	Name, Module, Source string
	// Resources are its changes in plan order, those of the instances inside it too; a row of
	// it the apply deletes is not among them (no statement declares it any more).
	Resources []*Resource
}

// Summary counts the instance's operations as the plan's summary line does.
func (in Instance) Summary() Summary { return summarize(in.Resources) }

// Brief is the counts that are not zero, in the summary line's order ("2 to add, 1 to
// change"), or "no changes".
func (s Summary) Brief() string {
	var parts []string
	for _, c := range []struct {
		n    int
		what string
	}{{s.Import, "to import"}, {s.Create, "to add"}, {s.Update, "to change"}, {s.Replace, "to replace"},
		{s.Delete, "to destroy"}, {s.Remove, "to remove from state"}, {s.Move, "to move"}, {s.Wait, "to wait"}} {
		if c.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c.n, c.what))
		}
	}
	if len(parts) == 0 {
		return "no changes"
	}
	return strings.Join(parts, ", ")
}

// Instances returns the module instances a top-level statement of f calls, in the order they
// are planned: one for a call, one an item for a `for` of calls, none for another statement.
func (p *Plan) Instances(f *workspace.File, st *grammar.Stmt) []Instance {
	return p.InstancesIn(f)[st]
}

// InstancesIn returns the module instances each top-level statement of f calls, as Instances
// does, in one pass over the plan (the code lenses ask for every statement of a file).
func (p *Plan) InstancesIn(f *workspace.File) map[*grammar.Stmt][]Instance {
	out := map[*grammar.Stmt][]Instance{}
	at := map[*scope]int{}
	for _, r := range p.Resources {
		if r.instance == nil || r.instance.outer == nil || r.instance.outer.file != f {
			continue
		}
		s := r.instance.outer
		i, ok := at[s]
		if !ok {
			i = len(out[s.stmt])
			at[s] = i
			out[s.stmt] = append(out[s.stmt], Instance{Name: s.name, Module: s.alias, Source: s.source})
		}
		out[s.stmt][i].Resources = append(out[s.stmt][i].Resources, r)
	}
	return out
}

// AttrKey returns where the resource's statement writes a top-level attribute's key, absolute in
// its file; ok is false for a resource without a statement or an attribute it does not write.
func (r *Resource) AttrKey(name string) (sp grammar.Span, ok bool) {
	if r.Stmt == nil {
		return grammar.Span{}, false
	}
	_, x := declared(r.Stmt)
	re, _ := x.(*grammar.ResourceExpr)
	if re == nil || re.Body == nil {
		return grammar.Span{}, false
	}
	for _, it := range re.Body.Items {
		if a, ok := it.(*grammar.Attribute); ok && a.Key != nil && a.Key.Text == name {
			return r.Stmt.Abs(a.Key.Span), true
		}
	}
	return grammar.Span{}, false
}

// Dependents returns a function that gives the bindings of the resources whose values read a
// binding's, directly or through others, in plan order: what follows a replacement of it. The
// reverse edges are built once, so asking for every resource costs the edges, not their square.
// A wait is passed through, not listed: what reads it follows its target.
func (p *Plan) Dependents() func(binding string) []string {
	readers := map[string][]string{}
	order := map[string]int{}
	waits := map[string]bool{}
	for i, r := range p.Resources {
		if r.Binding == "" {
			continue
		}
		if r.Op == Wait {
			waits[r.Binding] = true
		}
		if _, ok := order[r.Binding]; !ok {
			order[r.Binding] = i
		}
		for _, d := range r.DependsOn {
			readers[d] = append(readers[d], r.Binding)
		}
	}
	return func(binding string) []string {
		if binding == "" {
			return nil
		}
		seen := map[string]bool{binding: true}
		queue := []string{binding}
		var out []string
		for len(queue) > 0 {
			b := queue[0]
			queue = queue[1:]
			for _, r := range readers[b] {
				if !seen[r] {
					seen[r] = true
					if !waits[r] {
						out = append(out, r)
					}
					queue = append(queue, r)
				}
			}
		}
		slices.SortFunc(out, func(a, b string) int { return order[a] - order[b] })
		return out
	}
}

// Headline says in one line what the apply does to the resource, as the editor's code lens shows
// it: "+ create", "~ update: cidr_block, tags", "-/+ replace: cidr_block is create-only",
// "- delete awscc.s3.Bucket logs", "no changes"; a for's item or a module instance's resource
// is named first ("bs[0]: + create").
func (r *Resource) Headline() string {
	var s string
	switch r.Op {
	case NoChange:
		s = "no changes"
	case Create:
		s = "+ create"
	case Update:
		s = "~ update"
		if names := r.changed(); len(names) > 0 {
			s += ": " + strings.Join(names, ", ")
		}
	case Replace:
		sign := "-/+"
		if r.Directives.CreateBeforeDestroy {
			sign = "+/-"
		}
		verb := " is"
		if len(r.Forcing) > 1 {
			verb = " are"
		}
		s = sign + " replace: " + strings.Join(r.Forcing, ", ") + verb + " create-only"
	case Delete:
		s = "- delete " + r.Provider + "." + r.Type + " " + r.Identity
		if r.Deposed != nil {
			s += " (deposed)"
		}
	case Import:
		s = "<- import " + r.ImportID
	case Remove:
		s = "~ remove from state (it keeps running)"
	case Move:
		return "-> moved from " + r.MovedFrom
	case Wait:
		return "> wait until " + r.Until
	}
	if r.MovedFrom != "" {
		s += " (moved from " + r.MovedFrom + ")"
	}
	if (r.Item != "" || r.instance != nil && r.instance.name != "") && r.Op != Delete {
		// One of the resources its statement makes: which one.
		s = r.Identity + ": " + s
	}
	return s
}

// changed returns the names of the attributes an update changes, as the display shows them.
func (r *Resource) changed() []string {
	shown := r.Shown()
	out := make([]string, 0, len(shown))
	for _, ch := range shown {
		out = append(out, ch.Name)
	}
	return out
}
