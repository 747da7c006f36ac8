package types

import (
	"fmt"

	"github.com/carina-rs/carina-lsp/grammar"
)

// An argument's `validation { condition = ... }` and a module's `require` are evaluated by Carina
// for each call of the module, on the values the call gives the arguments: comparisons, && || !,
// and len()/length(). A value known only after apply cannot be compared, so it is an error there.

// condMode tells a validation condition (one argument in scope, no null) from a require
// condition (every argument in scope, null allowed).
type condMode struct {
	require bool
	arg     string           // validation: the argument's name
	args    map[string]Value // require: the arguments
	what    string           // "validate" or "require", for messages
}

// cval is a value a condition computes with.
type cval struct {
	kind  byte // 'b' bool, 'i' int, 'f' float, 'd' duration, 's' string, 'n' null
	b     bool
	i     int64 // int; duration seconds
	f     float64
	s     string
	debug string // Carina's notation of it, for messages
}

func (v cval) String() string { return v.debug }

func boolC(b bool) cval { return cval{kind: 'b', b: b, debug: fmt.Sprintf("Bool(%t)", b)} }

// EvalValidation evaluates an argument's validation condition on the argument's value; ok says
// whether it holds, err is Carina's message when it cannot be evaluated.
func EvalValidation(cond grammar.Expr, arg string, v Value) (ok bool, err error) {
	m := condMode{arg: arg, args: map[string]Value{arg: v}, what: "validate"}
	r, err := m.eval(cond)
	if err != nil {
		return false, err
	}
	if r.kind != 'b' {
		return false, fmt.Errorf("validate expression must return a boolean, got %s", r)
	}
	return r.b, nil
}

// EvalRequire evaluates a module's require condition on the arguments' values.
func EvalRequire(cond grammar.Expr, args map[string]Value) (ok bool, err error) {
	m := condMode{require: true, args: args, what: grammar.RequireConstruct.Keyword()}
	r, err := m.eval(cond)
	if err != nil {
		return false, err
	}
	if r.kind != 'b' {
		return false, fmt.Errorf("require expression must return a boolean, got %s", r)
	}
	return r.b, nil
}

func (m condMode) variable(name string) (cval, error) {
	v, ok := m.args[name]
	if !ok || !m.require && name != m.arg {
		if m.require {
			return cval{}, fmt.Errorf("unknown variable '%s' in require expression", name)
		}
		return cval{}, fmt.Errorf("unknown variable '%s' in validate expression (expected '%s')", name, m.arg)
	}
	switch v.Shape {
	case IntVal:
		return cval{kind: 'i', i: v.Int, debug: fmt.Sprintf("Int(%d)", v.Int)}, nil
	case FloatVal:
		return cval{kind: 'f', f: v.Float, debug: "Float(" + formatFloat(v.Float) + ")"}, nil
	case BoolVal:
		return boolC(v.Bool), nil
	case DurationVal:
		return cval{kind: 'd', i: v.Int, debug: fmt.Sprintf("Duration(%ds)", v.Int)}, nil
	case Str:
		return cval{kind: 's', s: v.Text, debug: fmt.Sprintf("String(%q)", v.Text)}, nil
	}
	if m.require {
		return cval{}, fmt.Errorf("unsupported value type for require expression: %s (a condition compares values known while Carina reads the call)", v.Describe())
	}
	return cval{}, fmt.Errorf("unsupported value type for validation: %s (a condition compares values known while Carina reads the call)", v.Describe())
}

