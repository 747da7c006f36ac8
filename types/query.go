package types

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// What the editor features ask: the value (and so the type) a declaration or an expression has
// as Carina evaluates the configuration, and a function's signature.

// DeclValue returns the value a declaration holds: a top-level let's value, a parameter's (known
// at a call, typed by its annotation), an argument's (a placeholder typed by its annotation), a
// local's or a loop variable's as the evaluation of its statement gives it. ok is false when the
// evaluation does not reach it (an untaken branch).
func (in *Info) DeclValue(d Decl) (v Value, ok bool) {
	info := d.Info()
	switch info.Kind {
	case DeclValue, DeclIf:
		if info.Stmt == nil {
			return Value{}, false
		}
		in.mu.Lock()
		defer in.mu.Unlock()
		return in.letValue(d, true, nil), true
	case DeclArgument:
		in.mu.Lock()
		defer in.mu.Unlock()
		return Value{Shape: BindingRef, Text: info.Name, Type: in.declType(d, info)}, true
	case DeclParam:
		return UnknownOf(in.ParamType(d)), true
	case DeclLocal, DeclLoopVar:
		name, ok := info.Node.(*grammar.Name)
		if !ok {
			if l, isLet := info.Node.(*grammar.LetStmt); isLet {
				name = l.Name
			}
		}
		if name == nil || info.Stmt == nil {
			return Value{}, false
		}
		vs := in.values(info, name, 1)
		if len(vs) == 0 {
			return Value{}, false
		}
		return vs[0], true
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	if t := in.declType(d, info); t != nil {
		return UnknownOf(t), true
	}
	return Value{}, false
}

// LoopValues returns the values a loop variable takes, one an iteration (at most limit), as
// Carina expands the loop; none when the loop is expanded only after apply.
func (in *Info) LoopValues(d Decl, limit int) []Value {
	info := d.Info()
	name, ok := info.Node.(*grammar.Name)
	if !ok || info.Kind != DeclLoopVar || info.Stmt == nil {
		return nil
	}
	return in.values(info, name, limit)
}

// values returns the values a local name is given while its statement is evaluated, at most
// limit.
func (in *Info) values(info DeclInfo, name *grammar.Name, limit int) []Value {
	var out []Value
	in.evaluate(info.File, info.Stmt, func(e *evaluator) {
		e.recordDecl = func(n *grammar.Name, val Value) {
			if n == name && len(out) < limit {
				out = append(out, val)
			}
		}
	})
	return out
}

// ExprValue returns the value an expression of a statement evaluates to (the first time, when
// a loop evaluates it more than once); ok is false when the evaluation does not reach it.
func (in *Info) ExprValue(file string, st *grammar.Stmt, x grammar.Expr) (v Value, ok bool) {
	in.evaluate(file, st, func(e *evaluator) {
		e.record = func(at grammar.Expr, val Value) {
			if at == x && !ok {
				v, ok = val, true
			}
		}
	})
	return v, ok
}

// ExpandedCalls returns the module calls of a statement that Carina expands as it parses the
// configuration: not those of an if's untaken branch, nor of the body of a for over an empty
// list or a value known only after apply. Their arguments are checked; the others' never are.
func (in *Info) ExpandedCalls(file string, st *grammar.Stmt) map[*grammar.ModuleCallExpr]bool {
	out := map[*grammar.ModuleCallExpr]bool{}
	in.evaluate(file, st, func(e *evaluator) {
		e.expand = func(call *grammar.ModuleCallExpr) { out[call] = true }
	})
	return out
}

// evaluate evaluates a statement with a recorder set up by with, its problems dropped.
func (in *Info) evaluate(file string, st *grammar.Stmt, with func(*evaluator)) {
	if st == nil || st.Parsed == nil {
		return
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	e := &evaluator{in: in, v: view{seeded: true, file: file, pos: st.Offset}, st: st}
	with(e)
	if fn, ok := st.Node.(*grammar.FnStmt); ok {
		// A function's body is read with its parameters as placeholders.
		for _, d := range in.env.Functions(fnName(fn)) {
			if d.Info().Stmt == st {
				in.readFunctionWith(&userFunc{name: d.Info().Name, decl: d, info: d.Info()}, e.record, e.recordDecl)
				return
			}
		}
		return
	}
	var probs []Problem
	e.statement(st.Node, &probs)
}

func fnName(fn *grammar.FnStmt) string {
	if fn.Name == nil {
		return ""
	}
	return fn.Name.Text
}

// IfBindsValue reports whether a top-level let bound to an `if` holds a value by the branch
// Carina takes (not a resource or a module call): the let is then no resource, and Carina
// reads a depends_on naming it as the name its value spells.
func (in *Info) IfBindsValue(d Decl) bool {
	info := d.Info()
	if info.Kind != DeclIf || info.Stmt == nil {
		return false
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	v := in.letValue(d, true, nil)
	if v.Shape == Str && (v.Text == "${"+info.Name+"}" || strings.HasPrefix(v.Text, "${module:") || strings.HasPrefix(v.Text, "${if:")) {
		return false
	}
	return v.Static()
}
