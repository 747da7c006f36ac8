package types

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/spell"
	"github.com/carina-rs/carina-lsp/schema"
)

// Annotation converts a type annotation to a type, with what Carina rejects in it: a primitive
// written in lower case, a name that is no type, a struct with a field twice. schemas (may be
// nil) tells resource types and providers' custom types from other dotted names.
func Annotation(t *grammar.TypeExpr, schemas *schema.Index) (*Type, []Problem) {
	if t == nil || len(t.Atoms) == 0 {
		return UnknownType, nil
	}
	var probs []Problem
	ty := annotation(t, schemas, &probs)
	return ty, probs
}

func annotation(t *grammar.TypeExpr, schemas *schema.Index, probs *[]Problem) *Type {
	if t == nil || len(t.Atoms) == 0 {
		return UnknownType
	}
	alts := make([]*Type, 0, len(t.Atoms))
	for _, a := range t.Atoms {
		alts = append(alts, atom(a, schemas, probs))
	}
	return UnionOf(alts...)
}

func atom(a *grammar.TypeAtom, schemas *schema.Index, probs *[]Problem) *Type {
	if a.Lit != nil {
		return LiteralOf(a.Lit.Value)
	}
	switch {
	case a.Name == "list" && !a.Bare:
		return ListOf(annotation(a.Elem, schemas, probs))
	case a.Name == "map" && !a.Bare:
		return MapOf(annotation(a.Elem, schemas, probs))
	case a.Name == "struct" && !a.Bare:
		fields := make([]Field, 0, len(a.Fields))
		seen := map[string]bool{}
		for _, f := range a.Fields {
			if f.Name == nil {
				continue
			}
			if seen[f.Name.Text] {
				*probs = append(*probs, Problem{Span: f.Name.Span, Rule: RuleDuplicateField,
					Msg: "struct has duplicate field name '" + f.Name.Text + "'"})
			}
			seen[f.Name.Text] = true
			fields = append(fields, Field{Name: f.Name.Text, Type: annotation(f.Type, schemas, probs)})
		}
		return StructOf(fields)
	}
	switch a.Name {
	case "String":
		return StringType
	case "Int":
		return IntType
	case "Float":
		return FloatType
	case "Bool":
		return BoolType
	case "Duration":
		return DurationType
	case "string", "int", "float", "bool":
		pascal := strings.ToUpper(a.Name[:1]) + a.Name[1:]
		*probs = append(*probs, Problem{Span: a.Span, Rule: RuleUnknownTypeName,
			Msg: "unknown type '" + a.Name + "'; primitive types are PascalCase — use '" + pascal + "' instead",
			Fix: &Fix{Title: "Change to " + pascal, Span: a.Span, NewText: pascal, Safe: true}})
		return UnknownType
	}
	if a.Name == "" {
		return UnknownType
	}
	if strings.Contains(a.Name, ".") {
		return dottedType(a.Name, schemas)
	}
	if c := a.Name[0]; c < 'A' || c > 'Z' {
		*probs = append(*probs, Problem{Span: a.Span, Rule: RuleUnknownTypeName,
			Msg: "unknown type '" + a.Name + "'; custom types must use a registered type name"})
		return UnknownType
	}
	return &Type{Kind: Custom, Name: a.Name, Base: StringType, Schema: customSchema(a.Name, schemas)}
}

// dottedType is the type a dotted name in an annotation stands for: a resource type, or a
// provider's custom type (an identity such as `aws.ec2.Vpc.Id`).
func dottedType(name string, schemas *schema.Index) *Type {
	if schemas != nil {
		if r := schemas.Resource(name); r != nil {
			return &Type{Kind: Resource, Name: name, Res: r}
		}
	}
	return &Type{Kind: Custom, Name: name, Base: StringType, Schema: customSchema(name, schemas)}
}

// customSchema returns the schema's description of a custom type as a string type, or nil.
func customSchema(name string, schemas *schema.Index) *schema.Type {
	if schemas == nil {
		return nil
	}
	if ct := schemas.CustomType(name); ct != nil {
		return &schema.Type{Kind: schema.KindString, Identity: ct.Identity, Pattern: ct.Pattern}
	}
	return nil
}

// KnownCustom reports whether a custom type's name is known: one of Carina's own, or a custom
// type of a loaded provider. Carina rejects the others in arguments, attributes and exports
// when its providers are loaded.
func KnownCustom(name string, schemas *schema.Index) bool {
	if _, ok := builtinCustom(name); ok {
		return true
	}
	if schemas == nil {
		return true // nothing to tell them from
	}
	if strings.Contains(name, ".") {
		if schemas.Resource(name) != nil || schemas.CustomType(name) != nil {
			return true
		}
		// Unknown only to a provider whose schemas list every type it has.
		provider, _, _ := strings.Cut(name, ".")
		return !schemas.Complete(provider)
	}
	return schemas.CustomType(name) != nil
}

// UnknownCustoms returns the names of t's custom types (at any depth) that KnownCustom rejects.
func UnknownCustoms(t *Type, schemas *schema.Index) []string {
	var out []string
	var walk func(*Type)
	walk = func(t *Type) {
		if t == nil {
			return
		}
		switch t.Kind {
		case Custom:
			if !KnownCustom(t.Name, schemas) {
				out = append(out, t.Name)
			}
		case List, Map, Secret:
			walk(t.Elem)
		case Struct:
			for _, f := range t.Fields {
				walk(f.Type)
			}
		case Union:
			for _, a := range t.Alts {
				walk(a)
			}
		}
	}
	walk(t)
	return out
}

// dotted reports whether t was written as a dotted name (a resource type or a provider's custom
// type), which Carina checks as a string.
func (t *Type) dotted() bool {
	return (t.Kind == Custom || t.Kind == Resource) && strings.Contains(t.Name, ".")
}

// snake writes a PascalCase type name in snake case, as Carina names a custom type in some
// messages: `Ipv4Cidr` → `ipv4_cidr`.
func snake(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			b.WriteByte(c + 'a' - 'A')
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// suggestCustom returns the known custom type closest to an unknown name, or "" (spell.Closest:
// the one rule of every did-you-mean).
func suggestCustom(name string, schemas *schema.Index) string {
	var names []string
	for _, c := range customTypes {
		names = append(names, c.name)
	}
	return spell.Closest(name, append(names, schemas.CustomTypeNames()...), nil)
}
