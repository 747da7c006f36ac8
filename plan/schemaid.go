package plan

import (
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Carina names an anonymous resource of a type with a provider schema when it validates the
// configuration, before any state is read (carina-core identifier,
// compute_anonymous_identifiers): from the values of the schema's create-only attributes and
// of its identity attributes, hashed with the provider's identity values (the region of the
// provider's first block) by Rust's DefaultHasher, `<provider>_<type>_<low 32 bits in hex>`;
// a resource that sets none of them is named by a 64-bit SimHash of every attribute it
// writes, `<provider>_<type>_<16 hex digits>`. The values are the parser's, enums resolved
// through the schema and references not yet resolved. Against a state file Carina then keeps that name
// when a row has it, else takes the name of the one row whose create-only values all equal the
// resource's (else the one that equals some of them), or, for a SimHash name, renames the row
// whose SimHash is nearest, within 20 bits, to the new name (reconcile_anonymous_identifiers).

// AnonymousSchemas is what a Schemas may also say for naming anonymous resources as Carina
// does; a Schemas without it leaves the anonymous resources of its types unnamed.
type AnonymousSchemas interface {
	KnowsType
	// AnonymousKeys returns a type's create-only and identity attributes.
	AnonymousKeys(resourceType string) (createOnly, identity []string)
	// HashForm says how Carina's canonicalisation treats a top-level attribute's value.
	HashForm(resourceType, attr string) HashForm
	// EnumText returns the API value Carina resolves a string written for an enum attribute
	// to; ok is false where that is not known exactly.
	EnumText(resourceType, attr, text string) (string, bool)
	// ProviderIdentity returns the provider configuration attributes an anonymous identity
	// hashes (Carina's ProviderFactory::identity_attributes).
	ProviderIdentity(provider string) []string
	// ProviderValue returns the hashed text of a provider configuration value as Carina
	// canonicalises it; ok is false where it is not known exactly.
	ProviderValue(provider, attr string, v Value) (string, bool)
	// PrefixBase reports whether a type's attribute is one a `<attr>_prefix` names (Carina's
	// resolve_attr_prefixes: an attribute of a string type).
	PrefixBase(resourceType, attr string) bool
}

// HashForm is how Carina canonicalises an attribute's value before it hashes it.
type HashForm uint8

const (
	// FormOther is a type whose canonical form this package does not reproduce (an enum
	// inside a structure, a union, a reference to a shared definition): not hashed.
	FormOther HashForm = iota
	// FormPlain is a type Carina's canonicalisation leaves as written.
	FormPlain
	// FormEnum is an enum: its value becomes the enum's API value.
	FormEnum
)

// AnonymousKeys returns the schema's create-only and identity attributes, sorted.
func (s IndexSchemas) AnonymousKeys(resourceType string) (createOnly, identity []string) {
	r := s.Index.Resource(resourceType)
	if r == nil {
		return nil, nil
	}
	for name, m := range r.Attributes {
		if m.Synthetic {
			continue
		}
		if m.CreateOnly {
			createOnly = append(createOnly, name)
		}
		if m.Identity {
			identity = append(identity, name)
		}
	}
	slices.Sort(createOnly)
	slices.Sort(identity)
	return createOnly, identity
}

// HashForm classifies the attribute's schema type.
func (s IndexSchemas) HashForm(resourceType, attr string) HashForm {
	r := s.Index.Resource(resourceType)
	if r == nil {
		return FormOther
	}
	m := r.Attributes[attr]
	if m == nil || m.Synthetic || m.Type == nil {
		return FormOther
	}
	if m.Type.Kind == schema.KindEnum {
		return FormEnum
	}
	if plainType(m.Type, 0) {
		return FormPlain
	}
	return FormOther
}

// plainType reports whether no enum, union or shared definition is inside a type: Carina's
// canonicalisation changes only those.
func plainType(t *schema.Type, depth int) bool {
	if t == nil || depth > 16 {
		return false
	}
	switch t.Kind {
	case schema.KindString, schema.KindInt, schema.KindFloat, schema.KindBool, schema.KindDuration:
		return true
	case schema.KindList:
		return plainType(t.Element, depth+1)
	case schema.KindMap:
		return plainType(t.Value, depth+1)
	case schema.KindStruct:
		for _, f := range t.Fields() {
			if !plainType(f.Type, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// EnumText resolves a string written for an enum as Carina resolves stored text: a closed
// enum's value spelled exactly as the API spells it, or an open enum's value with no
// separator its transform would rewrite ('_') nor a qualifier ('.').
func (s IndexSchemas) EnumText(resourceType, attr, text string) (string, bool) {
	r := s.Index.Resource(resourceType)
	if r == nil || r.Attributes[attr] == nil {
		return "", false
	}
	e := r.EnumOf(r.Attributes[attr])
	if e == nil || text == "" {
		return "", false
	}
	if e.Open {
		t := e.Transform
		if t != nil && t.Type != "HyphenToUnderscore" || strings.ContainsAny(text, "._") {
			return "", false
		}
		return text, true
	}
	found := 0
	for _, v := range e.Values {
		if v.Wire == text {
			found++
		}
	}
	return text, found == 1
}

// PrefixBase reports whether the attribute is a plain string. Carina also takes a string
// shared definition or union of strings; those stay unnamed here.
func (s IndexSchemas) PrefixBase(resourceType, attr string) bool {
	r := s.Index.Resource(resourceType)
	if r == nil {
		return false
	}
	m := r.Attributes[attr]
	return m != nil && !m.Synthetic && m.Type != nil && m.Type.Kind == schema.KindString
}

// ProviderIdentity is the AWS providers' identity (their factories' identity_attributes): the
// region, for the providers the index has a region list of.
func (s IndexSchemas) ProviderIdentity(provider string) []string {
	if len(s.Index.Regions(provider)) > 0 {
		return []string{"region"}
	}
	return nil
}

// ProviderValue resolves a region, written as the provider's API code or as its enum
// identifier (awscc.Region.ap_northeast_1 or aws.Region.ap_northeast_1), to Carina's
// canonical enum: the region enum's API value.
func (s IndexSchemas) ProviderValue(provider, attr string, v Value) (string, bool) {
	if attr != "region" {
		return "", false
	}
	for _, r := range s.Index.Regions(provider) {
		// Carina reads the member after the type name, whichever provider prefixes it.
		enum := v.Kind == Enum && (v.Text == r.Qualified || v.Text == "aws.Region."+r.DSL)
		if enum || v.Kind == Str && v.enum == "" && v.Text == r.Wire {
			return "EnumApiValue(" + debugStr(r.Wire) + ")", true
		}
	}
	return "", false
}

// anonKey is a resource's create-only or identity attribute with its hashed text.
type anonKey struct{ name, text string }

// schemaIdentity is Carina's identity of an anonymous resource of a type with a schema; ok is
// false where an input is not one this package holds exactly.
func (c *computer) schemaIdentity(s AnonymousSchemas, r *Resource) (string, bool) {
	typ := r.Provider + "." + r.Type
	if r.Stmt == nil || !plainBody(r.Stmt, true) {
		return "", false
	}
	idv, ok := c.providerIdentity(s, r.Provider)
	if !ok {
		return "", false
	}
	prefixes, ok := namePrefixes(s, r)
	if !ok {
		return "", false
	}
	createOnly, identity := s.AnonymousKeys(typ)
	var keys []anonKey
	seen := map[string]bool{}
	for i, names := range [][]string{createOnly, identity} {
		for _, n := range names {
			if p, ok := prefixes[n]; ok && !seen[n] {
				if i == 1 {
					return "", false // Carina hashes the generated name, random
				}
				seen[n] = true
				keys = append(keys, anonKey{n, "Prefix(" + debugStr(p) + ")"})
				continue
			}
			a, ok := attrNamed(r, n)
			if !ok || seen[n] {
				continue
			}
			v, ok := c.canonical(s, typ, a)
			if !ok {
				return "", false
			}
			t, ok := detText(v)
			if !ok {
				return "", false
			}
			seen[n] = true
			keys = append(keys, anonKey{n, t})
		}
	}
	slices.SortFunc(keys, func(a, b anonKey) int { return strings.Compare(a.name, b.name) })
	var suffix string
	if len(keys) == 0 {
		if len(prefixes) > 0 {
			return "", false // the SimHash reads the generated name, random
		}
		features := map[string]string{}
		for _, k := range idv {
			features[k.name] = k.text
		}
		for _, a := range r.Desired {
			if strings.HasPrefix(a.Name, "_") {
				continue
			}
			v, ok := c.canonical(s, typ, a)
			if !ok || !flatten(a.Name, v, features) {
				return "", false
			}
		}
		suffix = hex16(simhash(features))
	} else {
		h := newSip13()
		for _, k := range append(idv, keys...) {
			h.str(k.name)
			h.str(k.text)
		}
		suffix = hex8(h.finish())
	}
	return r.instancePrefix() + snake(r.Provider) + "_" + snakeType(r.Type) + "_" + suffix, true
}

// namePrefixes returns the name prefixes Carina moves out of a resource's attributes
// (resolve_attr_prefixes): `<attr>_prefix` written as a string for a string attribute
// `<attr>`, keyed by `<attr>`. ok is false where Carina refuses the resource (an empty prefix,
// the attribute written too) or where a `_prefix` attribute is not one this package reads.
func namePrefixes(s AnonymousSchemas, r *Resource) (map[string]string, bool) {
	typ := r.Provider + "." + r.Type
	var out map[string]string
	for _, a := range r.Desired {
		base, ok := strings.CutSuffix(a.Name, "_prefix")
		if !ok {
			continue
		}
		// Named before references resolve: a Str is a literal, as Carina's Concrete String.
		if !s.PrefixBase(typ, base) || a.Value.Kind != Str || a.Value.enum != "" {
			return nil, false
		}
		if _, both := attrNamed(r, base); both || a.Value.Text == "" || !debugExact(a.Value.Text) {
			return nil, false
		}
		if out == nil {
			out = map[string]string{}
		}
		out[base] = a.Value.Text
	}
	return out, true
}

// providerIdentity returns the provider's identity values, sorted by name: none when the
// configuration has no block for the provider.
func (c *computer) providerIdentity(s AnonymousSchemas, provider string) ([]anonKey, bool) {
	// Once per provider and plan: it walks every statement.
	if p, ok := c.providerIDs[provider]; ok {
		return p.keys, p.ok
	}
	keys, ok := c.providerIdentityOnce(s, provider)
	if c.providerIDs == nil {
		c.providerIDs = map[string]providerID{}
	}
	c.providerIDs[provider] = providerID{keys, ok}
	return keys, ok
}

// providerID is a provider's identity attributes as providerIdentity found them.
type providerID struct {
	keys []anonKey
	ok   bool
}

// providerIdentityOnce reads the first configuration of the provider in Carina's merged list,
// whichever instance a resource is routed to (compute_anonymous_identifiers finds by the
// provider's name): files in path order, and in a file its top-level blocks before its named
// instances, which Carina's parser appends at the file's end.
func (c *computer) providerIdentityOnce(s AnonymousSchemas, provider string) ([]anonKey, bool) {
	var first *workspace.ProviderBlock
	blocks := c.in.Config.ProviderBlocks()
	for i, b := range blocks {
		if b.Kind.Text != provider {
			continue
		}
		if first != nil && b.File != first.File {
			break
		}
		if first == nil || first.Named && !b.Named {
			first = &blocks[i]
		}
	}
	if first == nil {
		return nil, true
	}
	var out []anonKey
	for _, name := range s.ProviderIdentity(provider) {
		a := first.Body.Attr(name)
		if a == nil || a.Value == nil {
			continue
		}
		tv, ok := c.in.Info.ExprValue(first.File.Path, first.Stmt, a.Value)
		if !ok {
			return nil, false
		}
		t, ok := s.ProviderValue(provider, name, convert(tv))
		if !ok {
			return nil, false
		}
		out = append(out, anonKey{name, t})
	}
	slices.SortFunc(out, func(a, b anonKey) int { return strings.Compare(a.name, b.name) })
	return out, true
}

func attrNamed(r *Resource, name string) (Attr, bool) {
	for _, a := range r.Desired {
		if a.Name == name {
			return a, true
		}
	}
	return Attr{}, false
}

// canonical is an attribute's value as Carina holds it when it names anonymous resources:
// enums resolved to their API values, references to resources as written; ok is false for a
// value whose form there is not known here.
func (c *computer) canonical(s AnonymousSchemas, typ string, a Attr) (Value, bool) {
	switch s.HashForm(typ, a.Name) {
	case FormPlain:
		return a.Value, c.heldExactly(a.Value)
	case FormEnum:
		if a.Value.Kind == Str && a.Value.enum == "" {
			api, ok := s.EnumText(typ, a.Name, a.Value.Text)
			return Value{Kind: Str, Text: api, enum: a.Value.Text}, ok
		}
		if a.Value.Kind != Enum {
			return Value{}, false
		}
		wire, ok := c.in.Schemas.EnumWire(typ, []string{a.Name}, a.Value.Text)
		if !ok {
			return Value{}, false
		}
		return Value{Kind: Str, Text: wire, enum: a.Value.Text}, true
	}
	return Value{}, false
}

// heldExactly reports whether a value is one whose text Carina's hash input is known for: no
// enum identifier, call, secret or interpolation, and references only to resources of the
// configuration by attribute and field.
func (c *computer) heldExactly(v Value) bool {
	switch v.Kind {
	case Str, Int, Bool:
		return true
	case Float:
		return v.Float == v.Float && v.Float-v.Float == 0
	case List, Map:
		for _, e := range v.Elems {
			if !c.heldExactly(e) {
				return false
			}
		}
		return true
	case Ref:
		if c.byBinding[v.ref.binding] == nil || len(v.ref.path) == 0 {
			return false
		}
		for _, p := range v.ref.path {
			if strings.HasPrefix(p, "[") {
				return false
			}
		}
		return true
	}
	return false
}

// detText is Carina's deterministic_value_string of a canonical value.
func detText(v Value) (string, bool) {
	switch v.Kind {
	case Str:
		if v.enum == "" {
			if !debugExact(v.Text) {
				return "", false
			}
			return "String(" + debugStr(v.Text) + ")", true
		}
	case Int:
		if v.duration {
			return "Duration(" + strconv.FormatInt(v.Int, 10) + ")", v.Int >= 0
		}
	case Ref:
		return "ResourceRef(" + v.ref.binding + "." + strings.Join(v.ref.path, ".") + ")", true
	}
	return valueText(v, detText)
}

// valueText is what Carina's value strings (deterministic_value_string,
// canonical_create_only_value_string) print alike: an enum by its API value, numbers and
// booleans, and a list's or a map's elements (by elem) in its brackets.
func valueText(v Value, elem func(Value) (string, bool)) (string, bool) {
	switch v.Kind {
	case Str:
		if v.enum != "" {
			return "EnumApiValue(" + debugStr(v.Text) + ")", true
		}
	case Int:
		return "Int(" + strconv.FormatInt(v.Int, 10) + ")", true
	case Float:
		return "Float(" + displayFloat(v.Float) + ")", true
	case Bool:
		return "Bool(" + strconv.FormatBool(v.Bool) + ")", true
	case List:
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			t, ok := elem(e)
			if !ok {
				return "", false
			}
			parts[i] = t
		}
		return "List([" + strings.Join(parts, ", ") + "])", true
	case Map:
		parts, ok := sortedEntries(v, elem)
		return "Map({" + strings.Join(parts, ", ") + "})", ok
	}
	return "", false
}

// sortedEntries prints a map's entries in key order (Rust sorts Strings by their bytes).
func sortedEntries(v Value, text func(Value) (string, bool)) ([]string, bool) {
	idx := make([]int, len(v.Keys))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return strings.Compare(v.Keys[a], v.Keys[b]) })
	var parts []string
	for _, i := range idx {
		if !debugExact(v.Keys[i]) {
			return nil, false
		}
		t, ok := text(v.Elems[i])
		if !ok {
			return nil, false
		}
		parts = append(parts, debugStr(v.Keys[i])+": "+t)
	}
	return parts, true
}

// displayFloat is Rust's Display of a finite f64: the shortest digits that read back, never
// an exponent.
func displayFloat(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// flatten adds a value's SimHash features: a map's entries and a list's elements each a
// feature of its own (`tags.Name`, `cidrs[0]`), another value one feature.
func flatten(prefix string, v Value, out map[string]string) bool {
	switch v.Kind {
	case Map:
		for i, k := range v.Keys {
			if !flatten(prefix+"."+k, v.Elems[i], out) {
				return false
			}
		}
		return true
	case List:
		for i, e := range v.Elems {
			if !flatten(prefix+"["+strconv.Itoa(i)+"]", e, out) {
				return false
			}
		}
		return true
	}
	t, ok := detText(v)
	if !ok || !debugExact(prefix) {
		return false
	}
	out[prefix] = t
	return true
}

// simhash is Carina's compute_simhash: each feature `key=value` hashed, each of the 64 bits
// voted for by the features that set it and against by those that do not.
func simhash(features map[string]string) uint64 {
	var votes [64]int
	for k, v := range features {
		h := newSip13()
		h.str(k + "=" + v)
		x := h.finish()
		for i := range votes {
			if x>>i&1 == 1 {
				votes[i]++
			} else {
				votes[i]--
			}
		}
	}
	var out uint64
	for i, n := range votes {
		if n > 0 {
			out |= 1 << i
		}
	}
	return out
}

func hex16(h uint64) string {
	s := strconv.FormatUint(h, 16)
	return strings.Repeat("0", 16-len(s)) + s
}

// simhashSuffix is the 64-bit SimHash an identity ends with, if it ends with one.
func simhashSuffix(identity string) (uint64, bool) {
	i := strings.LastIndexByte(identity, '_')
	hex := identity[i+1:]
	if len(hex) != 16 {
		return 0, false
	}
	h, err := strconv.ParseUint(hex, 16, 64)
	return h, err == nil
}

// coText is Carina's canonical_create_only_value_string of a configured value: the text its
// reconciliation compares with a state row's.
func coText(v Value) (string, bool) {
	if v.Kind == Str && v.enum == "" {
		return v.Text, true
	}
	return valueText(v, coFeature)
}

// coFeature is an element's text inside a compared value: its canonical text, else its
// deterministic one (a reference).
func coFeature(v Value) (string, bool) {
	if v.Kind == Ref {
		return detText(v)
	}
	return coText(v)
}

// stateCoText is the same text of a stored value (canonical_create_only_state_json_string):
// a stored typed enum is the canonical enum, a plain string the string.
func stateCoText(v state.Value) (string, bool) {
	if api, ok := canonicalEnum(v); ok {
		return "EnumApiValue(" + debugStr(api) + ")", true
	}
	switch v.Kind {
	case state.String:
		return v.Str, true // a stored secret's hash too: Carina compares it as a string
	case state.Array:
		var parts []string
		for _, e := range v.Elems {
			if e.Kind == state.Null {
				continue
			}
			t, ok := stateCoText(e)
			if !ok {
				return "", false
			}
			parts = append(parts, t)
		}
		return "List([" + strings.Join(parts, ", ") + "])", true
	case state.Object:
		type entry struct{ k, t string }
		var es []entry
		for i, k := range v.Keys {
			if v.Fields[i].Kind == state.Null {
				continue
			}
			t, ok := stateCoText(v.Fields[i])
			if !ok || !debugExact(k) {
				return "", false
			}
			es = append(es, entry{k, debugStr(k) + ": " + t})
		}
		slices.SortStableFunc(es, func(a, b entry) int { return strings.Compare(a.k, b.k) })
		parts := make([]string, len(es))
		for i, e := range es {
			parts[i] = e.t
		}
		return "Map({" + strings.Join(parts, ", ") + "})", true
	case state.Number, state.Bool:
		return coText(fromState(v))
	}
	return "", false
}

// The embedded schemas name anonymous resources as Carina does.
var _ AnonymousSchemas = IndexSchemas{}
