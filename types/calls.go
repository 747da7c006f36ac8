package types

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Function calls as Carina evaluates them while it parses: a partial application of a built-in
// (fewer arguments than it takes) is made at once, a user function declared earlier in the same
// file is called at once when its arguments are constants, a partial application held by a let
// is applied at once; every other call (a complete built-in call included) waits, and is
// evaluated later where Carina resolves values (resource attributes and let values, see
// resolve).

// call evaluates `f(args)`.
func (e *evaluator) call(c *grammar.CallExpr) (Value, *evalError) {
	if c.Fn == nil {
		return UnknownOf(nil), nil
	}
	args := make([]Value, 0, len(c.Args))
	for _, a := range c.Args {
		v, err := e.value(a)
		if err != nil {
			return UnknownOf(nil), err
		}
		args = append(args, v)
	}
	return e.apply(c.Fn.Text, c.Pos(), args, false)
}

// apply calls function name with evaluated arguments at parse time. letPipe says the call is a
// pipe's target in a top-level let, where Carina does not call user functions at once.
func (e *evaluator) apply(name string, sp grammar.Span, args []Value, letPipe bool) (Value, *evalError) {
	static := allStatic(args)
	if b := e.lookup(name); b.found && b.variable && b.value.Shape == ClosureVal && static {
		v, err := applyClosure(b.value, args)
		if err != nil {
			return UnknownOf(nil), e.fail(sp, closureRule(b.value, err), "%s", err.Error())
		}
		return v, nil
	}
	if !letPipe && static {
		if fn := e.userFunction(name); fn != nil {
			return e.callUser(fn, sp, args)
		}
	}
	if b := LookupBuiltin(name); b != nil && len(args) < b.Arity && static {
		v, err := evalBuiltin(name, args)
		if err != nil {
			return UnknownOf(nil), e.fail(sp, RuleBuiltinArgument, "%s(): %s", name, err.Error())
		}
		return v, nil
	}
	return Value{Shape: Call, Text: name, Elems: args, Type: e.in.callType(name), at: e.st, static: staticnessOf(static)}, nil
}

// closureRule is the rule an error of applying a closure breaks: too many arguments, or the
// function's own complaint about them.
func closureRule(c Value, err error) Rule {
	msg := err.Error()
	if strings.Contains(msg, "closure expects") || strings.HasPrefix(msg, "composed function expects") {
		return RuleClosureArity
	}
	return RuleBuiltinArgument
}

func allStatic(args []Value) bool {
	for _, a := range args {
		if !a.Static() {
			return false
		}
	}
	return true
}

// binary evaluates `|>`, `>>` and `??`. letPath says the expression is a top-level let's value,
// where Carina reads only the left side of `??` and calls no user function a pipe names.
//
// A chain `x |> f() |> g() ...` is a tree as deep as the chain is long, its left operands nested:
// it is evaluated in a loop from the innermost left operand out, so that the stack does not grow
// with the chain, and a chain of compositions extends one list of stages, not a copy a step.
func (e *evaluator) binary(x *grammar.BinaryExpr, letPath bool) (Value, *evalError) {
	chain := []*grammar.BinaryExpr{x} // outermost first
	for n := x; readsLeft(n.Op); {
		inner, ok := n.X.(*grammar.BinaryExpr)
		if !ok {
			break
		}
		chain = append(chain, inner)
		n = inner
	}
	var v Value
	var err *evalError
	var stages []Value // the stages of the composition the step before made, appended to in place
	for i := len(chain) - 1; i >= 0; i-- {
		n := chain[i]
		if !readsLeft(n.Op) {
			// Comparisons and && || belong to conditions, evaluated apart (see conditions).
			v = UnknownOf(BoolType)
			continue
		}
		if i == len(chain)-1 {
			v, err = e.eval(n.X) // not a binary expression: evalLet's rules are eval's
		} else {
			e.rec(n.X, v) // as evalLet records a left operand evaluated
		}
		if err != nil {
			return UnknownOf(nil), err
		}
		if v, stages, err = e.operator(n, v, stages, letPath); err != nil {
			return UnknownOf(nil), err
		}
	}
	return v, nil
}

// readsLeft reports whether an operator evaluates its left operand as a value.
func readsLeft(op grammar.Kind) bool {
	return op == grammar.Coalesce || op == grammar.Pipe || op == grammar.Compose
}

