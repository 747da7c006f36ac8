package types

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Once a file is parsed, Carina resolves the values of its resources' attributes and of its
// lets: a reference to an attribute another resource sets to a constant becomes that constant,
// and the calls still waiting are made. A built-in that fails is an error when its arguments are
// constants; a user function is called whatever its arguments; a name that is no function is an
// error when the arguments are constants, and waits silently otherwise. Each file is resolved
// with its own functions first, then the whole directory with all of them.

// resolve resolves a value where Carina resolves a resource's attribute (refs: references are
// replaced too) or a let's value (calls only).
func (e *evaluator) resolve(v Value, sp grammar.Span, refs bool) (Value, *evalError) {
	if !e.v.seeded {
		return v, nil // Carina resolves the configuration as its last pass reads it
	}
	r, err := e.resolvePass(v, sp, refs, fnsFile)
	if err != nil {
		return r, err
	}
	return e.resolvePass(r, sp, refs, fnsAll)
}

func (e *evaluator) resolvePass(v Value, sp grammar.Span, refs bool, scope fnScope) (Value, *evalError) {
	if !e.in.resolvable(v, refs) {
		return v, nil // most values: nothing to substitute or call, nothing to copy
	}
	switch v.Shape {
	case Ref:
		if !refs || len(v.Path) == 0 {
			return v, nil
		}
		mk := resolvedKey{binding: v.Text, attr: v.Path[0], scope: scope, file: e.v.file}
		if r, ok := e.in.resolved[mk]; ok {
			return r, nil
		}
		if i := slices.IndexFunc(e.resolving, func(r resolvingRef) bool { return r.key == mk }); i >= 0 {
			// Attributes that read each other: a dependency cycle, reported as one. Each member
			// stays a reference, once and for all.
			for _, r := range e.resolving[i:] {
				e.in.memoResolved(r.key, r.ref)
			}
			return v, nil
		}
		lit, ok := e.literalAttribute(v, scope)
		if !ok {
			return v, nil
		}
		e.resolving = append(e.resolving, resolvingRef{mk, v})
		r, err := e.resolvePass(lit, sp, true, scope)
		e.resolving = e.resolving[:len(e.resolving)-1]
		if have, ok := e.in.resolved[mk]; ok {
			return have, nil // a member of a cycle
		}
		if err == nil {
			e.in.memoResolved(mk, r)
		}
		return r, err
	case ListVal, MapVal:
		out := v
		out.Elems = make([]Value, len(v.Elems))
		for i, el := range v.Elems {
			r, err := e.resolvePass(el, sp, refs, scope)
			if err != nil {
				return UnknownOf(nil), err
			}
			out.Elems[i] = r
		}
		return out, nil
	case Interp:
		parts := make([]Value, len(v.Elems))
		for i, p := range v.Elems {
			r, err := e.resolvePass(p, sp, refs, scope)
			if err != nil {
				return UnknownOf(nil), err
			}
			parts[i] = r
		}
		r := canonical(parts)
		if r.Shape == Interp {
			r.Type = v.Type
		}
		return r, nil
	case Call:
		if v.at != nil && v.at != e.st {
			// Written in another statement (a let's value read here): reported there.
			saved := len(e.errs)
			r, err := e.resolveCall(v, sp, scope)
			e.errs = e.errs[:saved]
			if err != nil {
				e.swallowed++
				return v, nil
			}
			return r, nil
		}
		return e.resolveCall(v, sp, scope)
	}
	return v, nil
}

// resolvable reports whether resolving v may change it: it holds a call, an interpolation, or
// (refs) a reference to an attribute. A list's or a map's answer is kept, by its elements: a
// let's value is read whole by every let after it that reads it, and a chain of such lets holds
// values as deep as it is long, each walked once, not once a statement.
func (in *Info) resolvable(v Value, refs bool) bool {
	switch v.Shape {
	case Call, Interp:
		return true
	case Ref:
		return refs && len(v.Path) > 0
	case ListVal, MapVal:
		if len(v.Elems) == 0 {
			return false
		}
		k := elemsKey{&v.Elems[0], len(v.Elems), refs}
		if r, ok := in.walked[k]; ok {
			return r
		}
		r := slices.ContainsFunc(v.Elems, func(el Value) bool { return in.resolvable(el, refs) })
		if in.walked == nil {
			in.walked = map[elemsKey]bool{}
		}
		in.walked[k] = r
		return r
	}
	return false
}

