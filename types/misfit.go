package types

import (
	"fmt"
	"net/netip"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// What a written value is against its attribute's schema type, below its kind: its elements,
// enum members, bounds and formats. Package diagnostics turns each Misfit into a message, a
// severity, a code and a fix; it decides none of them.

// MisfitKind says how a value does not fit its schema type.
type MisfitKind uint8

const (
	WrongKind    MisfitKind = iota // a literal of a kind the type does not take (Found, Hint)
	NotMember                      // a string or identifier that is no value of Enum (Suggestion)
	QuotedMember                   // a closed enum's value written as a string (Value)
	OldEnumForm                    // an enum value written in an older form (Match)
	NotRegion                      // a region enum's member no schema lists (Written, Closest)
	NotZone                        // an availability zone that is no region's (Written, Example)
	OutOfRange                     // a number or length outside Bounds (Measure, Number)
	NotCIDR                        // a string that is no CIDR block
	HostBits                       // a CIDR block with host bits set (Network)
	WrongFamily                    // an IPv4 block where IPv6 goes, or the reverse
	NotAddress                     // a string that is no IP address
	StructBody                     // not a misfit: a struct literal, whose body the caller checks
)

// Hint is what a WrongKind literal most likely meant.
type Hint uint8

const (
	NoHint        Hint = iota
	UnquoteNumber      // a number in quotes
	UnquoteBool        // 'true' or 'false'
	TrueOrFalse        // another string where a Bool goes
	AddUnit            // a count where a Duration goes
	MakeList           // one element where a list of them goes
)

// Measure is what OutOfRange measured.
type Measure uint8

const (
	NumberValue Measure = iota
	StringLength
	ListLength
)

// Misfit is one finding of SchemaSite.Misfits, at Expr (statement-relative spans as parsed).
type Misfit struct {
	Kind MisfitKind
	Expr grammar.Expr
	// Path leads from the value checked to Expr: "[0]" for a list's element, ".key" for a map's
	// value.
	Path  string
	Type  *schema.Type // the type expected, resolved
	Found Kind         // Expr's LiteralKind
	Hint  Hint

	Enum       *schema.Enum
	Written    string           // the enum identifier, string, region or zone as written
	Value      schema.EnumValue // QuotedMember's value; NotMember's suggestion
	Suggestion bool             // NotMember has one in Value
	Only       bool             // it is the one close value: safe to apply
	Match      schema.EnumMatch // OldEnumForm's match
	Closest    string           // NotRegion's did-you-mean ("" for none)
	Example    string           // NotZone's example region

	Bounds  *schema.Bounds
	Measure Measure
	Number  float64
	Network netip.Prefix
}

// SchemaSite is where a value is checked against schema types: its resource and what only the
// model and the index know.
type SchemaSite struct {
	Resource *schema.Resource
	// Undeclared reports whether a path is a reference the model resolves to no declaration in
	// its scope: written where an enum goes, an enum identifier.
	Undeclared func(*grammar.PathExpr) bool
	// Regions lists the DSL spellings of the regions the schemas list, for every provider; nil
	// leaves region and zone members unchecked.
	Regions func() []string
}

// Ident returns the text of an expression that can only be an enum identifier: a name or dotted
// name whose root resolves to no declaration.
func (s SchemaSite) Ident(x grammar.Expr) (string, bool) {
	p, ok := x.(*grammar.PathExpr)
	if !ok || s.Undeclared == nil || !s.Undeclared(p) {
		return "", false
	}
	return p.String(), true
}

// Fits reports whether x could be of type t (FitsSchema): it picks a union's member.
func (s SchemaSite) Fits(t *schema.Type, x grammar.Expr) bool {
	id, _ := s.Ident(x)
	return FitsSchema(s.Resource.Resolve(t), SchemaValue{Kind: LiteralKind(x), Ident: id})
}

// Misfits walks x against type t, into its lists, maps and a union's member, in the order of
// the text; a struct literal is a StructBody the caller checks as a block. Values known only at
// plan time (references, calls, interpolations) fit.
func (s SchemaSite) Misfits(t *schema.Type, x grammar.Expr) []Misfit {
	var out []Misfit
	s.walk(t, x, "", &out)
	return out
}

func (s SchemaSite) walk(t *schema.Type, x grammar.Expr, path string, out *[]Misfit) {
	t = s.Resource.Resolve(t)
	if t == nil || x == nil {
		return
	}
	add := func(m Misfit) {
		m.Expr, m.Path = x, path
		if m.Type == nil {
			m.Type = t
		}
		*out = append(*out, m)
	}
	switch t.Kind {
	case schema.KindUnion:
		for _, m := range t.Members {
			if s.Fits(m, x) {
				s.walk(m, x, path, out)
				return
			}
		}
		if k := LiteralKind(x); k != Unknown {
			add(Misfit{Kind: WrongKind, Found: k})
		}
		return
	case schema.KindEnum:
		for _, m := range s.EnumMisfits(t.Enum, x) {
			add(m)
		}
		return
	}
	kind := LiteralKind(x)
	switch KindFit(t.Kind, kind) {
	case Unsure:
		return
	case Mismatch:
		add(Misfit{Kind: WrongKind, Found: kind, Hint: s.hint(t, x, kind)})
		return
	}
	switch t.Kind {
	case schema.KindString:
		for _, m := range stringMisfits(t, x.(*grammar.StringLit)) {
			add(m)
		}
	case schema.KindInt:
		if m, ok := outOfRange(t.Range, NumberValue, float64(x.(*grammar.IntLit).Value)); ok {
			add(m)
		}
	case schema.KindFloat:
		v := 0.0
		switch x := x.(type) {
		case *grammar.IntLit:
			v = float64(x.Value)
		case *grammar.FloatLit:
			v = x.Value
		}
		if m, ok := outOfRange(t.Range, NumberValue, v); ok {
			add(m)
		}
	case schema.KindList:
		l := x.(*grammar.ListExpr)
		if m, ok := outOfRange(t.Length, ListLength, float64(len(l.Elems))); ok {
			add(m)
		}
		for i, el := range l.Elems {
			s.walk(t.Element, el, fmt.Sprintf("%s[%d]", path, i), out)
		}
	case schema.KindMap:
		for _, it := range x.(*grammar.MapExpr).Body.Items {
			if a, ok := it.(*grammar.Attribute); ok && a.Value != nil {
				s.walk(t.Value, a.Value, path+"."+a.Key.Text, out)
			}
		}
	case schema.KindStruct:
		add(Misfit{Kind: StructBody})
	}
}

// hint says what a literal of a kind type t does not take most likely meant.
func (s SchemaSite) hint(t *schema.Type, x grammar.Expr, kind Kind) Hint {
	str, quoted := x.(*grammar.StringLit)
	switch t.Kind {
	case schema.KindInt, schema.KindFloat:
		if quoted && numeric(str.Value, t.Kind == schema.KindFloat) {
			return UnquoteNumber
		}
	case schema.KindBool:
		if quoted && (str.Value == "true" || str.Value == "false") {
			return UnquoteBool
		} else if kind == String {
			return TrueOrFalse
		}
	case schema.KindDuration:
		if _, ok := x.(*grammar.IntLit); ok {
			return AddUnit
		}
	case schema.KindList:
		if el := s.Resource.Resolve(t.Element); el != nil && el.Kind != schema.KindList && s.Fits(el, x) {
			return MakeList
		}
	}
	return NoHint
}
