package types

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Statement evaluates a top-level statement of file as Carina does while it parses and resolves
// the configuration, and returns what that meets, with spans relative to the statement. A
// statement that reads a name declared after it or in another file is evaluated in both of
// Carina's passes.
func (in *Info) Statement(file string, st *grammar.Stmt) []Problem {
	if st == nil || st.Parsed == nil {
		return nil
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	e := &evaluator{in: in, v: view{seeded: true, file: file, pos: st.Offset}, st: st}
	probs := e.statementProblems()
	if e.seededHit {
		u := &evaluator{in: in, v: view{seeded: false, file: file, pos: st.Offset}, st: st}
		for _, p := range u.statementProblems() {
			if !slices.ContainsFunc(probs, func(q Problem) bool { return q.Span == p.Span && q.Msg == p.Msg }) {
				probs = append(probs, p)
			}
		}
	}
	// A name undefined where it is written is reported there, not again where evaluation meets
	// it.
	written := in.Undefined(file, st)
	out := written
	for _, p := range probs {
		if !in.reportedWritten(p, written) {
			out = append(out, p)
		}
	}
	return out
}

// statementProblems evaluates the evaluator's statement and returns its problems.
func (e *evaluator) statementProblems() []Problem {
	var probs []Problem
	e.statement(e.st.Node, &probs)
	for _, err := range e.errs {
		p := err.problem()
		if !slices.ContainsFunc(probs, func(q Problem) bool { return q.Span == p.Span && q.Msg == p.Msg }) {
			probs = append(probs, p)
		}
	}
	return probs
}

// statement evaluates what Carina evaluates of each kind of statement; problems that are not
// evaluation errors (a type annotation's) go to probs.
func (e *evaluator) statement(n grammar.Node, probs *[]Problem) {
	switch n := n.(type) {
	case *grammar.LetStmt:
		e.letStatement(n)
	case *grammar.ResourceStmt:
		if n.Resource != nil {
			e.makes(n.Resource)
			e.resourceBody(n.Resource.Body)
		}
	case *grammar.ModuleCallStmt:
		if n.Call != nil {
			e.makes(n.Call)
		}
		e.moduleCall(n.Call)
	case *grammar.ProviderStmt:
		e.checkedBlock(n.Body)
	case *grammar.BackendStmt:
		e.block(n.Body, true)
	case *grammar.ArgumentsStmt:
		for _, p := range n.Params {
			if p == nil {
				continue
			}
			if p.Type != nil {
				*probs = append(*probs, e.in.declaredType("argument", p.Name, p.Type)...)
			}
			if p.Default != nil {
				_, err := e.value(p.Default)
				e.note(err)
			}
		}
	case *grammar.OutputsStmt:
		for _, it := range n.Items {
			if it == nil {
				continue
			}
			if it.Type != nil {
				kind := "attribute"
				if n.Exports {
					kind = "export"
				}
				*probs = append(*probs, e.in.declaredType(kind, it.Name, it.Type)...)
			}
			switch {
			case n.Exports:
				e.export(it)
			case it.Value != nil:
				v, err := e.value(it.Value)
				e.note(err)
				if err == nil {
					e.scopeCheck(v, spanOf(it.Value))
					e.upstreamShapes(v, spanOf(it.Value))
				}
			}
		}
	case *grammar.FnStmt:
		if n.Name == nil || e.in.env == nil {
			return
		}
		for _, d := range e.in.env.Functions(n.Name.Text) {
			if d.Info().Stmt == e.st {
				*probs = append(*probs, e.in.function(d).probs...)
				return
			}
		}
	case *grammar.ExprStmt:
		switch x := n.X.(type) {
		case *grammar.IfExpr:
			_, _, err := e.ifStatement(x)
			e.note(err)
		case *grammar.ForExpr:
			e.note(e.forStatement(x))
		}
	}
}

// letStatement evaluates a top-level let: the construct it binds, or its value by the let's
// rules, resolved.
func (e *evaluator) letStatement(l *grammar.LetStmt) {
	switch x := l.Value.(type) {
	case nil:
	case *grammar.ResourceExpr:
		e.makes(x)
		e.resourceBody(x.Body)
	case *grammar.ModuleCallExpr:
		e.makes(x)
		e.moduleCall(x)
	case *grammar.ProviderExpr:
		e.checkedBlock(x.Body)
	case *grammar.IfExpr:
		_, _, err := e.ifStatement(x)
		e.note(err)
	case *grammar.ForExpr:
		e.note(e.forStatement(x))
	case *grammar.KeywordBlockExpr, *grammar.WaitExpr:
		// Their keys are the construct checks' (source, until, timeout, ...).
	default:
		if e.record == nil && e.inert(x) {
			return
		}
		v, err := e.letExpr(x)
		if err != nil {
			e.note(err)
			return
		}
		if v.Shape == ClosureVal || l.Name != nil && l.Name.Text == "_" {
			return // a let may hold a partial application; `_` binds nothing Carina resolves
		}
		_, err = e.resolve(v, spanOf(x), false)
		e.note(err)
		if err == nil {
			e.echo(v, spanOf(x))
		}
	}
}

// resourceBody evaluates a resource's attributes, each resolved as Carina resolves them; an
// attribute's error does not stop the others'.
func (e *evaluator) resourceBody(b *grammar.Block) {
	if b == nil {
		return
	}
	m := e.mark()
	defer e.release(m)
	for _, it := range b.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			if e.record == nil && e.inert(it.Value) {
				continue // nothing to evaluate, resolve or check
			}
			v, err := e.value(it.Value)
			if err != nil {
				e.note(err)
				continue
			}
			r, err := e.resolve(v, spanOf(it.Value), true)
			e.note(err)
			if err == nil {
				e.scopeCheck(r, spanOf(it.Value))
				e.upstreamShapes(r, spanOf(it.Value))
			}
		case *grammar.NestedBlock:
			if e.record == nil && e.inertBlock(it.Body) {
				continue
			}
			v, err := e.block(it.Body, true)
			if err != nil {
				e.note(err)
				continue
			}
			r, err := e.resolve(v, spanOf(it.Body), true)
			e.note(err)
			if err == nil {
				e.scopeCheck(r, spanOf(it.Body))
				e.upstreamShapes(r, spanOf(it.Body))
			}
		case *grammar.LetStmt:
			v, err := e.value(it.Value)
			e.note(err)
			if it.Name != nil && it.Name.Text != "_" {
				e.push(it.Name, v)
			}
		}
	}
}

