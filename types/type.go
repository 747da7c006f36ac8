package types

import (
	"strings"

	"github.com/carina-rs/carina-lsp/schema"
)

// Kind is the shape of a Type.
type Kind uint8

// The kinds of type.
const (
	// Unknown is the type of what is known only at apply time or could not be inferred: nothing
	// is reported through it, in either direction.
	Unknown Kind = iota
	String
	Int
	Float
	Bool
	Duration
	List
	Map
	Struct
	// Literal is a string literal type, `'dev'`: only that string.
	Literal
	// Union is one of several types, `'dev' | 'prod'`.
	Union
	// Custom is a refined string (or number): Carina's own `Ipv4Cidr`, `Email`, ..., a provider's
	// identity type (`aws.ec2.Vpc.Id`) or a schema enum. Name is its identity; Base what it
	// refines.
	Custom
	// Resource is a resource or data source binding (`aws.s3.Bucket`): its attributes are the
	// schema's.
	Resource
	// Module is a module: the alias of a `use` (its arguments and attributes), or an instance
	// made by calling it (its attributes).
	Module
	// Upstream is an `upstream_state` binding: the exports of another configuration.
	Upstream
	// Closure is a partially applied function, waiting for more arguments.
	Closure
	// Secret is a value wrapped by `secret()`.
	Secret
	// Provider is a named provider instance, `let us = provider aws { ... }`.
	Provider
)

// Field is one field of a struct type.
type Field struct {
	Name string
	Type *Type
}

// Type is the static type of a Carina value. Types are immutable once made; the kinds without
// parts are the shared values below (StringType, ...).
type Type struct {
	Kind   Kind
	Elem   *Type   // List, Map: the element; Secret: the wrapped value's type
	Fields []Field // Struct, in declared order
	Lit    string  // Literal
	Alts   []*Type // Union
	// Name is a Custom type's identity ("Ipv4Cidr", "aws.ec2.Vpc.Id"), a Resource's type
	// ("aws.s3.Bucket"), a Module's alias, an Upstream's binding, a Closure's function.
	Name string
	Base *Type // Custom: the primitive it refines
	// Schema is the provider schema's own type where the type came from one (a resource
	// attribute, an identity type, an enum), for hover.
	Schema *schema.Type
	Res    *schema.Resource // Resource: its schema, nil when none is loaded
	Read   bool             // Resource: a data source (`read`)
	// Params are a Closure's remaining parameters, Result what the function returns.
	Params []*Type
	Result *Type
}

// The types without parts.
var (
	UnknownType  = &Type{Kind: Unknown}
	StringType   = &Type{Kind: String}
	IntType      = &Type{Kind: Int}
	FloatType    = &Type{Kind: Float}
	BoolType     = &Type{Kind: Bool}
	DurationType = &Type{Kind: Duration}
)

// ListOf returns `list(elem)`.
func ListOf(elem *Type) *Type { return &Type{Kind: List, Elem: orUnknown(elem)} }

// MapOf returns `map(elem)`.
func MapOf(elem *Type) *Type { return &Type{Kind: Map, Elem: orUnknown(elem)} }

// LiteralOf returns the string literal type `'s'`.
func LiteralOf(s string) *Type { return &Type{Kind: Literal, Lit: s} }

// UnionOf returns the union of alts; one alternative is itself.
func UnionOf(alts ...*Type) *Type {
	if len(alts) == 1 {
		return alts[0]
	}
	return &Type{Kind: Union, Alts: alts}
}

// StructOf returns the struct type with these fields.
func StructOf(fields []Field) *Type { return &Type{Kind: Struct, Fields: fields} }

// SecretOf returns the type of a secret wrapping a value of type t.
func SecretOf(t *Type) *Type { return &Type{Kind: Secret, Elem: orUnknown(t)} }

func orUnknown(t *Type) *Type {
	if t == nil {
		return UnknownType
	}
	return t
}

// Known reports whether t says something about its values (it is not Unknown).
func (t *Type) Known() bool { return t != nil && t.Kind != Unknown }

// Field returns the type of a struct's field name, or nil.
func (t *Type) Field(name string) *Type {
	for _, f := range t.Fields {
		if f.Name == name {
			return f.Type
		}
	}
	if t.Schema != nil && t.Schema.Kind == schema.KindStruct {
		if m := t.Schema.Fields()[name]; m != nil {
			return FromSchema(m.Type)
		}
	}
	return nil
}

// Stringish reports whether values of t are strings at run time: String, a literal, a union of
// them, or a refined string.
func (t *Type) Stringish() bool {
	switch t.Kind {
	case String, Literal:
		return true
	case Custom:
		return t.Base == nil || t.Base.Kind == String
	case Union:
		for _, a := range t.Alts {
			if !a.Stringish() {
				return false
			}
		}
		return len(t.Alts) > 0
	}
	return false
}

