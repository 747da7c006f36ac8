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
