package types

// Identical reports whether two types are the same type: the same kind and the same parts.
func Identical(a, b *Type) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case List, Map, Secret:
		return Identical(a.Elem, b.Elem)
	case Struct:
		if len(a.Fields) != len(b.Fields) {
			return false
		}
		for i := range a.Fields {
			if a.Fields[i].Name != b.Fields[i].Name || !Identical(a.Fields[i].Type, b.Fields[i].Type) {
				return false
			}
		}
		return true
	case Literal:
		return a.Lit == b.Lit
	case Union:
		if len(a.Alts) != len(b.Alts) {
			return false
		}
		for i := range a.Alts {
			if !Identical(a.Alts[i], b.Alts[i]) {
				return false
			}
		}
		return true
	case Custom, Resource, Module, Upstream, Provider, Closure:
		return a.Name == b.Name
	}
	return true
}
