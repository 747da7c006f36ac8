package types

import (
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Carina binds what an anonymous top-level `for` or `if` makes to names of its own, numbered in
// each file apart: the n-th anonymous `for` of a file is `_forN` (`_x` when it iterates a
// reference, `_accounts` for `orgs.accounts`), its items `_for0[0]` over a list and `_for0.key`
// over a map; the n-th anonymous `if` is `_ifN` when a branch is taken. The directory's files
// share one namespace, so two files making the same name are a duplicate binding.

// AnonymousAddress is a name Carina binds for what an anonymous top-level statement makes.
type AnonymousAddress struct {
	Name string
	Stmt *grammar.Stmt
}

// AnonymousAddresses returns the names Carina binds for the anonymous top-level `for` and `if`
// statements of file (stmts, in order), each with its statement: a `for` whose iterable is not
// known while Carina parses, or an `if` whose branches are not taken, binds none.
func (in *Info) AnonymousAddresses(file string, stmts []*grammar.Stmt) []AnonymousAddress {
	if in.env == nil {
		return nil
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	var out []AnonymousAddress
	fors, ifs := 0, 0
	for _, st := range stmts {
		if st == nil || st.Parsed == nil {
			continue
		}
		x, ok := st.Node.(*grammar.ExprStmt)
		if !ok {
			continue
		}
		e := &evaluator{in: in, v: view{seeded: true, file: file, pos: st.Offset}, st: st}
		switch x := x.X.(type) {
		case *grammar.ForExpr:
			name := "_for" + strconv.Itoa(fors)
			fors++
			if ref := in.iterableRef(file, st, x.Iter); ref != "" {
				name = "_" + ref[strings.LastIndexByte(ref, '.')+1:]
			}
			for _, item := range e.forItemNames(x) {
				out = append(out, AnonymousAddress{Name: name + item, Stmt: st})
			}
		case *grammar.IfExpr:
			name := "_if" + strconv.Itoa(ifs)
			ifs++
			if c, err := e.condition(x.Cond); err == nil && (c || x.Else != nil) {
				out = append(out, AnonymousAddress{Name: name, Stmt: st})
			}
		}
	}
	return out
}

// iterableRef returns the text of a for's iterable when Carina names the loop after it: a
// reference, a name with fields and subscripts; "" otherwise.
func (in *Info) iterableRef(file string, st *grammar.Stmt, x grammar.Expr) string {
	switch x.(type) {
	case *grammar.Name, *grammar.PathExpr, *grammar.IndexExpr, *grammar.FieldExpr:
	default:
		return ""
	}
	src, sp := in.env.Source(file), st.Abs(x.Pos())
	if sp.Start < 0 || sp.End > int32(len(src)) || sp.Start > sp.End {
		return ""
	}
	return strings.TrimSpace(src[sp.Start:sp.End])
}

// forItemNames returns the suffixes of the items a `for` makes while Carina parses: `[i]` over
// a list, `.key` over a map; none when its iterable is known only after apply or fails.
func (e *evaluator) forItemNames(x *grammar.ForExpr) []string {
	it, err := e.eval(x.Iter)
	if err != nil {
		return nil
	}
	if it.Shape == Call {
		if !it.Static() {
			return nil
		}
		if it, err = e.staticValue(it, spanOf(x.Iter)); err != nil {
			return nil
		}
	}
	var out []string
	switch {
	case it.Shape == ListVal && (len(x.Bindings) == 1 || x.Paren):
		for i := range it.Elems {
			out = append(out, "["+strconv.Itoa(i)+"]")
		}
	case it.Shape == MapVal && len(x.Bindings) == 2 && !x.Paren:
		for _, k := range it.Keys {
			out = append(out, "."+k)
		}
	}
	return out
}
