package types

import (
	"math"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Shape is what a value is when Carina evaluates a configuration before apply: a constant
// (Concrete in Carina's terms), or a placeholder for something known later (Deferred).
// Carina's checks dispatch on the shape, not on a type, so the checks here do too.
type Shape uint8

// The shapes of a value.
const (
	// Unknowable is a value known only at apply time, with no shape of its own: a loop variable
	// over a list known after apply, a function parameter inside its body. Every check
	// accepts it.
	Unknowable Shape = iota
	Str
	// Enum is a bare or dotted identifier that names no binding: `dns`,
	// `aws.Region.ap_northeast_1`. The schema decides what it means.
	Enum
	IntVal
	FloatVal
	BoolVal
	DurationVal
	ListVal
	MapVal
	// Ref is a reference to an attribute of a binding, `vpc.vpc_id`.
	Ref
	// BindingRef is a bare reference to a binding that has no value of its own here: a module's
	// argument, a resource declared in a sibling file.
	BindingRef
	// Interp is a string with interpolations that are not all constants.
	Interp
	// Call is a function call not evaluated yet (Carina evaluates built-ins late).
	Call
	SecretVal
	// ClosureVal is a partially applied built-in function, or a composition of them.
	ClosureVal
)

// Value is a value as Carina evaluates it. Which fields are set depends on Shape.
type Value struct {
	Shape Shape
	// Text is a Str's or an Enum's text, a Ref's binding, a BindingRef's name, a Call's or a
	// ClosureVal's function ("__compose__" for a composition).
	Text  string
	Int   int64   // IntVal; DurationVal in seconds
	Float float64 // FloatVal
	Bool  bool    // BoolVal
	// Elems are a list's elements, a map's values (Keys beside them), a Call's arguments, an
	// Interp's parts (Str parts are literal text), a SecretVal's wrapped value (one), a
	// ClosureVal's captured arguments (for a composition: its stages, each a ClosureVal).
	Elems []Value
	Keys  []string // MapVal
	// Path is a Ref's attribute path after the binding: fields, and "[0]" or "[\"k\"]"
	// subscripts.
	Path []string
	// Remaining is how many more arguments a ClosureVal needs.
	Remaining int
	// Type is the static type where it says more than the shape: a reference's attribute type
	// from the schema, a call's result, a parameter's declared type. Nil: the shape's.
	Type *Type
	// opaque marks an Unknowable that Carina knows as a constant while it evaluates (what env()
	// and decrypt() return): Static, though its content is not known here.
	opaque bool
	// at is the statement a Call was written in: resolving it elsewhere (a let's value copied
	// into another) reports nothing, its own statement does.
	at *grammar.Stmt
	// static caches Static for a Call made from arguments whose Static is known: a pipe chain
	// nests its calls as deep as it is long, and each step asks of the one before it. A copy
	// whose Elems change must reset it (staticUnknown).
	static staticness
}

// staticness is a Call's cached Static: unknown (walk the arguments), or known.
type staticness uint8

const (
	staticUnknown staticness = iota
	staticYes
	staticNo
)

// staticnessOf is the cached form of a Static known.
func staticnessOf(static bool) staticness {
	if static {
		return staticYes
	}
	return staticNo
}

// Constructors of constants.

// StrOf returns the string constant s.
func StrOf(s string) Value { return Value{Shape: Str, Text: s} }

// IntOf returns the integer constant n.
func IntOf(n int64) Value { return Value{Shape: IntVal, Int: n} }

// BoolOf returns the boolean constant b.
func BoolOf(b bool) Value { return Value{Shape: BoolVal, Bool: b} }

// Unknown returns a value known only at apply time, of type t (nil: unknown).
func UnknownOf(t *Type) Value { return Value{Shape: Unknowable, Type: t} }

// Concrete reports whether v is a constant (Carina's Concrete values).
func (v Value) Concrete() bool {
	switch v.Shape {
	case Str, Enum, IntVal, FloatVal, BoolVal, DurationVal, ListVal, MapVal:
		return true
	}
	return false
}

// Static reports whether v is known before apply throughout: Carina evaluates a call eagerly
// only when its arguments are static.
func (v Value) Static() bool {
	if v.opaque {
		return true
	}
	switch v.Shape {
	case Str, Enum, IntVal, FloatVal, BoolVal, DurationVal:
		return true
	case ListVal, MapVal, Call, SecretVal:
		if v.static != staticUnknown {
			return v.static == staticYes
		}
		for _, e := range v.Elems {
			if !e.Static() {
				return false
			}
		}
		return true
	case ClosureVal:
		return true
	}
	return false
}

// Scalar reports whether v is a constant with no attributes to read: `x.foo` on it is Carina's
// "is not a resource" error.
func (v Value) Scalar() bool { return scalar(v) }

// Get returns a map's value for key k.
func (v Value) Get(k string) (Value, bool) {
	for i, key := range v.Keys {
		if key == k {
			return v.Elems[i], true
		}
	}
	return Value{}, false
}

// TypeOf returns the static type of v: its Type when set, else the type its shape implies.
func (v Value) TypeOf() *Type {
	if v.Type != nil {
		return v.Type
	}
	switch v.Shape {
	case Str, Interp:
		return StringType
	case IntVal:
		return IntType
	case FloatVal:
		return FloatType
	case BoolVal:
		return BoolType
	case DurationVal:
		return DurationType
	case ListVal:
		return ListOf(commonType(v.Elems))
	case MapVal:
		return MapOf(commonType(v.Elems))
	case SecretVal:
		if len(v.Elems) == 1 {
			return SecretOf(v.Elems[0].TypeOf())
		}
		return SecretOf(nil)
	case ClosureVal:
		if sig, ok := ClosureSignature(v.Text, v); ok {
			return sig.Type()
		}
	}
	return UnknownType
}

// commonType is the type every element has, or Unknown when they differ.
func commonType(vs []Value) *Type {
	if len(vs) == 0 {
		return UnknownType
	}
	t := vs[0].TypeOf()
	for _, v := range vs[1:] {
		if !Identical(t, v.TypeOf()) {
			return UnknownType
		}
	}
	return t
}

// ShapeName names v's shape as Carina's messages about user functions do ("string", "int",
// "resource reference").
func (v Value) ShapeName() string {
	switch v.Shape {
	case Str, Interp:
		return "string"
	case Enum:
		return "enum identifier"
	case IntVal:
		return "int"
	case FloatVal:
		return "float"
	case BoolVal:
		return "bool"
	case DurationVal:
		return "duration"
	case ListVal:
		return "list"
	case MapVal:
		return "map"
	case Ref:
		return "resource reference"
	case BindingRef:
		return "binding reference"
	case Call:
		return "function call"
	case SecretVal:
		return "secret"
	case ClosureVal:
		return "closure"
	}
	return "unknown"
}

// BuiltinShapeName names v's shape as Carina's built-in functions' messages do ("String",
// "EnumIdentifier", "ResourceRef").
func (v Value) BuiltinShapeName() string {
	switch v.Shape {
	case Str:
		return "String"
	case Enum:
		return "EnumIdentifier"
	case IntVal:
		return "Int"
	case FloatVal:
		return "Float"
	case BoolVal:
		return "Bool"
	case DurationVal:
		return "Duration"
	case ListVal:
		return "List"
	case MapVal:
		return "Map"
	case Ref:
		return "ResourceRef"
	case BindingRef:
		return "BindingRef"
	case Interp:
		return "Interpolation"
	case Call:
		return "FunctionCall"
	case SecretVal:
		return "Secret"
	case ClosureVal:
		return "Closure"
	}
	return "Unknown"
}

// RenderDuration writes seconds as Carina does: `2h`, `75min`, `30s`.
func RenderDuration(secs int64) string {
	switch {
	case secs == 0:
		return "0s"
	case secs%3600 == 0:
		return strconv.FormatInt(secs/3600, 10) + "h"
	case secs%60 == 0:
		return strconv.FormatInt(secs/60, 10) + "min"
	}
	return strconv.FormatInt(secs, 10) + "s"
}

// formatFloat writes a float as Rust's `{}` does: `2.5`, `1` for 1.0, `inf`.
func formatFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "NaN"
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// Source writes a constant as Carina source: `'text'`, `42`, `[1, 2]`, `{ a = 1 }`. Other
// shapes write what they stand for (`vpc.vpc_id`, `join(…)`).
func (v Value) Source() string {
	var b strings.Builder
	v.source(&b, 0)
	return b.String()
}

// sourceLimit bounds what Source writes, so that hover of a large constant stays short.
const sourceLimit = 400

func (v Value) source(b *strings.Builder, depth int) {
	if b.Len() > sourceLimit {
		return
	}
	switch v.Shape {
	case Str:
		b.WriteString(quote(v.Text))
	case Enum:
		b.WriteString(v.Text)
	case IntVal:
		b.WriteString(strconv.FormatInt(v.Int, 10))
	case FloatVal:
		s := formatFloat(v.Float)
		if !strings.ContainsAny(s, ".eEnN") {
			s += ".0"
		}
		b.WriteString(s)
	case BoolVal:
		b.WriteString(strconv.FormatBool(v.Bool))
	case DurationVal:
		b.WriteString(RenderDuration(v.Int))
	case ListVal:
		b.WriteByte('[')
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			e.source(b, depth+1)
		}
		b.WriteByte(']')
	case MapVal:
		if len(v.Keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{ ")
		for i, k := range v.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(k)
			b.WriteString(" = ")
			v.Elems[i].source(b, depth+1)
		}
		b.WriteString(" }")
	case Ref:
		b.WriteString(v.Text)
		for _, p := range v.Path {
			if !strings.HasPrefix(p, "[") {
				b.WriteByte('.')
			}
			b.WriteString(p)
		}
	case BindingRef:
		b.WriteString(v.Text)
	case Interp:
		b.WriteByte('"')
		for _, p := range v.Elems {
			if p.Shape == Str {
				b.WriteString(strings.ReplaceAll(p.Text, `"`, `\"`))
				continue
			}
			b.WriteString("${")
			p.source(b, depth+1)
			b.WriteByte('}')
		}
		b.WriteByte('"')
	case Call, ClosureVal:
		b.WriteString(v.Text)
		b.WriteByte('(')
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			e.source(b, depth+1)
		}
		b.WriteByte(')')
	case SecretVal:
		b.WriteString("secret(…)")
	default:
		b.WriteString("(known after apply)")
	}
}

