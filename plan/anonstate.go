package plan

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/state"
)

// simhashTolerance is Carina's SIMHASH_HAMMING_THRESHOLD: a SimHash name pairs with a stored
// one that differs in fewer bits.
const simhashTolerance = 20

// identifySchemaAnonymous names the anonymous resources of types with a provider schema as
// Carina does and gives each the state row Carina's reconciliation gives it. A resource whose
// name or create-only values are not held exactly is left to resolveAnonymous.
func (c *computer) identifySchemaAnonymous() {
	s, ok := c.in.Schemas.(AnonymousSchemas)
	if !ok {
		return
	}
	type named struct {
		r  *Resource
		co map[string]string // create-only attribute → compared text
	}
	var ours []named
	rest := c.anonymous[:0:0]
	for _, r := range c.anonymous {
		typ := r.Provider + "." + r.Type
		if !s.Knows(typ) {
			rest = append(rest, r)
			continue
		}
		id, ok := c.schemaIdentity(s, r)
		co, cok := c.createOnlyTexts(s, r)
		if !ok || !cok {
			rest = append(rest, r)
			continue
		}
		r.Identity = id
		ours = append(ours, named{r, co})
	}
	// Two resources of one name: Carina refuses the configuration ("identifier collision").
	count := map[address]int{}
	for _, n := range ours {
		count[address{n.r.Provider, n.r.Type, n.r.Identity}]++
	}
	used := map[address]bool{}
	for _, r := range c.plan.Resources {
		if r.Identity != "" {
			used[address{r.Provider, r.Type, r.Identity}] = true
		}
	}
	for _, n := range ours {
		r := n.r
		if count[address{r.Provider, r.Type, r.Identity}] > 1 {
			r.Identity, r.Unresolved = "", true
			continue
		}
		if row := c.row(r, r.Identity); row != nil {
			r.State = row
			c.claimed[row] = true
			continue
		}
		if c.claimsTo(address{r.Provider, r.Type, r.Identity}) || c.in.State == nil {
			continue
		}
		free := func(row *state.Resource) bool {
			a := address{row.Provider, row.Type, row.Identity}
			return row.Provider == r.Provider && row.Type == r.Type && row.Identity != r.Identity &&
				!used[a] && !c.claimed[row] && !c.claimsFrom(a)
		}
		var row *state.Resource
		if len(n.co) == 0 {
			row = c.nearestSimhash(r, free)
		} else {
			row = c.createOnlyMatch(n.co, free)
		}
		if row == nil {
			continue
		}
		if len(n.co) > 0 {
			r.Identity = row.Identity // Carina takes the row's name
		}
		// A SimHash pair keeps the new name: Carina renames the row to it.
		r.State = row
		c.claimed[row] = true
	}
	c.anonymous = rest
}

// createOnlyTexts returns the compared texts of a resource's create-only values; a reference
// to a resource's attribute reads the one row stored under that binding. ok is false where a
// value's text is not known exactly.
func (c *computer) createOnlyTexts(s AnonymousSchemas, r *Resource) (map[string]string, bool) {
	typ := r.Provider + "." + r.Type
	createOnly, _ := s.AnonymousKeys(typ)
	prefixes, ok := namePrefixes(s, r)
	if !ok {
		return nil, false
	}
	out := map[string]string{}
	for _, name := range createOnly {
		if _, ok := prefixes[name]; ok {
			// Carina compares the name it generated, prefix and random suffix, which no stored
			// text equals; a byte no decoded JSON string holds stands for it.
			out[name] = "\xff"
			continue
		}
		a, ok := attrNamed(r, name)
		if !ok {
			continue
		}
		if a.Value.Kind == Ref {
			if t, ok := c.boundText(a.Value); ok {
				out[name] = t
			}
			continue
		}
		v, ok := c.canonical(s, typ, a)
		if !ok {
			return nil, false
		}
		t, ok := coText(v)
		if !ok {
			return nil, false
		}
		out[name] = t
	}
	return out, true
}

// boundText is the stored text a reference `binding.attr` reads: that of the one row stored
// with the binding (a bare binding: among rows not inside a module), if there is one.
func (c *computer) boundText(v Value) (string, bool) {
	if c.in.State == nil || len(v.ref.path) != 1 {
		return "", false
	}
	var found *state.Resource
	for _, row := range c.in.State.Resources {
		if row.Binding != v.ref.binding || containsDot(row.Identity) && !containsDot(v.ref.binding) {
			continue
		}
		if found != nil {
			return "", false
		}
		found = row
	}
	if found == nil {
		return "", false
	}
	sv, ok := found.Attributes.Get(v.ref.path[0])
	if !ok {
		return "", false
	}
	return stateCoText(sv)
}

func containsDot(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return true
		}
	}
	return false
}

// createOnlyMatch is the row whose stored create-only values equal every one the resource
// sets that the row stores, if one row does; else the one row that equals some and differs in
// others. A row that stores none of them is not a match.
func (c *computer) createOnlyMatch(co map[string]string, free func(*state.Resource) bool) *state.Resource {
	var full, partial []*state.Resource
	for _, row := range c.in.State.Resources {
		if !free(row) {
			continue
		}
		matched, mismatched := 0, 0
		for attr, want := range co {
			sv, ok := row.Attributes.Get(attr)
			if !ok {
				continue
			}
			got, ok := stateCoText(sv)
			if !ok {
				continue
			}
			if got == want {
				matched++
			} else {
				mismatched++
			}
		}
		switch {
		case matched > 0 && mismatched == 0:
			full = append(full, row)
		case matched > 0:
			partial = append(partial, row)
		}
	}
	switch {
	case len(full) == 1:
		return full[0]
	case len(full) == 0 && len(partial) == 1:
		return partial[0]
	}
	return nil
}

// nearestSimhash is the row whose SimHash name is nearest the resource's, within the
// tolerance, if no other row is as near.
func (c *computer) nearestSimhash(r *Resource, free func(*state.Resource) bool) *state.Resource {
	h, ok := simhashSuffix(r.Identity)
	if !ok {
		return nil
	}
	var best *state.Resource
	bestD, unique := 0, true
	for _, row := range c.in.State.Resources {
		if !free(row) {
			continue
		}
		rh, ok := simhashSuffix(row.Identity)
		if !ok {
			continue
		}
		d := popcount(h ^ rh)
		if d >= simhashTolerance {
			continue
		}
		switch {
		case best == nil || d < bestD:
			best, bestD, unique = row, d, true
		case d == bestD:
			unique = false
		}
	}
	if !unique {
		return nil
	}
	return best
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// claimsTo reports whether a moved or import block names an address as its `to`.
func (c *computer) claimsTo(a address) bool {
	for _, b := range c.blocks {
		if (b.construct == grammar.MovedConstruct || b.construct == grammar.ImportConstruct) && b.to == a {
			return true
		}
	}
	return false
}

// claimsFrom reports whether a moved or removed block names an address as its `from`.
func (c *computer) claimsFrom(a address) bool {
	for _, b := range c.blocks {
		if (b.construct == grammar.MovedConstruct || b.construct == grammar.RemovedConstruct) && b.from == a {
			return true
		}
	}
	return false
}
