package plan

import (
	"strings"
)

// Carina names a module call bound to no let by a SimHash of its arguments
// (anonInstanceName), so editing an argument renames the instance. Before it diffs, it pairs
// each such instance with no row under its name with the one instance in state of the same
// module whose SimHash is nearest, within the tolerance, and no current instance holds
// (carina-core module_resolver, reconcile_anonymous_module_instances): the instance takes the
// stored name, and its resources their rows, instead of a delete and a create.

// syntheticInstance splits an instance's name `<module>_<16 hex>` into the module and the
// SimHash, as Carina recognises the names it made.
func syntheticInstance(name string) (module string, h uint64, ok bool) {
	i := strings.LastIndexByte(name, '_')
	if i <= 0 {
		return "", 0, false
	}
	h, ok = simhashSuffix(name)
	return name[:i], h, ok
}

// reconcileInstances renames each outermost instance bound to no let that has no state row
// under its name to the stored instance Carina pairs it with.
func (c *computer) reconcileInstances() {
	if c.in.State == nil {
		return
	}
	current := map[string]map[uint64]bool{}
	claimedCurrent := map[string]map[uint64]bool{}
	touched := map[[2]string]bool{}
	var lone []*scope
	for _, s := range c.modules {
		if s.outer != s {
			continue
		}
		m, h, ok := syntheticInstance(s.name)
		if !ok {
			continue
		}
		if current[m] == nil {
			current[m], claimedCurrent[m] = map[uint64]bool{}, map[uint64]bool{}
		}
		current[m][h] = true
		lone = append(lone, s)
	}
	if len(lone) == 0 {
		return
	}
	for _, r := range c.plan.Resources {
		if r.instance == nil || r.instance.outer == nil {
			continue
		}
		touched[[2]string{r.Provider, r.Type}] = true
		if m, h, ok := syntheticInstance(r.instance.outer.name); ok && r.Identity != "" && c.claimsTo(address{r.Provider, r.Type, r.Identity}) {
			claimedCurrent[m][h] = true
		}
	}
	stored := map[string]map[uint64]bool{}
	claimedStored := map[string]map[uint64]bool{}
	for _, row := range c.in.State.Resources {
		if !touched[[2]string{row.Provider, row.Type}] {
			continue
		}
		prefix, _, ok := strings.Cut(row.Identity, ".")
		if !ok {
			continue
		}
		m, h, ok := syntheticInstance(prefix)
		if !ok {
			continue
		}
		if stored[m] == nil {
			stored[m], claimedStored[m] = map[uint64]bool{}, map[uint64]bool{}
		}
		stored[m][h] = true
		if c.claimsFrom(address{row.Provider, row.Type, row.Identity}) {
			claimedStored[m][h] = true
		}
	}
	for _, s := range lone {
		m, h, _ := syntheticInstance(s.name)
		if stored[m][h] || claimedCurrent[m][h] {
			continue
		}
		var best uint64
		bestD, found, unique := 0, false, true
		for sh := range stored[m] {
			if current[m][sh] || claimedStored[m][sh] {
				continue
			}
			d := popcount(h ^ sh)
			if d >= simhashTolerance {
				continue
			}
			switch {
			case !found || d < bestD:
				best, bestD, found, unique = sh, d, true, true
			case d == bestD:
				unique = false
			}
		}
		if found && unique {
			c.renameInstance(s, m+"_"+hex16(best))
		}
	}
}

// renameInstance gives an outermost instance, and every instance inside it, another name: its
// resources' bindings, identities, references and dependencies follow, and each bound resource
// then takes the row stored under its new name.
func (c *computer) renameInstance(s *scope, name string) {
	old := s.prefix
	for _, m := range c.modules {
		if m.outer == s {
			m.name = name + strings.TrimPrefix(m.name, s.name)
			m.prefix = name + "." + strings.TrimPrefix(m.prefix, old)
		}
	}
	re := func(b string) string {
		if strings.HasPrefix(b, old) {
			return s.prefix + strings.TrimPrefix(b, old)
		}
		return b
	}
	for i := range c.waits {
		w := &c.waits[i]
		if w.instance != nil && w.instance.outer == s {
			w.binding, w.prefix = re(w.binding), re(w.prefix)
		}
	}
	for _, r := range c.plan.Resources {
		if r.instance == nil || r.instance.outer != s {
			continue
		}
		for i := range r.Desired {
			r.Desired[i].Value = renameRefs(r.Desired[i].Value, re)
		}
		for i, d := range r.DependsOn {
			r.DependsOn[i] = re(d)
		}
		for i, d := range r.Directives.dependsOn {
			r.Directives.dependsOn[i] = re(d)
		}
		if r.Binding == "" {
			continue // named later, under the instance's new name
		}
		if c.byBinding[r.Binding] == r {
			delete(c.byBinding, r.Binding)
		}
		r.Binding, r.Identity = re(r.Binding), re(r.Identity)
		c.byBinding[r.Binding] = r
		if r.State == nil {
			if row := c.row(r, r.Identity); row != nil {
				r.State = row
				c.claimed[row] = true
			}
		}
	}
}

// renameRefs renames the bindings a value's references read.
func renameRefs(v Value, re func(string) string) Value {
	switch v.Kind {
	case Ref:
		if v.ref == nil || re(v.ref.binding) == v.ref.binding {
			return v
		}
		out := v
		out.Text = re(v.Text)
		out.ref = &refTarget{binding: re(v.ref.binding), path: v.ref.path}
		return out
	case List, Map, Interp:
		out := v
		out.Elems = make([]Value, len(v.Elems))
		for i, e := range v.Elems {
			out.Elems[i] = renameRefs(e, re)
		}
		return out
	}
	return v
}
