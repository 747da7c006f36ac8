package plan

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Carina names an anonymous resource it can neither match to a state row nor hash through a
// provider schema by a fallback hash (carina-cli wiring, fallback_anonymous_hash): Rust's
// DefaultHasher (SipHash-1-3, zero keys) fed, through each field's Hash impl, the resource's
// provider, type, provider instance, module source, every attribute's name with the Debug text
// of its value (in the order written, nested blocks after, the parser's `_type` last), its
// directives, its prefixes and the bindings its values read; the name is
// `<provider>_<type in snake_case>_<low 32 bits in hex>`. Carina's plan-display fixtures are
// planned without provider schemas, so every anonymous resource they create is named so.

// KnowsType is what a Schemas may also say: whether a resource type has a schema. Carina names
// an anonymous resource of a type with a schema from its create-only values instead
// (schemaid.go); a Schemas without this method is taken to know every type.
type KnowsType interface {
	Knows(resourceType string) bool
}

// Knows reports whether the index has the resource type's schema.
func (s IndexSchemas) Knows(resourceType string) bool { return s.Index.Resource(resourceType) != nil }

// instancePrefix is what Carina puts before the name of an anonymous resource of a module
// instance: the outermost instance's name and a dot (compute_anonymous_identifiers reads the
// module source, which the outermost expansion stamps); "" at the root.
func (r *Resource) instancePrefix() string {
	if r.instance == nil || r.instance.outer == nil {
		return ""
	}
	return r.instance.outer.prefix
}

// fallbackIdentity is Carina's fallback identity of an anonymous resource to be created, once
// its values are resolved; ok is false where an input is not one this package holds exactly
// (a value it does not evaluate, a directive it does not read), and then the
// resource keeps no identity rather than a wrong one.
func (c *computer) fallbackIdentity(r *Resource) (string, bool) {
	if c.in.Schemas != nil {
		k, ok := c.in.Schemas.(KnowsType)
		if !ok || k.Knows(r.Provider+"."+r.Type) {
			return "", false
		}
	}
	if r.Stmt == nil || !plainBody(r.Stmt, false) {
		return "", false
	}
	h := newSip13()
	h.str(r.Provider)
	h.str(r.Type)
	h.u64(0) // provider_instance: None
	prefix := ""
	if m := r.instance; m != nil && m.outer != nil {
		// module_source: Some(Module { name: the use alias, instance }), the outermost
		// instance's: expanding it stamps its own over what an inner expansion stamped.
		m = m.outer
		h.u64(1)
		h.u64(1)
		h.str(m.alias)
		h.str(m.name)
		prefix = m.prefix
	} else {
		h.u64(0) // module_source: None
	}
	deps := map[string]bool{}
	for i, a := range r.Desired {
		// A `_prefix` attribute is hashed as written: Carina moves a name prefix out of the
		// attributes only for a type with a schema (resolve_attr_prefixes).
		d, ok := debugValue(a.Value)
		if !ok || !debugExact(d) || !debugExact(a.Name) {
			return "", false
		}
		h.str(a.Name)
		h.str(d)
		if !refBindings(r.written[i], deps) {
			return "", false
		}
	}
	h.str("_type")
	h.str(`Concrete(String(` + debugStr(r.Provider+"."+r.Type) + `))`)
	h.bool(false) // force_delete
	h.bool(r.Directives.CreateBeforeDestroy)
	h.bool(r.Directives.PreventDestroy)
	h.u64(uint64(len(r.Directives.dependsOn)))
	for _, b := range r.Directives.dependsOn {
		t, ok := c.dependsOnText(r, b)
		if !ok {
			return "", false
		}
		h.str(t)
	}
	h.u64(0) // directives.provider_instance: None
	// prefixes: none, for a type without a schema
	sorted := make([]string, 0, len(deps))
	for b := range deps {
		sorted = append(sorted, b)
	}
	slices.Sort(sorted)
	h.u64(uint64(len(sorted)))
	for _, b := range sorted {
		h.str(b)
	}
	return prefix + snake(r.Provider) + "_" + snakeType(r.Type) + "_" + hex8(h.finish()), true
}

