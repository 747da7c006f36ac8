package types

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// `if` and `for` are decided while Carina parses: a condition and an iterable must be known
// then, and only the branch taken (each element's iteration) is evaluated.

// staticValue evaluates a constant call as Carina's static evaluation does (for `if` conditions
// and `for` iterables): built-ins only, the arguments' calls first.
func (e *evaluator) staticValue(v Value, sp grammar.Span) (Value, *evalError) {
	switch v.Shape {
	case Call:
		args := make([]Value, len(v.Elems))
		for i, a := range v.Elems {
			r, err := e.staticValue(a, sp)
			if err != nil {
				return UnknownOf(nil), err
			}
			args[i] = r
		}
		r, err := evalBuiltin(v.Text, args)
		if err != nil {
			return UnknownOf(nil), e.fail(sp, RuleForIterable, "for iterable function call '%s' failed: %s", v.Text, err)
		}
		if r.Shape == ClosureVal {
			return UnknownOf(nil), e.fail(sp, RuleForIterable, "for iterable function call '%s' returned a closure '%s' (still needs %d arg(s)); finish the partial application", v.Text, r.Text, r.Remaining)
		}
		return r, nil
	case ListVal, MapVal:
		out := v
		out.Elems = make([]Value, len(v.Elems))
		for i, a := range v.Elems {
			r, err := e.staticValue(a, sp)
			if err != nil {
				return UnknownOf(nil), err
			}
			out.Elems[i] = r
		}
		return out, nil
	}
	return v, nil
}

// condition evaluates an `if` condition: a Bool known while Carina parses.
func (e *evaluator) condition(x grammar.Expr) (bool, *evalError) {
	v, err := e.value(x)
	if err != nil {
		return false, err
	}
	if !v.Static() {
		return false, e.fail(spanOf(x), RuleIfCondition, "if condition depends on a runtime value; condition must be statically known at parse time")
	}
	if v, err = e.staticValue(v, spanOf(x)); err != nil {
		err.rule = RuleIfCondition
		return false, err
	}
	if v.Shape != BoolVal {
		err := e.fail(spanOf(x), RuleIfCondition, "if condition must be a Bool value, got %s", v.Describe())
		if v.Shape == Enum && e.in.env != nil && len(e.in.env.Bindings(v.Text)) > 0 {
			err.msg += " (Carina reads an if condition before the lets declared after it or in other files: declare " + v.Text + " before this if, in the same file)"
		}
		return false, err
	}
	return v.Bool, nil
}

// ifValue evaluates an `if` where a value goes: the branch taken must yield one.
func (e *evaluator) ifValue(x *grammar.IfExpr) (Value, *evalError) {
	c, err := e.condition(x.Cond)
	if err != nil {
		return UnknownOf(nil), err
	}
	body := x.Then
	if !c {
		if x.Else == nil {
			return UnknownOf(nil), e.fail(ifHead(x), RuleIfWithoutElse, "if expression in value position requires an else clause when condition is false")
		}
		body = x.Else
	}
	return e.bodyValue(body, true)
}

// ifHead is where an `if` without else is reported: from its keyword to its condition's end.
func ifHead(x *grammar.IfExpr) grammar.Span {
	if x.Cond != nil {
		return grammar.Span{Start: x.Kw.Start, End: spanOf(x.Cond).End}
	}
	return x.Kw
}

// bodyValue evaluates an if or for body: its local lets, then its result. In a value position
// the result must be a value, not a resource or module call.
func (e *evaluator) bodyValue(b *grammar.Body, valuePos bool) (Value, *evalError) {
	if b == nil {
		return UnknownOf(nil), nil
	}
	m := e.mark()
	defer e.release(m)
	for _, l := range b.Lets {
		v, err := e.value(l.Value)
		if err != nil {
			return UnknownOf(nil), err
		}
		if l.Name != nil && l.Name.Text != "_" {
			e.push(l.Name, v)
		}
	}
	switch r := b.Result.(type) {
	case *grammar.ResourceExpr, *grammar.ModuleCallExpr:
		if valuePos {
			return UnknownOf(nil), e.fail(r.Pos(), RuleResourceInValue, "resource expressions and module calls cannot be used in if value expressions; use a let binding instead")
		}
		return e.construct(r)
	}
	return e.value(b.Result)
}

