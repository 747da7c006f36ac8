package types

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// A user function is evaluated as Carina evaluates one: its body is read once, where it is
// declared, with its parameters as placeholders and no other name in scope (not even the
// configuration's lets); a call puts the arguments in the placeholders' place and evaluates the
// calls the body holds.

// declared is a declared type and where it is written.
type declared struct {
	typ  *Type
	span grammar.Span // relative to the declaring statement
}

// fnParam is a parameter of a user function.
type fnParam struct {
	name     string
	typ      *declared // nil: none declared
	optional bool
	def      Value // the default's value, read in an empty scope
	span     grammar.Span
}

// fnLocal is a let of a function's body, its value with the placeholders in it.
type fnLocal struct {
	name  string
	value Value
}

// userFunc is a user function read from its declaration.
type userFunc struct {
	name   string
	decl   Decl
	info   DeclInfo
	params []fnParam
	lets   []fnLocal
	body   Value
	ret    *declared
	// probs are what Carina rejects in the declaration itself, relative to its statement.
	probs []Problem
}

// function reads the user function d declares, once. in.mu must be held.
func (in *Info) function(d Decl) *userFunc {
	if fn, ok := in.fns[d]; ok {
		return fn
	}
	// Registered before it is read: the body may call the function (its result's type is
	// asked for then).
	fn := &userFunc{name: d.Info().Name, decl: d, info: d.Info()}
	in.fns[d] = fn
	in.readFunction(fn)
	return fn
}

func (in *Info) readFunction(fn *userFunc) { in.readFunctionWith(fn, nil, nil) }

// readFunctionWith reads a function, telling the recorders (either may be nil) the values of its
// expressions and names.
func (in *Info) readFunctionWith(fn *userFunc, record func(grammar.Expr, Value), recordDecl func(*grammar.Name, Value)) {
	info := fn.info
	fs, ok := info.Node.(*grammar.FnStmt)
	if !ok || info.Stmt == nil {
		return
	}
	e := &evaluator{in: in, v: view{seeded: true, file: info.File, pos: info.Stmt.Offset}, st: info.Stmt, isolated: true,
		record: record, recordDecl: recordDecl}
	optional := false
	var names []*grammar.Name
	for _, p := range fs.Params {
		if p == nil || p.Name == nil {
			continue
		}
		names = append(names, p.Name)
		fp := fnParam{name: p.Name.Text, span: p.Span}
		if p.Type != nil {
			t, probs := Annotation(p.Type, in.schemas)
			fn.probs = append(fn.probs, probs...)
			fp.typ = &declared{typ: t, span: p.Type.Span}
		}
		if p.Default != nil {
			fp.optional = true
			// A default is read with nothing in scope, not even the other parameters.
			saved := e.locals
			e.locals = nil
			v, err := e.value(p.Default)
			e.locals = saved
			if err != nil {
				fn.probs = append(fn.probs, err.problem())
			}
			fp.def = v
		} else if optional {
			fn.probs = append(fn.probs, Problem{Span: p.Name.Span, Rule: RuleParameterOrder,
				Msg: "in function '" + fn.name + "': required parameter '" + p.Name.Text + "' cannot follow optional parameter"})
		}
		optional = optional || fp.optional
		fn.params = append(fn.params, fp)
	}
	if fs.Return != nil {
		t, probs := Annotation(fs.Return, in.schemas)
		fn.probs = append(fn.probs, probs...)
		fn.ret = &declared{typ: t, span: fs.Return.Span}
	}
	for i, p := range fn.params {
		var t *Type
		if p.typ != nil {
			t = p.typ.typ
		}
		e.push(names[i], Value{Shape: Unknowable, Text: placeholderPrefix + p.name, Type: t})
	}
	for _, l := range fs.Lets {
		if l == nil {
			continue
		}
		v, err := e.value(l.Value)
		if err != nil {
			fn.probs = append(fn.probs, err.problem())
		}
		if l.Name == nil || l.Name.Text == "_" {
			continue
		}
		fn.lets = append(fn.lets, fnLocal{name: l.Name.Text, value: v})
		e.push(l.Name, Value{Shape: Unknowable, Text: placeholderPrefix + l.Name.Text, Type: v.TypeOf()})
	}
	if fs.Result != nil {
		v, err := e.value(fs.Result)
		if err != nil {
			fn.probs = append(fn.probs, err.problem())
		}
		fn.body = v
	}
	if fs.Name != nil && LookupBuiltin(fn.name) != nil {
		fn.probs = append(fn.probs, Problem{Span: fs.Name.Span, Rule: RuleShadowsBuiltin,
			Msg: "function '" + fn.name + "' shadows a built-in function"})
	}
}

// problem turns an evaluation error into a problem of its statement.
func (err *evalError) problem() Problem {
	return Problem{Span: err.span, Rule: err.rule, Msg: err.msg, Subject: err.subject, Related: err.related, Loaded: err.loaded, Alone: err.alone, Fix: err.fix}
}

// userFunction returns the user function a call of name reaches from the evaluation in progress:
// while Carina parses, one declared earlier in the same file; while it resolves values, one of
// the file (of any file, once the directory is merged, or in a module); nil when none.
func (e *evaluator) userFunction(name string) *userFunc {
	if e.in.env == nil {
		return nil
	}
	for _, fe := range e.in.functionsNamed(name) {
		switch e.fnScope {
		case fnsEarlier:
			if fe.info.File == e.v.file && fe.info.Stmt != nil && fe.info.Stmt.Offset < e.v.pos {
				return e.in.function(fe.d)
			}
		case fnsFile:
			if fe.info.File == e.v.file || e.in.env.IsModule() {
				return e.in.function(fe.d)
			}
		case fnsAll:
			return e.in.function(fe.d)
		}
	}
	return nil
}

// functionsNamed returns the user functions called name with what they are, once a name. in.mu
// must be held.
func (in *Info) functionsNamed(name string) []declEntry {
	if fs, ok := in.fnNamed[name]; ok {
		return fs
	}
	var fs []declEntry
	for _, d := range in.env.Functions(name) {
		fs = append(fs, declEntry{d, d.Info()})
	}
	if in.fnNamed == nil {
		in.fnNamed = map[string][]declEntry{}
	}
	in.fnNamed[name] = fs
	return fs
}

// fnScope says which user functions a call reaches.
type fnScope uint8

const (
	fnsEarlier fnScope = iota // declared earlier in the same file (while Carina parses)
	fnsFile                   // declared in the same file (while it resolves a file)
	fnsAll                    // declared anywhere in the directory (once it is merged)
)