// operator applies `|>`, `>>` or `??` to its left operand's value. stages are those of the
// composition left is, when the caller made it and owns them (nil: another); a composition
// returns its own, for the next step.
func (e *evaluator) operator(x *grammar.BinaryExpr, left Value, stages []Value, letPath bool) (Value, []Value, *evalError) {
	switch x.Op {
	case grammar.Coalesce:
		if letPath {
			return left, nil, nil
		}
		right, err := e.eval(x.Y)
		if err != nil {
			return UnknownOf(nil), nil, err
		}
		if left.Shape == Ref {
			return right, nil, nil
		}
		return left, nil, nil
	case grammar.Pipe:
		v, err := e.pipe(x, left, letPath)
		return v, nil, err
	}
	right, err := e.eval(x.Y)
	if err != nil {
		return UnknownOf(nil), nil, err
	}
	if left.Shape != ClosureVal {
		return UnknownOf(nil), nil, e.fail(spanOf(x.X), RuleComposeOperand, "left side of >> must be a Closure (partially applied function), got %s", left.ShapeName())
	}
	if right.Shape != ClosureVal {
		return UnknownOf(nil), nil, e.fail(spanOf(x.Y), RuleComposeOperand, "right side of >> must be a Closure (partially applied function), got %s", right.ShapeName())
	}
	switch {
	case stages != nil:
		stages = append(stages, right)
	case left.Text == composeName:
		stages = append(slices.Clone(left.Elems), right)
	default:
		stages = []Value{left, right}
	}
	// The value's stages are capped: appending to them copies, never writes over the next step's.
	return Value{Shape: ClosureVal, Text: composeName, Elems: slices.Clip(stages), Remaining: 1}, stages, nil
}

// pipe applies `left |> f(args)`: f(args, left).
func (e *evaluator) pipe(x *grammar.BinaryExpr, val Value, letPath bool) (Value, *evalError) {
	c, ok := x.Y.(*grammar.CallExpr)
	if !ok || c.Fn == nil {
		return UnknownOf(nil), nil
	}
	extra := make([]Value, 0, len(c.Args)+1)
	for _, a := range c.Args {
		v, err := e.value(a)
		if err != nil {
			return UnknownOf(nil), err
		}
		extra = append(extra, v)
	}
	if b := e.lookup(c.Fn.Text); b.found && b.variable && b.value.Shape == ClosureVal {
		all := append(slices.Clone(extra), val)
		if allStatic(all) {
			v, err := applyClosure(b.value, all)
			if err != nil {
				return UnknownOf(nil), e.fail(spanOf(x), closureRule(b.value, err), "%s", err.Error())
			}
			return e.rec(c, v), nil
		}
	}
	if val.Shape == ClosureVal {
		if letPath {
			return UnknownOf(nil), e.fail(spanOf(x), RulePipeClosure, "cannot pipe a closure into '%s' — finish the partial application first", c.Fn.Text)
		}
		return UnknownOf(nil), e.fail(spanOf(x), RulePipeClosure, "cannot pipe a closure '%s' (still needs %d arg(s)) into '%s' — finish the partial application first", val.Text, val.Remaining, c.Fn.Text)
	}
	v, err := e.apply(c.Fn.Text, spanOf(x), append(extra, val), letPath)
	if err != nil {
		return UnknownOf(nil), err
	}
	return e.rec(c, v), nil
}

// evalLet evaluates the left operand of an operator of a top-level let's value with the let's
// rules, any other with the ordinary ones.
func (e *evaluator) evalLet(x grammar.Expr, letPath bool) (Value, *evalError) {
	if b, ok := x.(*grammar.BinaryExpr); ok && letPath {
		v, err := e.binary(b, true)
		if err != nil {
			return UnknownOf(nil), err
		}
		return e.rec(x, v), nil
	}
	return e.eval(x)
}

// callUser calls a user function with evaluated arguments, as Carina does: recursion and the
// number of arguments are checked, each argument against its parameter's declared type, then the
// body is evaluated with the arguments in place of the parameters, and its result checked
// against the declared return type. Errors inside are reported at the call.
func (e *evaluator) callUser(fn *userFunc, sp grammar.Span, args []Value) (Value, *evalError) {
	if slices.Contains(e.calls, fn.name) {
		return UnknownOf(nil), e.fail(sp, RuleRecursive, "Recursive function call detected: %s", fn.name)
	}
	required := 0
	for _, p := range fn.params {
		if !p.optional {
			required++
		}
	}
	if len(args) < required {
		return UnknownOf(nil), e.fail(sp, RuleFunctionArity, "function '%s' expects at least %d argument(s), got %d", fn.name, required, len(args))
	}
	if len(args) > len(fn.params) {
		return UnknownOf(nil), e.fail(sp, RuleFunctionArity, "function '%s' expects at most %d argument(s), got %d", fn.name, len(fn.params), len(args))
	}
	subst := map[string]Value{}
	for i, p := range fn.params {
		v := p.def
		if i < len(args) {
			v = args[i]
		}
		if p.typ != nil {
			if msg := checkParam(fn.name, p.name, p.typ, v); msg != "" {
				return UnknownOf(nil), e.fail(sp, RuleParameterType, "%s", msg)
			}
		}
		subst[p.name] = v
	}
	e.calls = append(e.calls, fn.name)
	defer func() { e.calls = e.calls[:len(e.calls)-1] }()
	for _, l := range fn.lets {
		v, err := e.fnValue(substitute(l.value, subst), sp)
		if err != nil {
			return UnknownOf(nil), err
		}
		subst[l.name] = v
	}
	result, err := e.fnValue(substitute(fn.body, subst), sp)
	if err != nil {
		return UnknownOf(nil), err
	}
	result = canonicalize(result)
	if fn.ret != nil {
		if msg := checkReturn(fn.name, fn.ret, result); msg != "" {
			return UnknownOf(nil), e.fail(sp, RuleReturnType, "%s", msg)
		}
		if result.Shape == Unknowable || result.Shape == Call || result.Shape == Ref || result.Shape == Interp {
			result.Type = fn.ret.typ
		}
	}
	return result, nil
}