// String writes the type as Carina writes a type annotation: `String`, `list(Int)`,
// `struct { a: String }`, `'dev' | 'prod'`, `Ipv4Cidr`, `aws.s3.Bucket`.
func (t *Type) String() string {
	var b strings.Builder
	t.write(&b, annotationSpelling)
	return b.String()
}

// SchemaString writes a type that came from a provider's schema as Carina's messages about the
// schema name it (its attribute types' names): `List<String>`, `Map<String>`, `Struct(Name)`, a
// refined type's or an enum's identity, `Ref(name)` for a ref not followed. The messages that
// quote Carina's use it; everything else prints String.
func (t *Type) SchemaString() string {
	var b strings.Builder
	t.write(&b, schemaSpelling)
	return b.String()
}

// SchemaName is a provider schema's attribute type as Carina's messages name it (SchemaString).
func SchemaName(st *schema.Type) string { return FromSchema(st).SchemaString() }

// spelling is how write names a type.
type spelling uint8

const (
	annotationSpelling spelling = iota // as a type annotation is written: list(String)
	schemaSpelling                     // as Carina names a schema's types: List<String>
)

func (t *Type) write(b *strings.Builder, sp spelling) {
	if sp == schemaSpelling {
		if name, ok := t.schemaName(); ok {
			b.WriteString(name)
			return
		}
	}
	if t == nil {
		b.WriteString("unknown")
		return
	}
	switch t.Kind {
	case Unknown:
		b.WriteString("unknown")
	case String:
		b.WriteString("String")
	case Int:
		b.WriteString("Int")
	case Float:
		b.WriteString("Float")
	case Bool:
		b.WriteString("Bool")
	case Duration:
		b.WriteString("Duration")
	case List, Map:
		name := "list"
		if t.Kind == Map {
			name = "map"
		}
		b.WriteString(name)
		if t.Elem.Known() {
			b.WriteByte('(')
			t.Elem.write(b, sp)
			b.WriteByte(')')
		}
	case Struct:
		if t.Schema != nil && len(t.Fields) == 0 {
			b.WriteString("struct ")
			b.WriteString(t.Name)
			return
		}
		if len(t.Fields) == 0 {
			b.WriteString("struct {}")
			return
		}
		b.WriteString("struct { ")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(f.Name)
			b.WriteString(": ")
			f.Type.write(b, sp)
		}
		b.WriteString(" }")
	case Literal:
		b.WriteByte('\'')
		b.WriteString(t.Lit)
		b.WriteByte('\'')
	case Union:
		for i, a := range t.Alts {
			if i > 0 {
				b.WriteString(" | ")
			}
			a.write(b, sp)
		}
	case Custom, Resource:
		b.WriteString(t.Name)
	case Module:
		b.WriteString("module ")
		b.WriteString(t.Name)
	case Upstream:
		b.WriteString("upstream_state ")
		b.WriteString(t.Name)
	case Provider:
		b.WriteString("provider ")
		b.WriteString(t.Name)
	case Secret:
		b.WriteString("secret(")
		t.Elem.write(b, sp)
		b.WriteByte(')')
	case Closure:
		// Carina writes no function types; this is the signature's shape without the names.
		b.WriteString("fn(")
		for i, p := range t.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			p.write(b, sp)
		}
		b.WriteByte(')')
		if t.Result != nil {
			b.WriteString(" -> ")
			t.Result.write(b, sp)
		}
	}
}

// schemaName is what Carina's schema names differently from an annotation, and whether it
// does: the containers, a struct by its name, what the schema's own type says of an enum, a ref
// it could not follow or a type it does not know.
func (t *Type) schemaName() (name string, ok bool) {
	if t == nil || t.Kind == Unknown && t.Schema == nil {
		return "Unknown", true
	}
	if st := t.Schema; st != nil {
		switch {
		case st.Kind == schema.KindRef:
			return "Ref(" + st.Ref + ")", true
		case t.Kind == Unknown && st.Expr != "":
			return st.Expr, true
		case t.Kind == Unknown:
			return "Unknown", true
		case st.Kind == schema.KindEnum && st.Identity != "":
			return st.Identity, true
		case st.Kind == schema.KindEnum:
			return "Enum", true
		case st.Kind == schema.KindStruct:
			return "Struct(" + st.Name + ")", true
		}
	}
	switch t.Kind {
	case List:
		return "List<" + t.Elem.SchemaString() + ">", true
	case Map:
		return "Map<" + t.Elem.SchemaString() + ">", true
	}
	return "", false
}
