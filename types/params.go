package types

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// A parameter without a declared type is, for the editor, the one type every call of its
// function passes it: what the checks will see at each call. Hover, its inlay hint and the
// function's signature read it here.

// callSite is a call of a user function written in the configuration.
type callSite struct {
	file string
	st   *grammar.Stmt
	args []grammar.Expr // in parameter order, a pipe's value last
}

// ParamType returns the type of a function parameter: its declared type, else the one type
// every call of its function passes it; nil when there is none.
func (in *Info) ParamType(d Decl) *Type {
	info := d.Info()
	p, ok := info.Node.(*grammar.FnParam)
	if !ok {
		return nil
	}
	if p.Type != nil {
		t, _ := Annotation(p.Type, in.schemas)
		return t
	}
	if in.env == nil || info.Stmt == nil {
		return nil
	}
	fs, ok := info.Stmt.Node.(*grammar.FnStmt)
	if !ok || fs.Name == nil {
		return nil
	}
	index := -1
	for i, q := range fs.Params {
		if q == p {
			index = i
		}
	}
	for _, fd := range in.env.Functions(fs.Name.Text) {
		if fd.Info().Stmt == info.Stmt && index >= 0 {
			in.mu.Lock()
			fn := in.function(fd)
			in.mu.Unlock()
			return in.callersType(fn, index)
		}
	}
	return nil
}

// callersType is the one type every call of fn passes its parameter i, or nil: when a call
// leaves it out, passes a value of no known type, or two calls disagree.
func (in *Info) callersType(fn *userFunc, i int) *Type {
	key := paramKey{fn, i}
	in.mu.Lock()
	t, done := in.paramTypes[key]
	in.mu.Unlock()
	if !done {
		t = in.callersTypeOf(fn, i)
		in.mu.Lock()
		if in.paramTypes == nil {
			in.paramTypes = map[paramKey]*Type{}
		}
		in.paramTypes[key] = t
		in.mu.Unlock()
	}
	return t
}

// paramKey is a parameter of a user function.
type paramKey struct {
	fn    *userFunc
	index int
}

// callersTypeOf computes callersType: one evaluation of each call's statement.
func (in *Info) callersTypeOf(fn *userFunc, i int) *Type {
	in.mu.Lock()
	calls := in.callsOf(fn.name)
	in.mu.Unlock()
	var t *Type
	for _, c := range calls {
		if i >= len(c.args) {
			return nil
		}
		v, ok := in.ExprValue(c.file, c.st, c.args[i])
		if !ok {
			return nil
		}
		at := Evaluated(v).TypeOf()
		switch {
		case !at.Known():
			return nil
		case t == nil:
			t = at
		case !Identical(t, at):
			return nil
		}
	}
	return t
}

// callsOf returns the calls of the function name written in the configuration, found once for
// every name. in.mu must be held.
func (in *Info) callsOf(name string) []callSite {
	if in.calls != nil {
		return in.calls[name]
	}
	in.calls = map[string][]callSite{}
	for _, file := range in.env.Files() {
		for _, st := range in.env.Statements(file) {
			if st == nil || st.Node == nil {
				continue
			}
			piped := map[*grammar.CallExpr]bool{}
			grammar.Inspect(st.Node, func(n grammar.Node) bool {
				switch x := n.(type) {
				case *grammar.BinaryExpr:
					// `v |> f(a)` is `f(a, v)`.
					if c, ok := x.Y.(*grammar.CallExpr); ok && x.Op == grammar.Pipe && c.Fn != nil && x.X != nil {
						piped[c] = true
						args := append(append([]grammar.Expr(nil), c.Args...), x.X)
						in.calls[c.Fn.Text] = append(in.calls[c.Fn.Text], callSite{file, st, args})
					}
				case *grammar.CallExpr:
					if x.Fn != nil && !piped[x] {
						in.calls[x.Fn.Text] = append(in.calls[x.Fn.Text], callSite{file, st, x.Args})
					}
				}
				return true
			})
		}
	}
	return in.calls[name]
}