// elemsKey names a value by its elements (what resolving reads of a list, a map or a call's
// arguments), with a flag of what is asked.
type elemsKey struct {
	first *Value
	n     int
	flag  bool
}

// resolveCall makes a waiting call, its arguments resolved (references included) first. A pipe
// chain nests its calls as deep as it is long, each the last argument of the next: the calls of
// such a spine are made in a loop from the innermost out, so that the stack does not grow with
// the chain, with what resolvePass does around each (the same order, the same errors).
func (e *evaluator) resolveCall(v Value, sp grammar.Span, scope fnScope) (Value, *evalError) {
	// A member is small: a chain has as many as it has steps.
	type member struct {
		v    *Value
		args []Value
		// foreign marks a call written in another statement (a let's value read here): its
		// errors are not this statement's, and one that fails stays as it is (resolvePass).
		foreign bool
		// keep marks a foreign call whose result is kept (keepMade); done, the last member
		// whose result was kept before (made).
		keep, done bool
		saved      int // how many errors were noted before it
		swallowed  int // how many errors were dropped before it
	}
	var spine []member // outermost first
	var made Value
	var err *evalError
	for c, foreign := &v, false; ; {
		m := member{v: c, foreign: foreign, saved: len(e.errs), swallowed: e.swallowed}
		// Only the outermost call of a statement's is kept: the one another value holds.
		inner := len(spine) > 0 && spine[len(spine)-1].foreign && spine[len(spine)-1].v.at == c.at
		if m.keep = foreign && !inner && len(c.Elems) > 0 && len(e.resolving) == 0; m.keep {
			if made, m.done = e.in.made[e.madeKey(c, scope)]; m.done {
				spine = append(spine, m)
				break
			}
		}
		m.args = make([]Value, len(c.Elems))
		n := len(c.Elems)
		var next *Value
		if n > 0 && c.Elems[n-1].Shape == Call {
			next, n = &c.Elems[n-1], n-1
		}
		for j, a := range c.Elems[:n] {
			if m.args[j], err = e.resolvePass(a, sp, true, scope); err != nil {
				break
			}
		}
		spine = append(spine, m)
		if err != nil || next == nil {
			break
		}
		c, foreign = next, next.at != nil && next.at != e.st
	}
	var r Value
	for i := len(spine) - 1; i >= 0; i-- {
		m := &spine[i]
		if m.done {
			r = made
			continue
		}
		if err == nil {
			if i < len(spine)-1 {
				m.args[len(m.args)-1] = r
			}
			r, err = e.makeCall(*m.v, m.args, sp, scope)
			if err == nil && m.keep && e.swallowed == m.swallowed {
				// Made without an error anywhere: the same for every statement that reads it.
				e.in.keepMade(e.madeKey(m.v, scope), r)
			}
		}
		m.args = nil // made: the garbage of a long chain goes as it is made
		if m.foreign {
			e.errs = e.errs[:m.saved]
			if err != nil {
				r, err = *m.v, nil
				e.swallowed++
			}
		}
	}
	if err != nil {
		return UnknownOf(nil), err
	}
	return r, nil
}

// madeKey returns the key a foreign call's result is kept under.
func (e *evaluator) madeKey(c *Value, scope fnScope) madeKey {
	return madeKey{elemsKey{first: &c.Elems[0], n: len(c.Elems)}, c.Text, scope, e.v.file}
}

// madeKey names a foreign call by its arguments (made once: a call's arguments are its own),
// its function, and the functions in scope.
type madeKey struct {
	args  elemsKey
	fn    string
	scope fnScope
	file  string
}

// keepMade keeps a foreign call's result: a chain of lets each reading the one before holds
// calls as deep as it is long, each made once, not once a statement that reads it.
func (in *Info) keepMade(k madeKey, v Value) {
	if in.made == nil {
		in.made = map[madeKey]Value{}
	}
	in.made[k] = v
}