// construct evaluates a resource's or a module call's body where a statement holds one (a let's
// value, a for or if body): every attribute is evaluated, each error noted.
func (e *evaluator) construct(x grammar.Expr) (Value, *evalError) {
	switch x := x.(type) {
	case *grammar.ResourceExpr:
		e.makes(x)
		e.resourceBody(x.Body)
		return UnknownOf(nil), nil
	case *grammar.ModuleCallExpr:
		e.makes(x)
		e.moduleCall(x)
		return UnknownOf(nil), nil
	}
	return e.value(x)
}

// ifStatement evaluates an `if` standing as a statement or as a let's value: a false condition
// without else yields nothing.
func (e *evaluator) ifStatement(x *grammar.IfExpr) (Value, bool, *evalError) {
	c, err := e.condition(x.Cond)
	if err != nil {
		return UnknownOf(nil), false, err
	}
	body := x.Then
	if !c {
		if x.Else == nil {
			return UnknownOf(nil), false, nil
		}
		body = x.Else
	}
	v, err := e.bodyValue(body, false)
	return v, true, err
}

// forStatement evaluates a `for`: over a list or map known while Carina parses, its body once an
// element; over a reference (known after apply), its body once with the loop variables unknown,
// its errors then dropped as Carina drops them.
func (e *evaluator) forStatement(x *grammar.ForExpr) *evalError {
	it, err := e.eval(x.Iter)
	if err != nil {
		return err
	}
	if it.Shape == ClosureVal {
		return e.fail(spanOf(x.Iter), RuleForIterable, "for iterable evaluates to a closure '%s' (still needs %d arg(s)); closures cannot be iterated", it.Text, it.Remaining)
	}
	if it.Shape == Call {
		if !it.Static() {
			return e.fail(spanOf(x.Iter), RuleForIterable, "for iterable function call '%s' depends on a runtime value; all arguments must be statically known at parse time", it.Text)
		}
		if it, err = e.staticValue(it, spanOf(x.Iter)); err != nil {
			return err
		}
	}
	names := x.Bindings
	pattern, expected := "`for x in ...`", "list"
	switch {
	case len(names) == 2 && x.Paren:
		pattern = "`for i, x in ...`"
	case len(names) == 2:
		pattern, expected = "`for k, v in ...`", "map"
	}
	// failed says whether the last deferred body met an error: Carina then drops the loop whole.
	failed := false
	deferred := func(elem *Type) *evalError {
		m := e.mark()
		defer e.release(m)
		e.deferring++
		defer func() { e.deferring-- }()
		switch {
		case len(names) == 2 && x.Paren:
			e.push(names[0], UnknownOf(IntType))
			e.push(names[1], UnknownOf(elem))
		case len(names) == 2:
			e.push(names[0], UnknownOf(StringType))
			e.push(names[1], UnknownOf(elem))
		case len(names) == 1:
			e.push(names[0], UnknownOf(elem))
		}
		saved := len(e.errs)
		_, err := e.bodyValue(x.Body, false)
		failed = err != nil || len(e.errs) > saved
		e.errs = e.errs[:saved] // Carina drops what a deferred body's evaluation meets
		return nil
	}
	// Carina reads a bare name, or a string that looks like one, as the name of what it
	// iterates once that is known: it must be a binding (unless the loop was dropped).
	// Carina records (and checks the iterable's name of) only a loop whose body is a resource.
	_, resourceBody := bodyResult(x.Body).(*grammar.ResourceExpr)
	named := func(name string) *evalError {
		deferred(nil)
		if !failed && resourceBody && !e.localName(name) && !e.in.known(name) {
			err := e.fail(spanOf(x.Iter), RuleUndefined, "undefined binding %q", name)
			err.subject = name
			if it.Shape == Str {
				err.msg += " (Carina reads a string iterated by for as the name of a binding: '" + it.Text + "' names none; iterate a list or a map)"
			}
			return err
		}
		return nil
	}
	switch it.Shape {
	case Ref:
		if msg := e.upstreamIterable(x, it); msg != "" {
			return e.fail(spanOf(x.Iter), RuleUpstreamShape, "%s", msg)
		}
		deferred(elemOf(it.TypeOf()))
		if !failed {
			e.scopeCheck(it, spanOf(x.Iter))
		}
		return nil
	case Unknowable:
		return deferred(elemOf(it.TypeOf()))
	case Enum:
		return named(it.Text)
	case Str:
		if identifierLike(it.Text) {
			return named(it.Text)
		}
	case ListVal:
		if expected == "list" {
			for i, el := range it.Elems {
				m := e.mark()
				if len(names) == 2 {
					e.push(names[0], IntOf(int64(i)))
					e.push(names[1], el)
				} else if len(names) == 1 {
					e.push(names[0], el)
				}
				saved := e.suffix
				e.suffix = "[" + strconv.Itoa(i) + "]"
				_, err := e.bodyValue(x.Body, false)
				e.suffix = saved
				e.release(m)
				if err != nil {
					return err
				}
			}
			return nil
		}
	case MapVal:
		if expected == "map" {
			keys := slices.Clone(it.Keys)
			slices.Sort(keys)
			for _, k := range keys {
				v, _ := it.Get(k)
				m := e.mark()
				e.push(names[0], StrOf(k))
				e.push(names[1], v)
				saved := e.suffix
				e.suffix = ItemSuffix(k)
				_, err := e.bodyValue(x.Body, false)
				e.suffix = saved
				e.release(m)
				if err != nil {
					return err
				}
			}
			return nil
		}
	}
	return e.fail(spanOf(x.Iter), RuleForIterable, "%s — iterable is %s (expected %s)", pattern, describeIterable(it), expected)
}

