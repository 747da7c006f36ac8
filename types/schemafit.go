package types

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// Whether a value written in a configuration fits an attribute's schema type is decided here:
// package diagnostics reports what these say, with its messages, hints and fixes.

// LiteralKind returns the kind of value a literal expression is: String (a string that
// interpolates nothing), Int, Float, Bool, Duration, List (a list literal) or Map (a map or
// struct literal); Unknown for a value known only at plan time (a reference, a call, an
// interpolated string, a conditional).
func LiteralKind(e grammar.Expr) Kind {
	switch x := e.(type) {
	case *grammar.StringLit:
		if x.Interpolated() {
			return Unknown
		}
		return String
	case *grammar.IntLit:
		return Int
	case *grammar.FloatLit:
		return Float
	case *grammar.BoolLit:
		return Bool
	case *grammar.DurationLit:
		return Duration
	case *grammar.ListExpr:
		return List
	case *grammar.MapExpr:
		return Map
	}
	return Unknown
}

// SchemaValue is a written value as the schema checks see it: its LiteralKind, and for a name
// that resolves to nothing in its scope (which only the model knows) its text, an enum value.
type SchemaValue struct {
	Kind  Kind
	Ident string // "" for anything else
}

// FitsSchema reports whether a value could be of the schema type t (resolved against its
// resource: schema.Resource.Resolve): a literal of a kind that type holds, a value known only at
// plan time where a string goes, an enum's member or an open enum's string. It picks a union's
// member; KindFit is the check of a literal against one type.
func FitsSchema(t *schema.Type, v SchemaValue) bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case schema.KindString:
		return v.Kind == String || v.Kind == Unknown
	case schema.KindEnum:
		if v.Ident != "" {
			_, match := t.Enum.Match(v.Ident)
			return match
		}
		return v.Kind == String && t.Enum != nil && t.Enum.Open
	}
	return KindFit(t.Kind, v.Kind) == Fits
}

// KindFit says whether a literal of kind k (LiteralKind) is a value of a schema type of kind t,
// its elements, bounds and format aside: Fits (an Int is also a Float, a map literal a map or a
// struct), Mismatch, or Unsure for a value known only at plan time and for the kinds a literal's
// kind does not decide (an enum, a union: FitsSchema; a reference, an unknown type).
func KindFit(t schema.Kind, k Kind) Fit {
	var fits bool
	switch {
	case k == Unknown:
		return Unsure
	case t == schema.KindString:
		fits = k == String
	case t == schema.KindInt:
		fits = k == Int
	case t == schema.KindFloat:
		fits = k == Int || k == Float
	case t == schema.KindBool:
		fits = k == Bool
	case t == schema.KindDuration:
		fits = k == Duration
	case t == schema.KindList:
		fits = k == List
	case t == schema.KindMap, t == schema.KindStruct:
		fits = k == Map
	default:
		return Unsure
	}
	if fits {
		return Fits
	}
	return Mismatch
}
