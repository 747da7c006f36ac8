package types

import "github.com/carina-rs/carina-lsp/grammar"

// Which declaration a call of a name reaches when a binding and a function share the name.
// Carina looks for a variable holding a closure before it looks for a function (user or
// built-in), and binds a let holding a partial application only after its declaration in its
// own file: a sibling file, or a statement before it, does not see it (see topLevel).

// CallsBinding reports whether a call of d's name, written in statement st of file, applies the
// partial application that d holds rather than calling a function of that name: d is a local
// in scope where the call is written (the caller's to decide) or a top-level let declared before
// st in the same file, and d's value is a closure. A call in a function's body is judged where
// the function is declared (Carina judges it where the function is called).
func (in *Info) CallsBinding(file string, st *grammar.Stmt, d Decl) bool {
	info := d.Info()
	switch info.Kind {
	case DeclValue:
		if info.File != file || info.Stmt == nil || st == nil || info.Stmt.Offset >= st.Offset {
			return false
		}
	case DeclLocal:
	default:
		return false // a parameter, a loop variable or an argument holds no closure
	}
	v, ok := in.DeclValue(d)
	return ok && v.Shape == ClosureVal
}

// isFunction reports whether name is a user function of the configuration or a built-in.
func (in *Info) isFunction(name string) bool {
	return LookupBuiltin(name) != nil || in.env != nil && len(in.env.Functions(name)) > 0
}