// elemOf is the type of an element of a list or a map's value.
func elemOf(t *Type) *Type {
	if t != nil && (t.Kind == List || t.Kind == Map) {
		return t.Elem
	}
	return nil
}

// describeIterable says what an iterable is, in Carina's words.
func describeIterable(v Value) string {
	switch v.Shape {
	case Str:
		s := v.Text
		if len(s) > 50 {
			s = s[:50]
		}
		return "string " + strconv.Quote(s)
	case IntVal:
		return "int " + strconv.FormatInt(v.Int, 10)
	case FloatVal:
		return "float " + formatFloat(v.Float)
	case BoolVal:
		return "bool " + strconv.FormatBool(v.Bool)
	case DurationVal:
		return "duration " + RenderDuration(v.Int)
	case ListVal:
		return "list"
	case MapVal:
		return "map"
	}
	return v.Describe()
}

// Debug writes a value as Carina's messages show one in its internal notation:
// `Concrete(String("yes"))`, `Deferred(BindingRef { binding: "core" })`.
func (v Value) Debug() string {
	var b strings.Builder
	v.debug(&b)
	return b.String()
}

func (v Value) debug(b *strings.Builder) {
	switch v.Shape {
	case Str:
		fmt.Fprintf(b, "Concrete(String(%s))", strconv.Quote(v.Text))
	case Enum:
		fmt.Fprintf(b, "Concrete(EnumIdentifier(%s))", strconv.Quote(v.Text))
	case IntVal:
		fmt.Fprintf(b, "Concrete(Int(%d))", v.Int)
	case FloatVal:
		s := formatFloat(v.Float)
		if !strings.ContainsAny(s, ".eEnN") {
			s += ".0"
		}
		fmt.Fprintf(b, "Concrete(Float(%s))", s)
	case BoolVal:
		fmt.Fprintf(b, "Concrete(Bool(%t))", v.Bool)
	case DurationVal:
		fmt.Fprintf(b, "Concrete(Duration(%ds))", v.Int)
	case ListVal:
		b.WriteString("Concrete(List([")
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			e.debug(b)
		}
		b.WriteString("]))")
	case MapVal:
		b.WriteString("Concrete(Map({")
		for i, k := range v.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(k) + ": ")
			v.Elems[i].debug(b)
		}
		b.WriteString("}))")
	case BindingRef:
		fmt.Fprintf(b, "Deferred(BindingRef { binding: %s })", strconv.Quote(v.Text))
	case Ref:
		fmt.Fprintf(b, "Deferred(ResourceRef { path: %s })", v.Source())
	case Interp:
		fmt.Fprintf(b, "Deferred(Interpolation(%s))", v.Source())
	case Call:
		fmt.Fprintf(b, "Deferred(FunctionCall { name: %s, .. })", strconv.Quote(v.Text))
	case SecretVal:
		b.WriteString("Deferred(Secret(..))")
	default:
		b.WriteString("Deferred(Unknown(..))")
	}
}

// bodyResult returns a body's result, or nil.
func bodyResult(b *grammar.Body) grammar.Expr {
	if b == nil {
		return nil
	}
	return b.Result
}
