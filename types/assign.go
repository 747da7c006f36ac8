package types

// Fit says how well a value of one type fits where another is expected.
type Fit uint8

// The degrees of fit, from worst to best.
const (
	Mismatch Fit = iota // a value of that type does not fit
	Unsure              // one of the types is unknown
	Fits                // it fits: the same kind of value
	Exact               // the same refined type (the same identity, literal, resource type)
)

// FitOf says how well a value of type from fits where to is expected: the static counterpart of
// the checks of values, for ranking and hints. A string fits a refined string type (its format
// is checked on constants, so it is Unsure), an identity does not fit another identity.
func FitOf(to, from *Type) Fit {
	if !to.Known() || !from.Known() {
		return Unsure
	}
	if from.Kind == Secret {
		return FitOf(to, from.Elem)
	}
	if from.Kind == Union && to.Kind != Union {
		// One of several: as good as its best alternative, short of exact.
		best := Mismatch
		for _, a := range from.Alts {
			best = max(best, min(FitOf(to, a), Fits))
		}
		return best
	}
	switch to.Kind {
	case String:
		if from.Stringish() {
			return Fits
		}
	case Custom:
		switch {
		case from.Kind == Custom && from.Name == to.Name:
			return Exact
		case from.Kind == Custom && from.dotted() && to.dotted():
			return Mismatch // two identities: a subnet's id is no VPC's
		case to.Base != nil && (from.Kind == to.Base.Kind || from.Stringish() && to.Base.Kind == String):
			// A plain string may or may not have the refined type's format, or be one of an
			// enum's values.
			return Unsure
		}
	case Int:
		if from.Kind == Int || from.Kind == Custom && from.Base != nil && from.Base.Kind == Int {
			return Fits
		}
	case Float:
		if from.Kind == Float || from.Kind == Int {
			return Fits
		}
	case Bool, Duration:
		if from.Kind == to.Kind {
			return Fits
		}
	case List:
		if from.Kind == List {
			if f := FitOf(to.Elem, from.Elem); f == Mismatch {
				return Mismatch
			}
			return Fits
		}
	case Map, Struct:
		if from.Kind == Map || from.Kind == Struct {
			return Fits
		}
	case Literal:
		if from.Kind == Literal && from.Lit == to.Lit {
			return Exact
		}
		if from.Kind == String {
			return Fits
		}
	case Union:
		best := Mismatch
		for _, a := range to.Alts {
			best = max(best, FitOf(a, from))
		}
		return best
	case Resource:
		if from.Kind == Resource && from.Name == to.Name {
			return Exact
		}
		if from.Stringish() {
			return Fits // a resource's reference as written in a string
		}
	default:
		if from.Kind == to.Kind {
			return Fits
		}
	}
	return Mismatch
}
