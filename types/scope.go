package types

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Carina reports a reference to an undeclared binding where the reference's value reaches a
// resource's attribute, a module call's argument, an export, a provider's attribute or a
// module's attribute, once the values are evaluated: so also a reference that evaluation made
// (`zones['east'].cidr` reads a binding named `zones.east`, an enum-shaped name followed by an
// index reads the binding it starts with).

// known reports whether name is a binding Carina knows: a declaration of the configuration
// other than a let holding a partial application (Carina drops those), or a function.
func (in *Info) known(name string) bool {
	if in.env == nil {
		return true
	}
	if len(in.env.Functions(name)) > 0 || in.forItemKnown(name) {
		return true
	}
	for _, d := range in.env.Bindings(name) {
		info := d.Info()
		if info.Kind != DeclValue {
			return true
		}
		if v := in.letValue(d, true, nil); v.Shape != ClosureVal {
			return true
		}
	}
	return false
}

// scopeCheck reports the references of a value that name no binding.
func (e *evaluator) scopeCheck(v Value, sp grammar.Span) {
	if e.isolated || e.in.env == nil || !e.v.seeded {
		return
	}
	seen := map[string]bool{}
	var walk func(Value)
	walk = func(v Value) {
		switch v.Shape {
		case Ref:
			root := v.Text
			if i := strings.IndexAny(root, "[]"); i >= 0 {
				root = root[:i]
			}
			if l, ok := e.lookupLocal(root); ok && !seen[root] && !l.resource && l.value.Shape == MapVal && len(v.Path) > 0 {
				// A field the local's map lacks: Carina keeps `n.cidr` as a reference to a
				// binding n, which exists only while the loop is expanded.
				seen[root] = true
				err := e.fail(sp, RuleUndefined, "undefined binding %q: %s", root, missingField(root, l.value, v.Path))
				err.subject = root
				e.note(err)
				return
			}
			if seen[root] || e.localName(root) || e.in.known(root) {
				return
			}
			seen[root] = true
			err := e.fail(sp, RuleUndefined, "undefined binding %q", root)
			err.subject = root
			head, item, dotted := strings.Cut(root, ".")
			switch keys, isFor := e.in.forItems(head); {
			case dotted && isFor && len(keys) > 0:
				err.msg += fmt.Sprintf(" (the for binding %s has no item %q; its items: %s)", head, item, strings.Join(keys, ", "))
			case dotted && isFor:
				err.msg += " (the items of the for binding " + head + " are known only after apply: Carina cannot read one by its key)"
			case dotted:
				err.msg += " (Carina reads `" + v.Source() + "` as an attribute of a binding called " + root +
					": it cannot read a field after an index; write " + root + "." + strings.Join(v.Path, ".") + " instead)"
			}
			e.note(err)
		case ListVal, MapVal, Interp, Call, SecretVal:
			for _, el := range v.Elems {
				walk(el)
			}
		}
	}
	walk(v)
}

// localName reports whether name is a local of the evaluation in progress.
func (e *evaluator) localName(name string) bool {
	_, ok := e.lookupLocal(name)
	return ok
}

// missingField says which field of a local's map a path reads that it lacks: `n has no field
// "cidr" (its fields: name)`.
func missingField(name string, v Value, path []string) string {
	at := name
	for _, seg := range path {
		if v.Shape == SecretVal && len(v.Elems) == 1 {
			v = v.Elems[0]
		}
		if v.Shape != MapVal {
			break
		}
		next, ok := v.Get(seg)
		if !ok {
			fields := "none"
			if len(v.Keys) > 0 {
				fields = strings.Join(v.Keys, ", ")
			}
			return fmt.Sprintf("%s has no field %q (its fields: %s), so Carina leaves %s.%s a reference to a binding %s, which it does not know once the loop is expanded",
				at, seg, fields, name, strings.Join(path, "."), name)
		}
		v, at = next, at+"."+seg
	}
	return "Carina leaves " + name + "." + strings.Join(path, ".") + " a reference to a binding " + name + ", which it does not know once the loop is expanded"
}
