package types

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// Carina makes the resources and module calls of a statement as it parses it: the statement's
// own, one per item of a `for` over a list or map known then (addressed `x[0]`, `x.key`,
// `x['key']`), the one of the branch an `if` takes. A module call is expanded with its
// arguments' values, which the module's references to its arguments take.

// Made is one resource or module call Carina makes of a statement.
type Made struct {
	// Expr is the *grammar.ResourceExpr or *grammar.ModuleCallExpr made.
	Expr grammar.Expr
	// Suffix is what the item's address adds to the binding: "" for the statement's own, "[0]",
	// ".key" or "['key']" for an item of a `for`.
	Suffix string
	// Args are a module call's arguments as the module is expanded with them (nil when the call
	// is not expanded: a missing argument, a failed check).
	Args map[string]Value
	// values are the values of the expressions evaluated for this one, the first of each.
	values map[grammar.Expr]Value
}

// Value returns the value an expression of the made resource or call has in it.
func (m *Made) Value(x grammar.Expr) (Value, bool) {
	v, ok := m.values[x]
	return v, ok
}

// Made returns the resources and module calls Carina makes of a statement, in the order it
// makes them; none of a `for` over a value known only after apply, nor of an if's untaken
// branch.
func (in *Info) Made(file string, st *grammar.Stmt) []*Made {
	var out []*Made
	var cur *Made
	in.evaluate(file, st, func(e *evaluator) {
		e.made = func(x grammar.Expr, suffix string) {
			cur = &Made{Expr: x, Suffix: suffix, values: map[grammar.Expr]Value{}}
			out = append(out, cur)
		}
		e.record = func(at grammar.Expr, v Value) {
			if cur == nil {
				return
			}
			if _, ok := cur.values[at]; !ok {
				cur.values[at] = v
			}
		}
		e.called = func(call *grammar.ModuleCallExpr, args map[string]Value) {
			for i := len(out) - 1; i >= 0; i-- {
				if out[i].Expr == call {
					out[i].Args = args
					return
				}
			}
		}
	})
	return out
}

// Instantiate puts a module call's arguments' values in place of the references to them that a
// value of the module holds, as Carina's expansion does.
func Instantiate(v Value, args map[string]Value) Value {
	if len(args) == 0 {
		return v
	}
	r, changed := replaceBindingRefs(v, args)
	if !changed {
		return v
	}
	return canonicalize(r)
}

// ItemSuffix is what the address of a `for` item over a map adds to the binding: `.key` for a
// key that is an identifier, else `['key']`, as Carina spells it.
func ItemSuffix(key string) string {
	if identifierSafe(key) {
		return "." + key
	}
	return "['" + key + "']"
}

// identifierSafe reports whether s is [A-Za-z_][A-Za-z0-9_]*.
func identifierSafe(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && '0' <= c && c <= '9':
		default:
			return false
		}
	}
	return true
}

// makes tells the made hook, if any, that x is made (not when the body is read only to type it).
func (e *evaluator) makes(x grammar.Expr) {
	if e.made != nil && e.deferring == 0 {
		e.made(x, e.suffix)
	}
}

// ValueAt evaluates an expression that Carina reads as a value where no statement's evaluation
// reaches it (an import block's id), in the scope of its statement; ok is false on an error.
func (in *Info) ValueAt(file string, st *grammar.Stmt, x grammar.Expr) (Value, bool) {
	if st == nil || x == nil {
		return Value{}, false
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	e := &evaluator{in: in, v: view{seeded: true, file: file, pos: st.Offset}, st: st}
	v, err := e.value(x)
	return v, err == nil
}
