package state

import (
	"fmt"
	"slices"
	"strconv"
)

// decoder turns the parsed document into a File, failing as serde does on a missing field or a
// value of the wrong kind, at the value's place.
type decoder struct {
	path string
	src  []byte
	f    names
}

func (d *decoder) fail(v Value, format string, args ...any) *Error {
	return errorAt(d.path, d.src, v.Off, format, args...)
}

// record checks an object written for one of Carina's records: an object, no known field
// written twice. what names it in messages.
func (d *decoder) record(v Value, what string, fields ...string) error {
	if v.Kind != Object {
		return d.fail(v, "%s must be an object, found %s", what, kindName(v.Kind))
	}
	for _, k := range v.dups {
		if slices.Contains(fields, k) {
			return d.fail(v, "%s: duplicate field %q", what, k)
		}
	}
	return nil
}

func kindName(k Kind) string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// str reads a required string field.
func (d *decoder) str(obj Value, what, key string) (string, error) {
	v, ok := obj.Get(key)
	if !ok {
		return "", d.fail(obj, "%s lacks the field %q", what, key)
	}
	if v.Kind != String {
		return "", d.fail(v, "%s: %q must be a string, found %s", what, key, kindName(v.Kind))
	}
	return v.Str, nil
}

// optStr reads an optional string field, null standing for none.
func (d *decoder) optStr(obj Value, what, key string) (string, bool, error) {
	v, ok := obj.Get(key)
	if !ok || v.Kind == Null {
		return "", false, nil
	}
	if v.Kind != String {
		return "", false, d.fail(v, "%s: %q must be a string, found %s", what, key, kindName(v.Kind))
	}
	return v.Str, true, nil
}

// flag reads a boolean field that defaults to false.
func (d *decoder) flag(obj Value, what, key string) (bool, error) {
	v, ok := obj.Get(key)
	if !ok {
		return false, nil
	}
	if v.Kind != Bool {
		return false, d.fail(v, "%s: %q must be true or false, found %s", what, key, kindName(v.Kind))
	}
	return v.Bool, nil
}

// uint reads an unsigned integer field of bits bits.
func (d *decoder) uint(obj Value, what, key string, bits int) (uint64, error) {
	v, ok := obj.Get(key)
	if !ok {
		return 0, d.fail(obj, "%s lacks the field %q", what, key)
	}
	if v.Kind != Number {
		return 0, d.fail(v, "%s: %q must be a number, found %s", what, key, kindName(v.Kind))
	}
	n, err := strconv.ParseUint(v.Num, 10, bits)
	if err != nil {
		return 0, d.fail(v, "%s: %q must be a whole number from 0 to %d, found %s", what, key, uint64(1)<<bits-1, v.Num)
	}
	return n, nil
}

// strings reads a list of strings that defaults to empty; sorted and unique when set (a BTreeSet
// in Carina).
func (d *decoder) strings(obj Value, what, key string, set bool) ([]string, error) {
	v, ok := obj.Get(key)
	if !ok {
		return nil, nil
	}
	if v.Kind != Array {
		return nil, d.fail(v, "%s: %q must be an array, found %s", what, key, kindName(v.Kind))
	}
	out := make([]string, 0, len(v.Elems))
	for _, e := range v.Elems {
		if e.Kind != String {
			return nil, d.fail(e, "%s: %q must hold strings, found %s", what, key, kindName(e.Kind))
		}
		out = append(out, e.Str)
	}
	if set {
		slices.Sort(out)
		out = slices.Compact(out)
	}
	return out, nil
}

// object reads an object field; required or defaulting to empty.
func (d *decoder) object(obj Value, what, key string, required bool) (Value, error) {
	v, ok := obj.Get(key)
	if !ok {
		if required {
			return Value{}, d.fail(obj, "%s lacks the field %q", what, key)
		}
		return Value{Kind: Object, Off: obj.Off}, nil
	}
	if v.Kind != Object {
		return Value{}, d.fail(v, "%s: %q must be an object, found %s", what, key, kindName(v.Kind))
	}
	return v, nil
}

func (d *decoder) file(root Value) (*File, error) {
	const what = "the state file"
	if err := d.record(root, what, "version", "serial", "lineage", "carina_version", "resources", d.f.Exports); err != nil {
		return nil, err
	}
	f := &File{Path: d.path}
	ver, err := d.uint(root, what, "version", 32)
	if err != nil {
		return nil, err
	}
	f.Version = int(ver)
	if f.Serial, err = d.uint(root, what, "serial", 64); err != nil {
		return nil, err
	}
	if f.Lineage, err = d.str(root, what, "lineage"); err != nil {
		return nil, err
	}
	if f.CarinaVersion, err = d.str(root, what, "carina_version"); err != nil {
		return nil, err
	}
	rs, ok := root.Get("resources")
	if !ok {
		return nil, d.fail(root, "%s lacks the field %q", what, "resources")
	}
	if rs.Kind != Array {
		return nil, d.fail(rs, "%s: \"resources\" must be an array, found %s", what, kindName(rs.Kind))
	}
	for i, rv := range rs.Elems {
		r, err := d.resource(rv, fmt.Sprintf("resource %d", i+1))
		if err != nil {
			return nil, err
		}
		f.Resources = append(f.Resources, r)
	}
	if f.Exports, err = d.object(root, what, d.f.Exports, false); err != nil {
		return nil, err
	}
	return f, nil
}

