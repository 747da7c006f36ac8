package types

import (
	"fmt"
	"strconv"

	"github.com/carina-rs/carina-lsp/grammar"
)

// A module call gives values to the module's arguments. Carina checks them twice: before it
// expands any module, each value as written against the argument's type by the rule exports
// use (root calls only); then, expanding each call, every argument's value (the call's, or the
// argument's default, with the other arguments' values put in) strictly against its type, then
// the arguments' validation blocks, then the module's requires.

// argument is a module's argument as declared.
type argument struct {
	name        string
	typ         *Type
	hasDefault  bool
	def         Value
	validations []validation
	decl        Decl
	info        DeclInfo
	span        grammar.Span // of its name, relative to its statement
}

// validation is one `validation { condition = ... error_message = ... }` of an argument.
type validation struct {
	cond grammar.Expr
	msg  string // "" when there is no error_message
	span grammar.Span
}

// requirement is a module's `require <condition>, '<message>'`.
type requirement struct {
	cond grammar.Expr
	msg  string
	st   *grammar.Stmt
	file string
}

// moduleDecls are what a module declares for its callers, read once.
type moduleDecls struct {
	args     []argument
	requires []requirement
}

// module returns what the configuration declares for callers of it as a module. in.mu must be
// held.
func (in *Info) module() *moduleDecls {
	if in.mod != nil {
		return in.mod
	}
	m := &moduleDecls{}
	in.mod = m
	if in.env == nil {
		return m
	}
	for _, f := range in.env.Files() {
		for _, st := range in.env.Statements(f) {
			switch n := st.Node.(type) {
			case *grammar.ArgumentsStmt:
				for _, p := range n.Params {
					if p == nil || p.Name == nil {
						continue
					}
					m.args = append(m.args, in.readArgument(f, st, p))
				}
			case *grammar.RequireStmt:
				r := requirement{cond: n.Cond, st: st, file: f}
				if s, ok := n.Message.(*grammar.StringLit); ok {
					r.msg = s.Value
				}
				m.requires = append(m.requires, r)
			}
		}
	}
	return m
}

func (in *Info) readArgument(file string, st *grammar.Stmt, p *grammar.ParamDecl) argument {
	a := argument{name: p.Name.Text, typ: UnknownType, span: p.Name.Span}
	for _, d := range in.env.Bindings(a.name) {
		if info := d.Info(); info.Kind == DeclArgument && info.Stmt == st {
			a.decl, a.info = d, info
			break
		}
	}
	if p.Type != nil {
		a.typ, _ = Annotation(p.Type, in.schemas)
	}
	if p.Default != nil {
		e := &evaluator{in: in, v: view{seeded: true, file: file, pos: st.Offset}, st: st}
		a.hasDefault = true
		a.def, _ = e.value(p.Default)
	}
	if p.Body != nil {
		for _, it := range p.Body.Items {
			nb, ok := it.(*grammar.NestedBlock)
			if !ok || nb.Construct != grammar.ValidationConstruct || nb.Body == nil {
				continue
			}
			v := validation{span: nb.Span}
			if c := nb.Body.Attr("condition"); c != nil {
				v.cond = c.Value
			}
			if em := nb.Body.Attr("error_message"); em != nil {
				if s, ok := em.Value.(*grammar.StringLit); ok {
					v.msg = s.Value
				}
			}
			if v.cond != nil { // a validation without a condition is dropped
				a.validations = append(a.validations, v)
			}
		}
	}
	return a
}

// argumentType returns the declared type of the configuration's argument name, or nil when it
// declares none of that name.
func (in *Info) argumentType(name string) *Type {
	for _, a := range in.module().args {
		if a.name == name {
			return a.typ
		}
	}
	return nil
}