func (m condMode) eval(x grammar.Expr) (cval, error) {
	switch x := x.(type) {
	case *grammar.BoolLit:
		return boolC(x.Value), nil
	case *grammar.IntLit:
		return cval{kind: 'i', i: x.Value, debug: fmt.Sprintf("Int(%d)", x.Value)}, nil
	case *grammar.FloatLit:
		return cval{kind: 'f', f: x.Value, debug: "Float(" + formatFloat(x.Value) + ")"}, nil
	case *grammar.DurationLit:
		return cval{kind: 'd', i: int64(x.Seconds), debug: fmt.Sprintf("Duration(%ds)", x.Seconds)}, nil
	case *grammar.StringLit:
		return cval{kind: 's', s: x.Value, debug: fmt.Sprintf("String(%q)", x.Value)}, nil
	case *grammar.NullLit:
		if !m.require {
			return cval{}, fmt.Errorf("null is not supported in per-argument validation expressions")
		}
		return cval{kind: 'n', debug: "Null"}, nil
	case *grammar.PathExpr:
		return m.variable(x.String())
	case *grammar.ParenExpr:
		return m.eval(x.X)
	case *grammar.UnaryExpr:
		v, err := m.eval(x.X)
		if err != nil {
			return cval{}, err
		}
		if v.kind != 'b' {
			return cval{}, fmt.Errorf("operand of ! must be boolean")
		}
		return boolC(!v.b), nil
	case *grammar.CallExpr:
		return m.call(x)
	case *grammar.BinaryExpr:
		switch x.Op {
		case grammar.AndAnd, grammar.OrOr:
			op := "&&"
			if x.Op == grammar.OrOr {
				op = "||"
			}
			l, err := m.eval(x.X)
			if err != nil {
				return cval{}, err
			}
			if l.kind != 'b' {
				return cval{}, fmt.Errorf("left operand of %s must be boolean", op)
			}
			if l.b == (x.Op == grammar.OrOr) {
				return l, nil
			}
			r, err := m.eval(x.Y)
			if err != nil {
				return cval{}, err
			}
			if r.kind != 'b' {
				return cval{}, fmt.Errorf("right operand of %s must be boolean", op)
			}
			return r, nil
		case grammar.Eq, grammar.NotEq, grammar.Lt, grammar.LtEq, grammar.Gt, grammar.GtEq:
			l, err := m.eval(x.X)
			if err != nil {
				return cval{}, err
			}
			r, err := m.eval(x.Y)
			if err != nil {
				return cval{}, err
			}
			b, err := compareC(l, x.Op, r)
			if err != nil {
				return cval{}, err
			}
			return boolC(b), nil
		}
	}
	return cval{}, fmt.Errorf("unsupported expression in %s expression", m.what)
}

func (m condMode) call(x *grammar.CallExpr) (cval, error) {
	name := ""
	if x.Fn != nil {
		name = x.Fn.Text
	}
	if name != "len" && name != "length" {
		return cval{}, fmt.Errorf("unknown function '%s' in %s expression", name, m.what)
	}
	if len(x.Args) != 1 {
		return cval{}, fmt.Errorf("%s() expects 1 argument, got %d", name, len(x.Args))
	}
	if p, ok := x.Args[0].(*grammar.PathExpr); ok {
		if v, ok := m.args[p.String()]; ok && (m.require || p.String() == m.arg) {
			switch v.Shape {
			case Str:
				return cval{kind: 'i', i: int64(len(v.Text)), debug: fmt.Sprintf("Int(%d)", len(v.Text))}, nil
			case ListVal, MapVal:
				return cval{kind: 'i', i: int64(len(v.Elems)), debug: fmt.Sprintf("Int(%d)", len(v.Elems))}, nil
			}
			return cval{}, fmt.Errorf("%s() argument must be a string, list, or map", name)
		}
	}
	v, err := m.eval(x.Args[0])
	if err != nil {
		return cval{}, err
	}
	if v.kind != 's' {
		return cval{}, fmt.Errorf("%s() argument must be a string, list, or map", name)
	}
	return cval{kind: 'i', i: int64(len(v.s)), debug: fmt.Sprintf("Int(%d)", len(v.s))}, nil
}

// compareC compares two condition values as Carina does.
func compareC(l cval, op grammar.Kind, r cval) (bool, error) {
	if l.kind == 'n' || r.kind == 'n' {
		if l.kind == 'n' && r.kind == 'n' {
			return op == grammar.Eq, nil
		}
		return op == grammar.NotEq, nil
	}
	num := func(v cval) (float64, bool) {
		switch v.kind {
		case 'i':
			return float64(v.i), true
		case 'f':
			return v.f, true
		}
		return 0, false
	}
	ord := func(a, b float64) bool {
		switch op {
		case grammar.Eq:
			return a == b
		case grammar.NotEq:
			return a != b
		case grammar.Lt:
			return a < b
		case grammar.LtEq:
			return a <= b
		case grammar.Gt:
			return a > b
		}
		return a >= b
	}
	if l.kind == 'i' && r.kind == 'i' || l.kind == 'd' && r.kind == 'd' {
		// Exact for integers beyond a float's precision.
		a, b := l.i, r.i
		switch op {
		case grammar.Eq:
			return a == b, nil
		case grammar.NotEq:
			return a != b, nil
		case grammar.Lt:
			return a < b, nil
		case grammar.LtEq:
			return a <= b, nil
		case grammar.Gt:
			return a > b, nil
		}
		return a >= b, nil
	}
	if a, ok := num(l); ok {
		if b, ok := num(r); ok {
			return ord(a, b), nil
		}
	}
	if l.kind == r.kind && (l.kind == 's' || l.kind == 'b') {
		eq := l.kind == 's' && l.s == r.s || l.kind == 'b' && l.b == r.b
		switch op {
		case grammar.Eq:
			return eq, nil
		case grammar.NotEq:
			return !eq, nil
		}
		if l.kind == 's' {
			return false, fmt.Errorf("strings only support == and != comparisons")
		}
		return false, fmt.Errorf("booleans only support == and != comparisons")
	}
	return false, fmt.Errorf("cannot compare %s with %s", l, r)
}
