package types

import (
	"slices"

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
	return probs
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
			e.resourceBody(n.Resource.Body)
		}
	case *grammar.ModuleCallStmt:
		if n.Call != nil {
			e.block(n.Call.Body, true)
		}
	case *grammar.ProviderStmt:
		e.block(n.Body, true)
	case *grammar.BackendStmt:
		e.block(n.Body, true)
	case *grammar.ArgumentsStmt:
		for _, p := range n.Params {
			if p == nil {
				continue
			}
			if p.Type != nil {
				_, tp := Annotation(p.Type, e.in.schemas)
				*probs = append(*probs, tp...)
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
				_, tp := Annotation(it.Type, e.in.schemas)
				*probs = append(*probs, tp...)
			}
			if it.Value != nil {
				_, err := e.value(it.Value)
				e.note(err)
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
		e.resourceBody(x.Body)
	case *grammar.ModuleCallExpr:
		e.block(x.Body, true)
	case *grammar.ProviderExpr:
		e.block(x.Body, true)
	case *grammar.IfExpr:
		_, _, err := e.ifStatement(x)
		e.note(err)
	case *grammar.ForExpr:
		e.note(e.forStatement(x))
	case *grammar.KeywordBlockExpr, *grammar.WaitExpr:
		// Their keys are the construct checks' (source, until, timeout, ...).
	default:
		v, err := e.letExpr(x)
		if err != nil {
			e.note(err)
			return
		}
		if v.Shape == ClosureVal {
			return // a let may hold a partial application
		}
		_, err = e.resolve(v, spanOf(x), false)
		e.note(err)
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
			v, err := e.value(it.Value)
			if err != nil {
				e.note(err)
				continue
			}
			_, err = e.resolve(v, spanOf(it.Value), true)
			e.note(err)
		case *grammar.NestedBlock:
			v, err := e.block(it.Body, true)
			if err != nil {
				e.note(err)
				continue
			}
			_, err = e.resolve(v, spanOf(it.Body), true)
			e.note(err)
		case *grammar.LetStmt:
			v, err := e.value(it.Value)
			e.note(err)
			if it.Name != nil && it.Name.Text != "_" {
				e.push(it.Name.Text, v)
			}
		}
	}
}