// fnValue evaluates the calls of a function body's value, as Carina does when it calls the
// function: built-ins at once (one that fails stays a call), a partial application held by a
// let of the caller's file, and user functions of the caller's file.
func (e *evaluator) fnValue(v Value, sp grammar.Span) (Value, *evalError) {
	switch v.Shape {
	case Call:
		args := make([]Value, len(v.Elems))
		for i, a := range v.Elems {
			r, err := e.fnValue(a, sp)
			if err != nil {
				return UnknownOf(nil), err
			}
			args[i] = r
		}
		if b := e.lookup(v.Text); b.found && b.variable && b.value.Shape == ClosureVal {
			r, err := applyClosure(b.value, args)
			if err != nil {
				return UnknownOf(nil), e.fail(sp, closureRule(b.value, err), "%s", err.Error())
			}
			if r.Shape == ClosureVal {
				return UnknownOf(nil), e.fail(sp, RuleClosureAsData, "applying closure '%s' (still needs %d arg(s)) leaves a closure; finish the partial application before using the result as data", r.Text, r.Remaining)
			}
			return r, nil
		}
		if LookupBuiltin(v.Text) != nil {
			r, err := evalBuiltin(v.Text, args)
			if err == nil {
				if r.Shape == ClosureVal {
					return UnknownOf(nil), e.fail(sp, RuleClosureAsData, "%s(): produced a closure '%s' (still needs %d arg(s)); finish the partial application before using the result as data", v.Text, r.Text, r.Remaining)
				}
				return r, nil
			}
		}
		if fn := e.userFunction(v.Text); fn != nil {
			return e.callUser(fn, sp, args)
		}
		return Value{Shape: Call, Text: v.Text, Elems: args, Type: v.Type, static: staticnessOf(allStatic(args))}, nil
	case ListVal, MapVal:
		out := v
		out.Elems = make([]Value, len(v.Elems))
		for i, a := range v.Elems {
			r, err := e.fnValue(a, sp)
			if err != nil {
				return UnknownOf(nil), err
			}
			out.Elems[i] = r
		}
		return out, nil
	case Interp:
		parts := make([]Value, len(v.Elems))
		for i, a := range v.Elems {
			r, err := e.fnValue(a, sp)
			if err != nil {
				return UnknownOf(nil), err
			}
			parts[i] = r
		}
		return Value{Shape: Interp, Elems: parts, Type: v.Type}, nil
	}
	return v, nil
}

// placeholder marks a function's parameter or local inside its body's value, until a call puts
// the argument there.
const placeholderPrefix = "\x00param:"

// substitute puts the arguments in place of a body's placeholders.
func substitute(v Value, subst map[string]Value) Value {
	switch v.Shape {
	case Unknowable:
		if len(v.Text) > len(placeholderPrefix) && v.Text[:len(placeholderPrefix)] == placeholderPrefix {
			if r, ok := subst[v.Text[len(placeholderPrefix):]]; ok {
				return r
			}
		}
		return v
	case ListVal, MapVal, Call, Interp, SecretVal:
		out := v
		out.Elems = make([]Value, len(v.Elems))
		out.static = staticUnknown // a parameter's placeholder gives way to an argument
		for i, a := range v.Elems {
			out.Elems[i] = substitute(a, subst)
		}
		return out
	}
	return v
}

// canonicalize folds the constant parts of interpolations, through lists and maps, as Carina
// does with a function's result.
func canonicalize(v Value) Value {
	switch v.Shape {
	case Interp:
		parts := make([]Value, len(v.Elems))
		for i, p := range v.Elems {
			parts[i] = canonicalize(p)
		}
		r := canonical(parts)
		if r.Shape == Interp {
			r.Type = v.Type
		}
		return r
	case ListVal, MapVal:
		out := v
		out.Elems = make([]Value, len(v.Elems))
		for i, a := range v.Elems {
			out.Elems[i] = canonicalize(a)
		}
		return out
	}
	return v
}