func (d *decoder) resource(v Value, what string) (*Resource, error) {
	if err := d.record(v, what, "resource_type", "identity", "name", d.f.Provider, "identifier", d.f.Attributes,
		"deposed", "protected", d.f.Directives, "prefixes", "name_overrides", "explicit", "binding",
		"dependency_bindings", "write_only_attributes", "partial_read"); err != nil {
		return nil, err
	}
	_, hasName := v.Get("name")
	_, hasIdentity := v.Get("identity")
	if hasName && hasIdentity {
		// `name` is `identity`'s old spelling (before v8): both is one field twice.
		return nil, d.fail(v, "%s: duplicate field %q (and its old name %q)", what, "identity", "name")
	}
	r := &Resource{Off: v.Off}
	var err error
	if r.Type, err = d.str(v, what, "resource_type"); err != nil {
		return nil, err
	}
	key := "identity"
	if hasName {
		key = "name"
	}
	if r.Identity, err = d.str(v, what, key); err != nil {
		return nil, err
	}
	what = fmt.Sprintf("%s (%s)", what, r.Identity)
	if r.Provider, err = d.str(v, what, d.f.Provider); err != nil {
		return nil, err
	}
	if r.Identifier, r.HasIdentifier, err = d.optStr(v, what, "identifier"); err != nil {
		return nil, err
	}
	if r.Attributes, err = d.object(v, what, d.f.Attributes, true); err != nil {
		return nil, err
	}
	if dv, ok := v.Get("deposed"); ok {
		if dv.Kind != Array {
			return nil, d.fail(dv, "%s: \"deposed\" must be an array, found %s", what, kindName(dv.Kind))
		}
		for i, e := range dv.Elems {
			dep, err := d.deposed(e, fmt.Sprintf("%s, deposed %d", what, i+1))
			if err != nil {
				return nil, err
			}
			r.Deposed = append(r.Deposed, dep)
		}
	}
	if r.Protected, err = d.flag(v, what, "protected"); err != nil {
		return nil, err
	}
	if dv, ok := v.Get(d.f.Directives); ok {
		if r.Directives, err = d.directives(dv, what+", directives"); err != nil {
			return nil, err
		}
	}
	if r.Prefixes, err = d.stringMap(v, what, "prefixes"); err != nil {
		return nil, err
	}
	if r.NameOverrides, err = d.nameOverrides(v, what); err != nil {
		return nil, err
	}
	if ev, ok := v.Get("explicit"); ok {
		if r.Explicit, err = d.explicit(ev, what+", explicit"); err != nil {
			return nil, err
		}
	}
	if r.Binding, _, err = d.optStr(v, what, "binding"); err != nil {
		return nil, err
	}
	if r.DependsOn, err = d.strings(v, what, "dependency_bindings", true); err != nil {
		return nil, err
	}
	if r.WriteOnly, err = d.strings(v, what, "write_only_attributes", false); err != nil {
		return nil, err
	}
	if pv, ok := v.Get("partial_read"); ok && pv.Kind != Null {
		if err := d.record(pv, what+", partial_read", "detail", "missing_attributes"); err != nil {
			return nil, err
		}
		if _, err := d.str(pv, what+", partial_read", "detail"); err != nil {
			return nil, err
		}
		if _, ok := pv.Get("missing_attributes"); !ok {
			return nil, d.fail(pv, "%s, partial_read lacks the field %q", what, "missing_attributes")
		}
		if _, err := d.strings(pv, what+", partial_read", "missing_attributes", true); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func (d *decoder) deposed(v Value, what string) (Deposed, error) {
	if err := d.record(v, what, "key", "identifier", "provider_instance", d.f.Attributes, "dependency_bindings"); err != nil {
		return Deposed{}, err
	}
	var dep Deposed
	var err error
	if dep.Key, err = d.str(v, what, "key"); err != nil {
		return dep, err
	}
	if dep.Identifier, err = d.str(v, what, "identifier"); err != nil {
		return dep, err
	}
	if dep.ProviderInstance, _, err = d.optStr(v, what, "provider_instance"); err != nil {
		return dep, err
	}
	if dep.Attributes, err = d.object(v, what, d.f.Attributes, true); err != nil {
		return dep, err
	}
	if _, ok := v.Get("dependency_bindings"); !ok {
		return dep, d.fail(v, "%s lacks the field %q", what, "dependency_bindings")
	}
	dep.DependsOn, err = d.strings(v, what, "dependency_bindings", true)
	return dep, err
}

func (d *decoder) directives(v Value, what string) (Directives, error) {
	var out Directives
	if err := d.record(v, what, "force_delete", "create_before_destroy", "prevent_destroy", d.f.DependsOn, "provider_instance"); err != nil {
		return out, err
	}
	var err error
	if out.ForceDelete, err = d.flag(v, what, "force_delete"); err != nil {
		return out, err
	}
	if out.CreateBeforeDestroy, err = d.flag(v, what, "create_before_destroy"); err != nil {
		return out, err
	}
	if out.PreventDestroy, err = d.flag(v, what, "prevent_destroy"); err != nil {
		return out, err
	}
	if out.DependsOn, err = d.strings(v, what, d.f.DependsOn, false); err != nil {
		return out, err
	}
	out.ProviderInstance, _, err = d.optStr(v, what, "provider_instance")
	return out, err
}

func (d *decoder) stringMap(obj Value, what, key string) (map[string]string, error) {
	v, err := d.object(obj, what, key, false)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(v.Keys))
	for i, k := range v.Keys {
		if v.Fields[i].Kind != String {
			return nil, d.fail(v.Fields[i], "%s: %q must map to strings, found %s", what, key, kindName(v.Fields[i].Kind))
		}
		out[k] = v.Fields[i].Str
	}
	return out, nil
}

// nameOverrides reads name_overrides: each a bare string (v7 and older) or a record.
func (d *decoder) nameOverrides(obj Value, what string) (map[string]NameOverride, error) {
	v, err := d.object(obj, what, "name_overrides", false)
	if err != nil {
		return nil, err
	}
	out := make(map[string]NameOverride, len(v.Keys))
	for i, k := range v.Keys {
		f := v.Fields[i]
		switch f.Kind {
		case String:
			out[k] = NameOverride{Temp: f.Str, Legacy: true}
		case Object:
			w := what + ", name_overrides." + k
			temp, err := d.str(f, w, "temp_value")
			if err != nil {
				return nil, err
			}
			orig, has, err := d.optStr(f, w, "original_value")
			if err != nil {
				return nil, err
			}
			out[k] = NameOverride{Temp: temp, Original: orig, Legacy: !has}
		default:
			return nil, d.fail(f, "%s: name_overrides.%s must be a string or an object, found %s", what, k, kindName(f.Kind))
		}
	}
	return out, nil
}

// explicit reads an ExplicitFields tree (tagged by "kind"); its depth is the JSON's, bounded by MaxDepth.
func (d *decoder) explicit(v Value, what string) (Explicit, error) {
	if err := d.record(v, what, "kind", "children", "element", "elements"); err != nil {
		return Explicit{}, err
	}
	kind, err := d.str(v, what, "kind")
	if err != nil {
		return Explicit{}, err
	}
	switch kind {
	case "leaf":
		return Explicit{Kind: Leaf}, nil
	case "unrecorded":
		return Explicit{Kind: Unrecorded}, nil
	case "struct":
		ch, err := d.object(v, what, "children", true)
		if err != nil {
			return Explicit{}, err
		}
		out := Explicit{Kind: Struct, Children: make(map[string]*Explicit, len(ch.Keys))}
		for i, k := range ch.Keys {
			c, err := d.explicit(ch.Fields[i], what+"."+k)
			if err != nil {
				return Explicit{}, err
			}
			out.Children[k] = &c
		}
		return out, nil
	case "list":
		ev, ok := v.Get("element")
		if !ok {
			return Explicit{}, d.fail(v, "%s lacks the field %q", what, "element")
		}
		e, err := d.explicit(ev, what+"[]")
		if err != nil {
			return Explicit{}, err
		}
		return Explicit{Kind: List, Element: &e}, nil
	case "list-elements":
		ev, ok := v.Get("elements")
		if !ok {
			return Explicit{}, d.fail(v, "%s lacks the field %q", what, "elements")
		}
		if ev.Kind != Array {
			return Explicit{}, d.fail(ev, "%s: \"elements\" must be an array, found %s", what, kindName(ev.Kind))
		}
		out := Explicit{Kind: ListElements}
		for i, e := range ev.Elems {
			c, err := d.explicit(e, fmt.Sprintf("%s[%d]", what, i))
			if err != nil {
				return Explicit{}, err
			}
			out.Elements = append(out.Elements, &c)
		}
		return out, nil
	default:
		kv, _ := v.Get("kind")
		return Explicit{}, d.fail(kv, "%s: unknown kind %q (expected leaf, struct, list, list-elements or unrecorded)", what, kind)
	}
}
