package plan

import (
	"slices"
	"strings"
)

// compactHint is what Carina's compact display (extract_compact_hint, carina-core plan_tree.rs)
// names an anonymous resource by: its first attribute, by name, holding a non-empty string
// (`key: value`, an enum identifier's value alone, an AWS service endpoint's service alone),
// else its first reference to a binding other than the one it is printed under (`key:
// binding`), a key shortened of `_ids`, `_id` or `_name`. ok is false when it has neither.
func compactHint(r *Resource, parent string) (string, bool) {
	attrs := map[string]Value{}
	var keys []string
	for _, a := range r.Desired {
		if strings.HasPrefix(a.Name, "_") {
			continue
		}
		if _, dup := attrs[a.Name]; !dup {
			keys = append(keys, a.Name)
		}
		attrs[a.Name] = a.Value
	}
	slices.Sort(keys)
	for _, k := range keys {
		// A string resolved from an enum through a schema is Carina's canonical enum: not a string.
		if v := attrs[k]; v.Kind == Str && v.enum == "" && v.Text != "" && !v.masked {
			s := v.Text
			if e, ok := enumValue(s); ok {
				s = e
			}
			return shortKey(k) + ": " + serviceName(k, s), true
		}
	}
	for _, k := range keys {
		v := attrs[k]
		refs := []Value{v}
		if v.Kind == List {
			refs = v.Elems
		}
		for _, e := range refs {
			if e.Kind == Ref && e.ref != nil && len(e.ref.path) > 0 && (parent == "" || e.ref.binding != parent) {
				return shortKey(k) + ": " + e.ref.binding, true
			}
		}
	}
	return "", false
}

// shortKey is Carina's shorten_attr_name.
func shortKey(k string) string {
	for _, suffix := range []string{"_ids", "_id", "_name"} {
		if s, ok := strings.CutSuffix(k, suffix); ok {
			return s
		}
	}
	return k
}

// serviceName is Carina's shorten_service_name: a service_name's AWS endpoint
// (com.amazonaws.<region>.<service>) as its service.
func serviceName(k, v string) string {
	if k != "service_name" {
		return v
	}
	rest, ok := strings.CutPrefix(v, "com.amazonaws.")
	if !ok {
		return v
	}
	if _, after, ok := strings.Cut(rest, "."); ok && after != "" {
		return after
	}
	return v
}

// enumValue is the value of a string spelled as a namespaced enum identifier
// (`TypeName.value`, `provider.TypeName.value`, `provider.seg.TypeName.value`,
// `provider.service.resource.TypeName.value...`), as Carina's NamespacedId::parse reads it.
func enumValue(s string) (string, bool) {
	parts := strings.Split(s, ".")
	typeName := func(p string) bool { return p != "" && p[0] >= 'A' && p[0] <= 'Z' }
	all := func(p string, ok func(c byte) bool) bool {
		if p == "" {
			return false
		}
		for i := 0; i < len(p); i++ {
			if !ok(p[i]) {
				return false
			}
		}
		return true
	}
	lower := func(c byte) bool { return c >= 'a' && c <= 'z' }
	digit := func(c byte) bool { return c >= '0' && c <= '9' }
	provider := func(p string) bool { return all(p, lower) }
	service := func(p string) bool { return all(p, func(c byte) bool { return lower(c) || digit(c) }) }
	between := func(p string) bool {
		snake := all(p, func(c byte) bool { return lower(c) || digit(c) || c == '_' })
		pascal := typeName(p) && all(p, func(c byte) bool { return lower(c) || digit(c) || c >= 'A' && c <= 'Z' })
		return snake || pascal
	}
	switch len(parts) {
	case 0, 1:
		return "", false
	case 2:
		return parts[1], typeName(parts[0])
	case 3:
		return parts[2], provider(parts[0]) && typeName(parts[1])
	case 4:
		return parts[3], provider(parts[0]) && between(parts[1]) && typeName(parts[2])
	}
	return strings.Join(parts[4:], "."), provider(parts[0]) && service(parts[1]) && between(parts[2]) && typeName(parts[3])
}