// dependsOnText is the name Carina's parser records for a depends_on element: the element is
// read as a value, and a binding declared above it in the same file holds the placeholder its
// `let` gives it, `${<name>}` for a resource or a wait (the name once `${}` is stripped) but
// `${for:<name>}` for a `for`; a binding declared below or in another file is read by its name.
// ok is false where the placeholder is not one this package reproduces: an `if`, a module call,
// a `for` inside a module (whose names Carina prefixes after parsing).
func (c *computer) dependsOnText(r *Resource, name string) (string, bool) {
	cfg, local := c.in.Config, name
	if s := r.instance; s != nil && s.name != "" {
		cfg, local = s.cfg, strings.TrimPrefix(name, s.prefix)
	}
	decls := cfg.Bindings[local]
	if len(decls) == 0 {
		return name, true
	}
	if len(decls) > 1 {
		return "", false
	}
	d := decls[0]
	if d.File != r.File || d.Stmt == nil || r.Stmt == nil || d.Stmt.Offset >= r.Stmt.Offset {
		return name, true
	}
	switch d.Value.(type) {
	case *grammar.ResourceExpr, *grammar.WaitExpr:
		return name, true
	case *grammar.ForExpr:
		return "for:" + name, cfg == c.in.Config
	}
	return "", false
}

// plainBody reports whether the resource a statement declares has a body of attributes and
// nested blocks only, and a directives block of the flags and depends_on this package reads,
// and, where routed (a schema's name does not read the directive), the provider instance.
func plainBody(st *grammar.Stmt, routed bool) bool {
	var body *grammar.Block
	found := false
	switch n := st.Node.(type) {
	case *grammar.LetStmt:
		if x, ok := n.Value.(*grammar.ResourceExpr); ok {
			body, found = x.Body, true
		}
	case *grammar.ResourceStmt:
		if n.Resource != nil {
			body, found = n.Resource.Body, true
		}
	case *grammar.ExprStmt:
		if x, ok := n.X.(*grammar.ResourceExpr); ok {
			body, found = x.Body, true
		}
	}
	if !found {
		return false // made by an if: which branch's body is not known here
	}
	if body == nil {
		return true
	}
	for _, it := range body.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
		case *grammar.NestedBlock:
			if it.Construct != grammar.DirectivesConstruct {
				continue // its values are among the attributes (bodyAttrs)
			}
			if it.Body == nil {
				return false
			}
			for _, d := range it.Body.Items {
				a, ok := d.(*grammar.Attribute)
				if !ok || a.Key == nil {
					return false
				}
				switch a.Key.Text {
				case "create_before_destroy", "prevent_destroy", dependsOnKey():
				case providerKey():
					if !routed {
						return false
					}
				default:
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// providerKey is the directives key that routes a resource to a named provider instance.
func providerKey() string {
	return grammar.ConstructOf(grammar.DirectivesConstruct).KeyOf(grammar.BindingValue).Name
}

// refBindings adds the bindings a value as written reads (Carina's dependency_bindings, taken
// before references are resolved); false for a value whose reads are not known.
func refBindings(v Value, into map[string]bool) bool {
	switch v.Kind {
	case Ref:
		into[v.ref.binding] = true
	case Unknown, Secret:
		return false
	case List, Map, Interp:
		for _, e := range v.Elems {
			if !refBindings(e, into) {
				return false
			}
		}
	}
	return true
}

// debugValue is Rust's Debug text of the value Carina holds after resolving references
// (carina-core resource::Value, derived Debug).
func debugValue(v Value) (string, bool) {
	var b strings.Builder
	ok := writeDebug(&b, v)
	return b.String(), ok
}

func writeDebug(b *strings.Builder, v Value) bool {
	switch v.Kind {
	case Str:
		if v.enum != "" {
			return false // resolved through a schema: Carina's canonical enum
		}
		b.WriteString("Concrete(String(" + debugStr(v.Text) + "))")
	case Enum:
		b.WriteString("Concrete(EnumIdentifier(" + debugStr(v.Text) + "))")
	case Int:
		if v.duration {
			// std::time::Duration's Debug: whole seconds as "300s", zero as "0ns".
			d := strconv.FormatInt(v.Int, 10) + "s"
			if v.Int == 0 {
				d = "0ns"
			}
			b.WriteString("Concrete(Duration(" + d + "))")
			return v.Int >= 0
		}
		b.WriteString("Concrete(Int(" + strconv.FormatInt(v.Int, 10) + "))")
	case Float:
		f, ok := debugFloat(v.Float)
		if !ok {
			return false
		}
		b.WriteString("Concrete(Float(" + f + "))")
	case Bool:
		b.WriteString("Concrete(Bool(" + strconv.FormatBool(v.Bool) + "))")
	case List:
		b.WriteString("Concrete(List([")
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			if !writeDebug(b, e) {
				return false
			}
		}
		b.WriteString("]))")
	case Map:
		b.WriteString("Concrete(Map({")
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(debugStr(v.Keys[i]) + ": ")
			if !writeDebug(b, e) {
				return false
			}
		}
		b.WriteString("}))")
	case Ref:
		p, ok := debugPath(v.ref)
		if !ok {
			return false
		}
		b.WriteString("Deferred(ResourceRef { path: " + p + " })")
	case Unknown:
		if v.ref == nil || !v.upstream {
			return false
		}
		p, ok := debugPath(v.ref)
		if !ok {
			return false
		}
		b.WriteString("Deferred(Unknown(UpstreamRef { path: " + p + " }))")
	case Interp:
		b.WriteString("Deferred(Interpolation([")
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			if e.Kind == Str && e.enum == "" {
				b.WriteString("Literal(" + debugStr(e.Text) + ")")
				continue
			}
			b.WriteString("Expr(")
			if !writeDebug(b, e) {
				return false
			}
			b.WriteString(")")
		}
		b.WriteString("]))")
	default:
		return false
	}
	return true
}