// moduleCall checks a call's arguments against the module it calls, as Carina does.
func (e *evaluator) moduleCall(call *grammar.ModuleCallExpr) {
	if call == nil || call.Name == nil || call.Body == nil {
		return
	}
	if e.expand != nil && e.deferring == 0 {
		e.expand(call)
	}
	// The values, as Carina reads them while it parses the call.
	type passed struct {
		v    Value
		span grammar.Span
	}
	given := map[string]passed{}
	var order []string
	m := e.mark()
	for _, it := range call.Body.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			v, err := e.value(it.Value)
			if err != nil {
				e.note(err)
				v = UnknownOf(nil)
			} else {
				e.scopeCheck(v, spanOf(it.Value))
				e.upstreamShapes(v, spanOf(it.Value))
			}
			if _, ok := given[it.Key.Text]; !ok {
				order = append(order, it.Key.Text)
			}
			given[it.Key.Text] = passed{v, spanOf(it.Value)}
		case *grammar.NestedBlock:
			v, err := e.block(it.Body, true)
			e.note(err)
			given[it.Name.Text] = passed{v, it.Span}
			order = append(order, it.Name.Text)
		case *grammar.LetStmt:
			v, err := e.value(it.Value)
			e.note(err)
			if it.Name != nil {
				e.push(it.Name, v)
			}
		}
	}
	e.release(m)
	if !e.v.seeded {
		return // Carina checks calls on the configuration as its last pass reads it
	}
	mod := e.moduleInfo(call.Name.Text)
	if mod == nil {
		return
	}
	mod.mu.Lock()
	decls := mod.module()
	mod.mu.Unlock()
	alias := call.Name.Text
	declared := map[string]*argument{}
	for i := range decls.args {
		declared[decls.args[i].name] = &decls.args[i]
	}
	// Before expansion: the values as written, by the exports' rule (root calls only).
	if !e.in.env.IsModule() {
		failed := false
		for _, k := range order {
			a := declared[k]
			if a == nil {
				continue
			}
			if msg := ExportCheck(a.typ, given[k].v); msg != "" {
				e.note(e.argFail(given[k].span, RuleModuleArgType, a, "module %s argument '%s': %s", alias, k, msg))
				failed = true
			}
		}
		if failed {
			return // Carina stops before it expands any call
		}
	}
	// Expansion: every argument has its value (missing and unknown ones are the references
	// check's), the defaults with the other arguments' values put in.
	values := map[string]Value{}
	for _, a := range decls.args {
		p, ok := given[a.name]
		switch {
		case ok:
			values[a.name] = p.v
		case a.hasDefault:
			values[a.name] = a.def
		default:
			return
		}
	}
	for _, k := range order {
		if declared[k] == nil {
			return
		}
	}
	values = substituteArgs(values)
	at := func(name string) grammar.Span {
		if p, ok := given[name]; ok {
			return p.span
		}
		return call.Name.Span
	}
	var enclosing func(string) *Type
	if e.in.env.IsModule() {
		enclosing = e.in.argumentType
	}
	for i := range decls.args {
		a := &decls.args[i]
		if msg := ArgumentCheck(a.typ, values[a.name], enclosing); msg != "" {
			err := e.argFail(at(a.name), RuleModuleArgType, a, "Invalid argument type for '%s' in module '%s': %s", a.name, alias, msg)
			err.loaded = ArgumentCheck(a.typ, values[a.name], nil) == ""
			e.note(err)
			return
		}
	}
	for i := range decls.args {
		a := &decls.args[i]
		for _, val := range a.validations {
			ok, err := EvalValidation(val.cond, a.name, values[a.name])
			if ok && err == nil {
				continue
			}
			msg := val.msg
			switch {
			case err != nil:
				msg = "error evaluating validate expression: " + err.Error()
			case msg == "":
				msg = "validation failed for argument '" + a.name + "'"
			}
			e.note(e.argFail(at(a.name), RuleArgValidation, a, "Validation failed for argument '%s' in module '%s': %s (got %s)", a.name, alias, msg, valueForError(values[a.name])))
			return
		}
	}
	for _, r := range decls.requires {
		ok, err := EvalRequire(r.cond, values)
		if ok && err == nil {
			continue
		}
		msg := r.msg
		if err != nil {
			msg = "error evaluating require expression: " + err.Error()
		}
		fail := e.fail(call.Name.Span, RuleRequire, "Require constraint failed in module '%s': %s", alias, msg)
		fail.related = &Place{Path: r.file, Span: r.st.Abs(spanOf(r.cond)), Msg: "the require of module '" + alias + "'"}
		e.note(fail)
		return
	}
	if e.called != nil {
		e.called(call, values)
	}
}

// argFail is an error about an argument of a call, pointing at the argument's declaration.
func (e *evaluator) argFail(sp grammar.Span, rule Rule, a *argument, format string, args ...any) *evalError {
	err := e.fail(sp, rule, format, args...)
	if a.info.Stmt != nil {
		err.related = &Place{Path: a.info.File, Span: a.info.Stmt.Abs(a.span), Msg: "argument '" + a.name + "' is declared here"}
	}
	return err
}

// moduleInfo returns the inference of the module a call's alias names, or nil.
func (e *evaluator) moduleInfo(alias string) *Info {
	if e.in.env == nil {
		return nil
	}
	for _, d := range e.in.env.Bindings(alias) {
		if d.Info().Kind == DeclUse {
			return e.in.env.Import(d)
		}
	}
	return nil
}

// substituteArgs puts the arguments' values in place of the references to arguments their
// values hold (a default naming another argument), until nothing changes, as Carina does.
func substituteArgs(values map[string]Value) map[string]Value {
	for range len(values) + 1 {
		changed := false
		out := make(map[string]Value, len(values))
		for k, v := range values {
			r, c := replaceBindingRefs(v, values)
			out[k] = canonicalize(r)
			changed = changed || c
		}
		values = out
		if !changed {
			break
		}
	}
	return values
}

func replaceBindingRefs(v Value, values map[string]Value) (Value, bool) {
	switch v.Shape {
	case BindingRef:
		if r, ok := values[v.Text]; ok && !(r.Shape == BindingRef && r.Text == v.Text) {
			return r, true
		}
	case ListVal, MapVal, Interp, Call, SecretVal:
		out := v
		out.Elems = make([]Value, len(v.Elems))
		out.static = staticUnknown // a binding gives way to its value
		changed := false
		for i, el := range v.Elems {
			r, c := replaceBindingRefs(el, values)
			out.Elems[i] = r
			changed = changed || c
		}
		return out, changed
	}
	return v, false
}

// valueForError writes a value as Carina's validation messages do.
func valueForError(v Value) string {
	switch v.Shape {
	case Str:
		return strconv.Quote(v.Text)
	case IntVal:
		return strconv.FormatInt(v.Int, 10)
	case FloatVal:
		return formatFloat(v.Float)
	case BoolVal:
		return strconv.FormatBool(v.Bool)
	case DurationVal:
		return RenderDuration(v.Int)
	case ListVal:
		return fmt.Sprintf("[...] (length %d)", len(v.Elems))
	case MapVal:
		return fmt.Sprintf("{...} (length %d)", len(v.Elems))
	}
	return v.Source()
}