// checkedBlock evaluates a block whose references Carina checks (a provider's): each attribute's
// value, its references to undeclared bindings reported.
func (e *evaluator) checkedBlock(b *grammar.Block) {
	if b == nil {
		return
	}
	for _, it := range b.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			v, err := e.value(it.Value)
			e.note(err)
			if err == nil {
				e.scopeCheck(v, spanOf(it.Value))
			}
		case *grammar.NestedBlock:
			v, err := e.block(it.Body, true)
			e.note(err)
			if err == nil {
				e.scopeCheck(v, spanOf(it.Body))
			}
		}
	}
}

// echo reports a quirk of Carina's: a let's value is copied into every other file of a
// directory it reads as a root and resolved there with that file's functions, so a call of a
// user function the let still holds (declared after the let, or reached through a pipe) fails in
// a file that does not declare the function. A module's directory is read so only by itself: a
// caller loads the module without the copies (Problem.Alone).
func (e *evaluator) echo(v Value, sp grammar.Span) {
	if e.in.env == nil || len(e.in.env.Files()) < 2 || !e.v.seeded {
		return
	}
	var walk func(Value) bool
	walk = func(v Value) bool {
		switch v.Shape {
		case Call:
			if LookupBuiltin(v.Text) == nil && !slices.ContainsFunc(v.Elems, func(a Value) bool { return !staticOnceResolved(a) }) {
				for _, f := range e.in.env.Files() {
					if f == e.v.file || e.in.declaresFunction(f, v.Text) || len(e.in.env.Functions(v.Text)) == 0 {
						continue
					}
					err := e.fail(sp, RuleUnknownFunction, "%s(): Unknown built-in function: %s (Carina copies this let's value, a call of %s it has not made yet, into every other file of the directory and fails in %s, which does not declare %s: declare the function before this let, or call it without a pipe)",
						v.Text, v.Text, v.Text, filepath.Base(f), v.Text)
					err.subject, err.alone = v.Text, e.in.env.IsModule()
					e.note(err)
					return true
				}
			}
			fallthrough
		case ListVal, MapVal, Interp, SecretVal:
			if len(v.Elems) == 0 {
				return false
			}
			// Elements found clean once for this file are clean for every let that reads them.
			k := echoKey{elemsKey{first: &v.Elems[0], n: len(v.Elems)}, e.v.file}
			if e.in.echoed[k] {
				return false
			}
			for _, el := range v.Elems {
				if walk(el) {
					return true
				}
			}
			if e.in.echoed == nil {
				e.in.echoed = map[echoKey]bool{}
			}
			e.in.echoed[k] = true
		}
		return false
	}
	walk(v)
}

// echoKey names the elements of a value echo found clean in a file.
type echoKey struct {
	elems elemsKey
	file  string
}