// debugPath is an AccessPath's Debug text: the binding, the attribute, then each segment.
func debugPath(t *refTarget) (string, bool) {
	if t == nil || len(t.path) == 0 || strings.HasPrefix(t.path[0], "[") {
		return "", false
	}
	var b strings.Builder
	b.WriteString("AccessPath { binding: " + debugStr(t.binding) + ", attribute: " + debugStr(t.path[0]) + ", segments: [")
	for i, p := range t.path[1:] {
		if i > 0 {
			b.WriteString(", ")
		}
		if !strings.HasPrefix(p, "[") {
			b.WriteString("Field { name: " + debugStr(p) + " }")
			continue
		}
		in := strings.TrimSuffix(strings.TrimPrefix(p, "["), "]")
		if n, err := strconv.ParseInt(in, 10, 64); err == nil {
			b.WriteString("Subscript { index: Int { index: " + strconv.FormatInt(n, 10) + " } }")
			continue
		}
		if len(in) < 2 || in[0] != '"' && in[0] != '\'' || in[len(in)-1] != in[0] || strings.ContainsRune(in[1:len(in)-1], '\\') {
			return "", false
		}
		b.WriteString("Subscript { index: Str { key: " + debugStr(in[1:len(in)-1]) + " } }")
	}
	b.WriteString("] }")
	return b.String(), true
}

// debugStr is Rust's Debug text of a str: quoted, with \t \r \n \\ \" \0 escaped and other
// control characters as \u{..}; exact for the strings debugExact accepts.
func debugStr(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '"':
			b.WriteString(`\"`)
		case r == 0:
			b.WriteString(`\0`)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			b.WriteString(`\u{` + strconv.FormatInt(int64(r), 16) + `}`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// debugExact reports whether debugStr is Rust's text for s: ASCII, and beyond it letters,
// numbers, punctuation and symbols, which Rust prints as they are (it escapes marks, spaces and
// unassigned code points by tables this package does not hold).
func debugExact(s string) bool {
	for _, r := range s {
		if r < 0x80 {
			continue
		}
		if !unicode.In(r, unicode.L, unicode.N, unicode.P, unicode.S) {
			return false
		}
	}
	return true
}

// debugFloat is Rust's Debug text of an f64 in the range where it prints no exponent; ok is
// false outside it.
func debugFloat(f float64) (string, bool) {
	a := f
	if a < 0 {
		a = -a
	}
	if a != 0 && (a < 1e-4 || a >= 1e16) || a != a {
		return "", false
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s, true
}

// snakeType spells a dotted resource type as Carina's identifiers do: each segment in
// snake_case, joined by "_".
func snakeType(t string) string {
	parts := strings.Split(t, ".")
	for i, p := range parts {
		parts[i] = snake(p)
	}
	return strings.Join(parts, "_")
}

func hex8(h uint64) string {
	s := strconv.FormatUint(h&0xffffffff, 16)
	return strings.Repeat("0", 8-len(s)) + s
}
