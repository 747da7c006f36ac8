package types

import (
	"fmt"
	"slices"
	"strconv"
)

// A value is checked against a declared type in four places, each with Carina's own rule:
// a user function's parameters and result (checkParam, checkReturn), an export (ExportCheck, also
// the first check of a module call's arguments) and a module call's argument when the module is
// expanded (ArgumentCheck). The rules look at a value's shape, not at a type: what is not known
// before apply mostly passes.

// stringShaped reports whether a value counts as a string for a declared type: a string, an
// interpolation, or a reference (known after apply).
func stringShaped(v Value) bool { return v.Shape == Str || v.Shape == Interp || v.Shape == Ref }

// validateCustom checks a value against a custom type as Carina does: the text of a constant
// against Carina's own validator; a placeholder passes; a constant that is no text is refused.
func validateCustom(name string, v Value) (validation, mismatch string) {
	switch v.Shape {
	case Str, Enum:
		if err := ValidateCustom(name, v.Text); err != nil {
			return err.Error(), ""
		}
		return "", ""
	case Ref, Call, Interp, Unknowable:
		return "", ""
	}
	return "", fmt.Sprintf("expected %s, got %s", name, v.ShapeName())
}

// fnAccepts reports whether a user function's parameter (or result) of type t takes v; for a
// custom type it also returns the validator's complaint.
func fnAccepts(t *Type, v Value) (ok bool, invalid string) {
	switch t.Kind {
	case String:
		return stringShaped(v), ""
	case Int:
		return v.Shape == IntVal, ""
	case Float:
		return v.Shape == FloatVal, ""
	case Bool:
		return v.Shape == BoolVal, ""
	case Duration:
		return v.Shape == DurationVal, ""
	case List:
		return v.Shape == ListVal, ""
	case Map, Struct:
		return v.Shape == MapVal, ""
	case Literal:
		return v.Shape == Str && v.Text == t.Lit, ""
	case Union:
		for _, a := range t.Alts {
			switch a.Kind {
			case Literal:
				if v.Shape == Str && v.Text == a.Lit {
					return true, ""
				}
			case String:
				if stringShaped(v) {
					return true, ""
				}
			}
		}
		return false, ""
	case Custom, Resource:
		if !stringShaped(v) {
			return false, ""
		}
		if t.dotted() || v.Shape != Str {
			return true, ""
		}
		if err := ValidateCustom(t.Name, v.Text); err != nil {
			return true, err.Error()
		}
		return true, ""
	}
	return true, ""
}

// checkParam checks an argument of a user function call against its parameter's declared type;
// it returns Carina's message, or "".
func checkParam(fn, param string, p *declared, v Value) string {
	if v.Shape == Unknowable {
		return ""
	}
	ok, invalid := fnAccepts(p.typ, v)
	if invalid != "" {
		return fmt.Sprintf("function '%s': parameter '%s' type '%s' validation failed: %s", fn, param, snake(p.typ.Name), invalid)
	}
	if !ok {
		return fmt.Sprintf("function '%s': parameter '%s' expects type '%s', got %s", fn, param, p.typ, v.ShapeName())
	}
	return ""
}

// checkReturn checks a user function's result against its declared return type.
func checkReturn(fn string, r *declared, v Value) string {
	if v.Shape == Unknowable {
		return ""
	}
	ok, invalid := fnAccepts(r.typ, v)
	if invalid != "" {
		return fmt.Sprintf("function '%s': return type '%s' validation failed: %s", fn, snake(r.typ.Name), invalid)
	}
	if !ok {
		return fmt.Sprintf("function '%s': return type '%s' does not match actual return value of type %s", fn, r.typ, v.ShapeName())
	}
	return ""
}

// ExportCheck checks a value against a declared type as Carina checks an export's value (and,
// before it expands a module, the arguments of a call): lists are looked into, structs must
// have exactly their fields, and a constant of the wrong kind of scalar is refused; maps,
// literals and what is known only after apply pass. It returns Carina's message, or "".
func ExportCheck(t *Type, v Value) string {
	if v.Shape == Unknowable {
		return ""
	}
	switch t.Kind {
	case Custom:
		if !t.dotted() {
			valid, mismatch := validateCustom(t.Name, v)
			if valid != "" {
				return valid
			}
			return mismatch
		}
	case List:
		if v.Shape == ListVal {
			for i, el := range v.Elems {
				if msg := ExportCheck(t.Elem, el); msg != "" {
					return fmt.Sprintf("Element %d: %s", i, msg)
				}
			}
		}
		return ""
	case Struct:
		if v.Shape != MapVal {
			return fmt.Sprintf("expected %s, got %s.", t, v.ShapeName())
		}
		keys := slices.Clone(v.Keys)
		slices.Sort(keys)
		for _, k := range keys {
			if t.Field(k) == nil {
				return fmt.Sprintf("expected struct, unknown field '%s'.", k)
			}
		}
		for _, f := range t.Fields {
			if _, ok := v.Get(f.Name); !ok {
				return fmt.Sprintf("expected struct, missing field '%s'.", f.Name)
			}
		}
		for _, f := range t.Fields {
			fv, _ := v.Get(f.Name)
			if msg := ExportCheck(f.Type, fv); msg != "" {
				return fmt.Sprintf("field '%s': %s", f.Name, msg)
			}
		}
		return ""
	}
	return scalarMismatch(t, v)
}