// staticOnceResolved reports whether v is a constant once the calls of built-ins it holds are
// made (an interpolation of a let holding `'a' |> upper()`): the other file's resolution makes
// those first, and then the call of the user function that takes v.
func staticOnceResolved(v Value) bool {
	switch v.Shape {
	case Call:
		if LookupBuiltin(v.Text) == nil {
			return false
		}
		fallthrough
	case ListVal, MapVal, Interp, SecretVal:
		for _, el := range v.Elems {
			if !staticOnceResolved(el) {
				return false
			}
		}
		return true
	}
	return v.Static()
}

// declaresFunction reports whether a file of the configuration declares a function called name.
func (in *Info) declaresFunction(file, name string) bool {
	for _, d := range in.env.Functions(name) {
		if d.Info().File == file {
			return true
		}
	}
	return false
}

// declaredType checks the type annotation of an argument, a module attribute or an export:
// what Annotation rejects, and custom types no loaded provider declares (Carina rejects them
// there once its providers are loaded; a function's parameters are not checked so).
func (in *Info) declaredType(kind string, name *grammar.Name, t *grammar.TypeExpr) []Problem {
	ty, probs := Annotation(t, in.schemas)
	if in.schemas == nil || name == nil {
		return probs
	}
	for _, u := range UnknownCustoms(ty, in.schemas) {
		msg := kind + " '" + name.Text + "': unknown custom type '" + u + "'"
		p := Problem{Span: customSpan(t, u), Rule: RuleUnknownCustom}
		if provider, _, dotted := strings.Cut(u, "."); dotted {
			msg = kind + " '" + name.Text + "': unknown type '" + u + "': the " + provider + " provider has no such resource type or custom type"
		} else if s := suggestCustom(u, in.schemas); s != "" {
			msg += "; did you mean '" + s + "'?"
			p.Fix = &Fix{Title: "Change to " + s, Span: p.Span, NewText: s}
		}
		p.Msg = msg
		probs = append(probs, p)
	}
	return probs
}

// customSpan is where a custom type's name is written in an annotation (the whole annotation
// when it is not found).
func customSpan(t *grammar.TypeExpr, name string) grammar.Span {
	var found *grammar.Span
	var walk func(*grammar.TypeExpr)
	walk = func(t *grammar.TypeExpr) {
		if t == nil || found != nil {
			return
		}
		for _, a := range t.Atoms {
			if a.Name == name && a.Lit == nil {
				sp := a.Span
				found = &sp
				return
			}
			walk(a.Elem)
			for _, f := range a.Fields {
				walk(f.Type)
			}
		}
	}
	walk(t)
	if found != nil {
		return *found
	}
	return t.Span
}

// plainLiteral reports whether an expression is a literal with nothing in it to evaluate.
// inert reports whether evaluating a resource attribute's value can meet no mistake, so that it
// need not be evaluated (most attributes): a literal, a list, map or interpolation of such
// values, and a read of a top-level resource's or data source's attribute (`vpc.vpc_id`), which
// resolves to that attribute's value, itself evaluated in its own statement. The cost of check
// is that of the attributes that compute something.
func (e *evaluator) inert(x grammar.Expr) bool {
	switch x := x.(type) {
	case *grammar.StringLit:
		if x == nil {
			return false
		}
		for _, p := range x.Parts {
			if p.Expr != nil && !e.inert(p.Expr) {
				return false
			}
		}
		return true
	case *grammar.IntLit, *grammar.FloatLit, *grammar.BoolLit, *grammar.DurationLit:
		return true
	case *grammar.ListExpr:
		if x == nil {
			return false
		}
		for _, el := range x.Elems {
			if !e.inert(el) {
				return false
			}
		}
		return true
	case *grammar.MapExpr:
		return x != nil && e.inertBlock(x.Body)
	case *grammar.PathExpr:
		if x == nil || len(x.Parts) < 2 || e.in.env == nil || e.isolated {
			return false
		}
		if _, ok := e.lookupLocal(x.Parts[0].Text); ok {
			return false
		}
		ds := e.in.declsNamed(x.Parts[0].Text)
		if len(ds.list) == 0 {
			// An enum value written with its type (`awscc.Region.ap_northeast_1`).
			return EnumShaped(x.String())
		}
		return len(x.Parts) == 2 && ds.resources
	}
	return false
}

// inertBlock reports whether every attribute and nested block of a block is inert.
func (e *evaluator) inertBlock(b *grammar.Block) bool {
	if b == nil {
		return false
	}
	for _, it := range b.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			if !e.inert(it.Value) {
				return false
			}
		case *grammar.NestedBlock:
			if !e.inertBlock(it.Body) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func plainLiteral(x grammar.Expr) bool {
	switch x := x.(type) {
	case *grammar.StringLit:
		return x != nil && !x.Interpolated()
	case *grammar.IntLit, *grammar.FloatLit, *grammar.BoolLit, *grammar.DurationLit:
		return true
	}
	return false
}