// quote writes s as a Carina string literal, single-quoted unless it holds a single quote.
func quote(s string) string {
	if !strings.ContainsAny(s, "'\\\n") {
		return "'" + s + "'"
	}
	return strconv.Quote(s)
}

// Describe says what a value is, for messages: `string 'yes'`, `int 3`, `the name flag` (a bare
// name that names no value), `a reference to vpc.vpc_id`, `a function call join(…)`.
func (v Value) Describe() string {
	switch v.Shape {
	case Str:
		return "string " + quote(v.Text)
	case Enum:
		return "the name " + v.Text
	case IntVal:
		return "int " + strconv.FormatInt(v.Int, 10)
	case FloatVal:
		return "float " + formatFloat(v.Float)
	case BoolVal:
		return "bool " + strconv.FormatBool(v.Bool)
	case DurationVal:
		return "duration " + RenderDuration(v.Int)
	case ListVal:
		return "a list"
	case MapVal:
		return "a map"
	case Ref:
		return "a reference to " + v.Source() + " (known after apply)"
	case BindingRef:
		return "the binding " + v.Text + " (a placeholder until apply)"
	case Interp:
		return "an interpolated string known after apply"
	case Call:
		return "a call of " + v.Text + "() not made yet"
	case SecretVal:
		return "a secret"
	case ClosureVal:
		return "a partial application of " + v.Text
	}
	return "a value known only after apply"
}

// Evaluated returns the value a call of built-ins with constant arguments gives, as Carina
// computes it when it resolves the configuration (for display: Carina keeps such a call as it is
// while it parses); other values are returned as they are.
func Evaluated(v Value) Value {
	if v.Shape != Call || !v.Static() || LookupBuiltin(v.Text) == nil {
		return v
	}
	args := make([]Value, len(v.Elems))
	for i, a := range v.Elems {
		args[i] = Evaluated(a)
	}
	r, err := evalBuiltin(v.Text, args)
	if err != nil || r.Shape == ClosureVal {
		return v
	}
	return r
}