// scalarMismatch is Carina's literal check of a scalar constant against a scalar type.
func scalarMismatch(t *Type, v Value) string {
	dotted := t.dotted()
	switch {
	case t.Kind == Bool && v.Shape == Str:
		return fmt.Sprintf("expected Bool, got string %s. Use true or false.", strconv.Quote(v.Text))
	case (t.Kind == Int || t.Kind == Float) && v.Shape == Str:
		return fmt.Sprintf("expected %s, got string %s.", t, strconv.Quote(v.Text))
	}
	wrong := false
	switch v.Shape {
	case BoolVal:
		wrong = t.Kind == String || t.Kind == Int || t.Kind == Float || dotted
	case IntVal:
		wrong = t.Kind == String || t.Kind == Bool || dotted
	case FloatVal:
		wrong = t.Kind == String || t.Kind == Bool || t.Kind == Int || dotted
	}
	if !wrong {
		return ""
	}
	switch v.Shape {
	case BoolVal:
		return fmt.Sprintf("expected %s, got bool (%t).", t, v.Bool)
	case IntVal:
		return fmt.Sprintf("expected %s, got int (%d).", t, v.Int)
	}
	return fmt.Sprintf("expected %s, got float (%s).", t, formatFloat(v.Float))
}

// ArgumentCheck checks a module call's argument against the argument's declared type as Carina
// does when it expands the call: strictly, with the enclosing module's argument types for a
// value that passes one of them on (enclosing: nil outside a module). It returns "expected …"
// with Carina's description of the value, or "".
func ArgumentCheck(t *Type, v Value, enclosing func(name string) *Type) string {
	if v.Shape == BindingRef && enclosing != nil {
		if at := enclosing(v.Text); at != nil {
			if compatible(t, at) {
				return ""
			}
			return fmt.Sprintf("expected %s, got binding reference", t)
		}
	}
	if msg := argMismatch(t, v); msg != "" {
		return msg
	}
	return ""
}

// argMismatch is check_type_match: "" when v fits t.
func argMismatch(t *Type, v Value) string {
	switch v.Shape {
	case Call, Unknowable, BindingRef:
		return ""
	}
	fail := func() string { return fmt.Sprintf("expected %s, got %s", t, describeShape(v)) }
	switch t.Kind {
	case String:
		if !stringShaped(v) {
			return fail()
		}
	case Int:
		if v.Shape != IntVal {
			return fail()
		}
	case Float:
		if v.Shape != FloatVal {
			return fail()
		}
	case Bool:
		if v.Shape != BoolVal {
			return fail()
		}
	case Duration:
		if v.Shape != DurationVal {
			return fail()
		}
	case List:
		if v.Shape == Ref {
			return ""
		}
		if v.Shape != ListVal {
			return fail()
		}
		for _, el := range v.Elems {
			if argMismatch(t.Elem, el) != "" {
				return fail()
			}
		}
	case Map:
		if v.Shape == Ref {
			return ""
		}
		if v.Shape != MapVal {
			return fail()
		}
		for _, el := range v.Elems {
			if argMismatch(t.Elem, el) != "" {
				return fail()
			}
		}
	case Custom, Resource:
		if !stringShaped(v) {
			return fail()
		}
		if !t.dotted() && v.Shape == Str {
			if err := ValidateCustom(t.Name, v.Text); err != nil {
				return fmt.Sprintf("expected %s (%s), got %s", t, err, describeShape(v))
			}
		}
	case Struct:
		if v.Shape == Ref {
			return ""
		}
		if v.Shape != MapVal || len(v.Keys) != len(t.Fields) {
			return fail()
		}
		for _, f := range t.Fields {
			fv, ok := v.Get(f.Name)
			if !ok || argMismatch(f.Type, fv) != "" {
				return fail()
			}
		}
	case Literal:
		if v.Shape != Str || v.Text != t.Lit {
			return fail()
		}
	case Union:
		for _, a := range t.Alts {
			if argMismatch(a, v) == "" {
				return ""
			}
		}
		return fail()
	}
	return ""
}

// describeShape names a value's shape as Carina's module messages do.
func describeShape(v Value) string {
	if v.Shape == Interp {
		return "interpolation"
	}
	return v.ShapeName()
}

// compatible reports whether a value of declared type actual may be passed on where expected is
// declared, as Carina compares an enclosing module's argument with a nested call's.
func compatible(expected, actual *Type) bool {
	str := func(t *Type) bool {
		return t.Kind == String || t.Kind == Custom || t.Kind == Resource || t.Kind == Literal
	}
	switch {
	case str(expected) && str(actual):
		return true
	case expected.Kind == Union:
		for _, a := range expected.Alts {
			if compatible(a, actual) {
				return true
			}
		}
		return false
	case actual.Kind == Union:
		for _, a := range actual.Alts {
			if compatible(expected, a) {
				return true
			}
		}
		return false
	case expected.Kind != actual.Kind:
		return false
	}
	switch expected.Kind {
	case Int, Float, Bool, Duration:
		return true
	case List, Map:
		return compatible(expected.Elem, actual.Elem)
	case Struct:
		if len(expected.Fields) != len(actual.Fields) {
			return false
		}
		for i, f := range expected.Fields {
			if actual.Fields[i].Name != f.Name || !compatible(f.Type, actual.Fields[i].Type) {
				return false
			}
		}
		return true
	}
	return false
}