// makeCall makes a waiting call with its arguments resolved.
func (e *evaluator) makeCall(v Value, args []Value, sp grammar.Span, scope fnScope) (Value, *evalError) {
	static := allStatic(args)
	r, berr := evalBuiltin(v.Text, args)
	if berr == nil {
		if r.Shape == ClosureVal {
			return UnknownOf(nil), e.fail(sp, RuleClosureAsData, "%s(): produced a closure '%s' (still needs %d arg(s)); finish the partial application before using the result as data", v.Text, r.Text, r.Remaining)
		}
		return r, nil
	}
	// A fresh scope, as Carina's resolver has: the functions of the pass, no lets.
	fresh := &evaluator{in: e.in, v: e.v, st: e.st, isolated: true, fnScope: scope}
	if fn := fresh.userFunction(v.Text); fn != nil {
		return fresh.callUser(fn, sp, args)
	}
	if static {
		if LookupBuiltin(v.Text) != nil {
			return UnknownOf(nil), e.fail(sp, RuleBuiltinArgument, "%s(): %s", v.Text, berr)
		}
		err := e.fail(sp, RuleUnknownFunction, "%s(): %s", v.Text, berr)
		err.subject = v.Text
		if other := e.in.functionElsewhere(v.Text, e.v.file); other != "" {
			err.msg += fmt.Sprintf(" (Carina calls a function with constant arguments only from the file that declares it; %s is declared in %s)", v.Text, other)
		} else if d := e.in.closureLet(v.Text); d != nil {
			info := d.Info()
			switch {
			case info.File != e.v.file:
				err.msg += fmt.Sprintf(" (the let %s holding the partial application is declared in %s: Carina applies it only after its declaration in the same file)", v.Text, filepath.Base(info.File))
			case info.Stmt != nil && e.st != nil && info.Stmt.Offset > e.st.Offset:
				err.msg += fmt.Sprintf(" (the let %s holding the partial application is declared later in this file: Carina applies it only after its declaration)", v.Text)
			default:
				// Declared before: the call waited for arguments known only later, and Carina
				// makes it where it resolves values, where no let is in scope.
				err.msg += fmt.Sprintf(" (Carina applies the partial application held by %s at once only to arguments known while it parses; this call waits, and where Carina makes it no let is in scope)", v.Text)
			}
		}
		return UnknownOf(nil), err
	}
	return Value{Shape: Call, Text: v.Text, Elems: args, Type: v.Type, static: staticnessOf(static)}, nil
}

// literalAttribute returns the value a resource sets the attribute a reference names to, where
// Carina's resolver replaces the reference by it: the resource of the reference's binding, in
// the same file while a file is resolved, anywhere once the directory is.
func (e *evaluator) literalAttribute(v Value, scope fnScope) (Value, bool) {
	if e.in.env == nil || len(v.Path) == 0 {
		return Value{}, false
	}
	for _, d := range e.in.env.Bindings(v.Text) {
		info := d.Info()
		if info.Kind != DeclResource && info.Kind != DeclDataSource {
			continue
		}
		if scope == fnsFile && info.File != e.v.file {
			continue
		}
		return e.in.resourceAttribute(d, info, v.Path[0])
	}
	return Value{}, false
}

// functionElsewhere returns the name of another file of the configuration that declares a
// function of that name, or "".
func (in *Info) functionElsewhere(name, file string) string {
	if in.env == nil {
		return ""
	}
	for _, d := range in.env.Functions(name) {
		if f := d.Info().File; f != file {
			return filepath.Base(f)
		}
	}
	return ""
}

// closureLet returns the top-level let called name that holds a partial application, or nil.
func (in *Info) closureLet(name string) Decl {
	if in.env == nil {
		return nil
	}
	for _, d := range in.env.Bindings(name) {
		if d.Info().Kind == DeclValue && in.letValue(d, true, nil).Shape == ClosureVal {
			return d
		}
	}
	return nil
}

// resolvedKey names an attribute's value as a pass of Carina's resolver gives it to a file.
type resolvedKey struct {
	binding, attr string
	scope         fnScope
	file          string
}

// resolvingRef is a reference being resolved: its attribute and the reference itself.
type resolvingRef struct {
	key resolvedKey
	ref Value
}

// memoResolved keeps an attribute's resolved value.
func (in *Info) memoResolved(k resolvedKey, v Value) {
	if in.resolved == nil {
		in.resolved = map[resolvedKey]Value{}
	}
	in.resolved[k] = v
}
