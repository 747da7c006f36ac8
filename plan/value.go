package plan

import (
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/state"
)

// Kind is what a Value is.
type Kind uint8

// The kinds of a plan value.
const (
	Null Kind = iota
	Str
	Int
	Float
	Bool
	List
	Map
	// Ref is a reference to an attribute of a resource whose value is known only after apply
	// (Text is the reference as written: vpc.vpc_id).
	Ref
	// Secret is a secret: from the configuration (its text kept unexported, for the comparison
	// with the stored hash, and never displayed) or a stored hash.
	Secret
	// Unknown is a value this package cannot evaluate (a function call, an argument).
	Unknown
	// Enum is an enum identifier as written whose schema enum is not known here.
	Enum
	// Interp is a string with interpolations not all known (Elems: its parts, a Str part
	// literal text).
	Interp
)

// Value is an attribute's value on either side of a change, configured or stored.
type Value struct {
	Kind  Kind
	Text  string // Str's; Ref's reference; a stored Secret's hash (never displayed)
	Int   int64
	Float float64
	Bool  bool
	Elems []Value  // List's; Map's values
	Keys  []string // Map's keys
	ref   *refTarget
	enum  string // a Str resolved from an enum identifier: the identifier as written
	// masked is a stored write-only attribute's value: compared, never displayed.
	masked bool
	// duration marks an Int written as a duration (in seconds); upstream an Unknown read from
	// an upstream_state that does not publish it (ref: what it reads). Carina holds both as
	// values of their own, which its anonymous names hash.
	duration bool
	upstream bool
	// loop marks an Unknown that a deferred for's loop variable gives (deferredfor.go).
	loop bool
	// secret is a configured Secret's value, for the comparison with a stored hash (secret.go).
	secret *configured
}

// mask marks a value and everything inside it as never displayed.
func mask(v Value) Value {
	v.masked = true
	if len(v.Elems) > 0 {
		elems := make([]Value, len(v.Elems))
		for i, e := range v.Elems {
			elems[i] = mask(e)
		}
		v.Elems = elems
	}
	return v
}

// refTarget is what a Ref names: a binding and the attribute path after it.
type refTarget struct {
	binding string
	path    []string
}

// Get returns a Map's member.
func (v Value) Get(k string) (Value, bool) {
	for i, key := range v.Keys {
		if key == k {
			return v.Elems[i], true
		}
	}
	return Value{}, false
}

// fromState converts a stored value as Carina's json_to_dsl_value does: null members dropped.
func fromState(v state.Value) Value {
	switch v.Kind {
	case state.String:
		if v.Secret() {
			return Value{Kind: Secret, Text: v.Str}
		}
		return Value{Kind: Str, Text: v.Str}
	case state.Number:
		if n, ok := v.Int(); ok {
			return Value{Kind: Int, Int: n}
		}
		return Value{Kind: Float, Float: v.Float()}
	case state.Bool:
		return Value{Kind: Bool, Bool: v.Bool}
	case state.Array:
		out := Value{Kind: List}
		for _, e := range v.Elems {
			if e.Kind != state.Null {
				out.Elems = append(out.Elems, fromState(e))
			}
		}
		return out
	case state.Object:
		if api, ok := canonicalEnum(v); ok {
			return Value{Kind: Str, Text: api}
		}
		out := Value{Kind: Map}
		for i, k := range v.Keys {
			if v.Fields[i].Kind != state.Null {
				out.Keys = append(out.Keys, k)
				out.Elems = append(out.Elems, fromState(v.Fields[i]))
			}
		}
		return out
	}
	return Value{Kind: Null}
}

// canonicalEnum reads Carina's stored canonical enum ({"Enum": {"identity": ..., "api_value": ...}})
// as its wire value.
func canonicalEnum(v state.Value) (string, bool) {
	if len(v.Keys) != 1 || v.Keys[0] != "Enum" || v.Fields[0].Kind != state.Object {
		return "", false
	}
	api, ok := v.Fields[0].Get("api_value")
	if !ok || api.Kind != state.String {
		return "", false
	}
	return api.Str, true
}

// Equal reports whether two values are the same as Carina's differ compares them: numbers by
// value, maps regardless of key order, a Ref or Unknown never equal (its value is not known).
func Equal(a, b Value) bool {
	switch {
	case a.Kind == Int && b.Kind == Float:
		return float64(a.Int) == b.Float
	case a.Kind == Float && b.Kind == Int:
		return a.Float == float64(b.Int)
	case a.Kind != b.Kind:
		return false
	}
	switch a.Kind {
	case Null:
		return true
	case Str:
		return a.Text == b.Text
	case Int:
		return a.Int == b.Int
	case Float:
		return a.Float == b.Float
	case Bool:
		return a.Bool == b.Bool
	case List:
		if len(a.Elems) != len(b.Elems) {
			return false
		}
		for i := range a.Elems {
			if !Equal(a.Elems[i], b.Elems[i]) {
				return false
			}
		}
		return true
	case Map:
		if len(a.Keys) != len(b.Keys) {
			return false
		}
		for i, k := range a.Keys {
			bv, ok := b.Get(k)
			if !ok || !Equal(a.Elems[i], bv) {
				return false
			}
		}
		return true
	case Secret:
		return a.Text != "" && a.Text == b.Text
	}
	return false
}

// Display prints a scalar as Carina's plan does (strings in double quotes, a secret as
// "(secret)", a reference as written); lists and maps inline.
func (v Value) Display() string {
	if v.masked {
		return "(secret)"
	}
	switch v.Kind {
	case Str:
		if v.enum != "" {
			return v.Text // an enum prints its wire value bare
		}
		return quote(v.Text)
	case Int:
		return strconv.FormatInt(v.Int, 10)
	case Float:
		return formatFloat(v.Float)
	case Bool:
		return strconv.FormatBool(v.Bool)
	case Ref, Enum:
		return v.Text
	case Secret:
		return "(secret)"
	case Unknown:
		if v.Text != "" {
			return v.Text // why it is unknown, as Carina words it
		}
		return "(known after apply)"
	case Interp:
		var b strings.Builder
		b.WriteByte('"')
		for _, p := range v.Elems {
			if p.Kind == Str {
				b.WriteString(p.Text)
				continue
			}
			b.WriteString("${" + p.Display() + "}")
		}
		b.WriteByte('"')
		return b.String()
	case List:
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i] = e.Display()
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case Map:
		parts := make([]string, len(v.Keys))
		for i, k := range sortedKeys(v) {
			e, _ := v.Get(k)
			parts[i] = k + ": " + e.Display()
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return "null"
}

// quote writes a string as Carina's plan does: in double quotes, nothing escaped.
func quote(s string) string { return `"` + s + `"` }

// sortedKeys returns a Map's keys in byte order, as Carina prints maps.
func sortedKeys(v Value) []string {
	keys := slices.Clone(v.Keys)
	slices.Sort(keys)
	return keys
}

func formatFloat(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}
