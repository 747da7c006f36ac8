package types

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// An export has a type: the one it declares, or the one Carina infers from its value (which
// must be inferable: "type annotation required" otherwise). Its value is then checked against
// that type by the exports' rule (ExportCheck).

// export checks one item of an exports block.
func (e *evaluator) export(it *grammar.OutputDecl) {
	if it == nil || it.Name == nil || it.Value == nil {
		return
	}
	v, err := e.value(it.Value)
	if err != nil {
		e.note(err)
		return
	}
	if !e.v.seeded {
		return // Carina checks exports on the configuration as its last pass reads it
	}
	e.scopeCheck(v, spanOf(it.Value))
	e.upstreamShapes(v, spanOf(it.Value))
	name := it.Name.Text
	var t *Type
	if it.Type != nil {
		t, _ = Annotation(it.Type, e.in.schemas)
	} else {
		inferred, reason := e.infer(v)
		if reason != "" {
			err := e.fail(spanOf(it.Value), RuleExportInference, "export '%s': type annotation required: %s", name, reason)
			if t := declarable(v.TypeOf()); t != nil {
				// The type the value has where Carina cannot infer it: a wait's passthrough, a
				// for item's attribute.
				at := grammar.Span{Start: it.Name.Span.End, End: it.Name.Span.End}
				err.fix = &Fix{Title: "Declare the type " + t.String(), Span: at, NewText: ": " + t.String()}
			}
			e.note(err)
			return
		}
		t = inferred
	}
	if t == nil || !t.Known() {
		return
	}
	if msg := ExportCheck(t, v); msg != "" {
		e.note(e.fail(spanOf(it.Value), RuleExportType, "export '%s': %s", name, msg))
	}
}

// infer infers a value's type as Carina does for an export without one: from constants and
// built-in calls, a collection's elements all of one type. reason says why it cannot; a nil type
// with no reason is a value whose type is known only elsewhere (a module's, an upstream's),
// which Carina lets pass.
func (e *evaluator) infer(v Value) (*Type, string) {
	switch v.Shape {
	case Str, Enum, Interp, SecretVal:
		return StringType, ""
	case IntVal:
		return IntType, ""
	case FloatVal:
		return FloatType, ""
	case BoolVal:
		return BoolType, ""
	case DurationVal:
		return DurationType, ""
	case ListVal, MapVal:
		if len(v.Elems) == 0 {
			return nil, "empty collection — element type cannot be inferred"
		}
		first, reason := e.infer(v.Elems[0])
		if first == nil {
			return nil, reason
		}
		for _, el := range v.Elems[1:] {
			t, reason := e.infer(el)
			if t == nil {
				return nil, reason
			}
			if !Identical(first, t) {
				return nil, fmt.Sprintf("collection element types disagree: `%s` vs `%s`", first, t)
			}
		}
		if v.Shape == ListVal {
			return ListOf(first), ""
		}
		return MapOf(first), ""
	case BindingRef:
		return nil, "bare binding reference has no attribute to infer"
	case Call:
		b := LookupBuiltin(v.Text)
		switch {
		case b == nil:
			// A user function's call not made yet counts too: Carina infers from built-ins only.
			return nil, fmt.Sprintf("unknown built-in function `%s`", v.Text)
		case b.Name == "secret" || b.Result.Kind == String:
			return StringType, ""
		case b.Result.Kind == Int:
			return IntType, ""
		case b.Result.Kind == List:
			return nil, fmt.Sprintf("built-in `%s` returns a list whose element type depends on arguments", v.Text)
		}
		return nil, fmt.Sprintf("built-in `%s` return type depends on arguments", v.Text)
	}
	// A reference: through a resource the schema's (Carina without its providers lets it
	// pass), through a module call or an upstream state their own declarations; a binding that
	// holds no attributes fails.
	if v.Shape == Ref {
		return nil, e.in.inferenceBinding(v.Text)
	}
	return nil, ""
}

// declarable returns the type to declare for a value of type t: t where an annotation can
// write it (a primitive, a custom type Carina names bare, a list or a map of those), a provider's
// refined type by the primitive it refines; nil for none.
func declarable(t *Type) *Type {
	if t == nil {
		return nil
	}
	switch t.Kind {
	case String, Int, Float, Bool, Duration:
		return t
	case Custom:
		if !strings.Contains(t.Name, ".") {
			return t
		}
		if t.Base != nil && t.Base.Kind != Custom {
			return declarable(t.Base)
		}
	case List, Map:
		if t.Elem == nil || t.Elem.Kind == List || t.Elem.Kind == Map {
			return nil
		}
		if el := declarable(t.Elem); el != nil {
			if t.Kind == List {
				return ListOf(el)
			}
			return MapOf(el)
		}
	}
	return nil
}
