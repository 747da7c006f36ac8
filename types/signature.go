package types

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// Signatures: what a call's function takes and gives, for every kind of function a call can
// name (a built-in, a user function, a let holding a partial application or a composition). The
// editor's hover, signature help, completion and inlay hints all print them from here, so they
// cannot disagree.

// Signature is a function's signature as the editor shows it.
type Signature struct {
	Name   string
	Params []Param
	Result *Type // nil when not declared
	Doc    string
	// Builtin is set for Carina's built-in functions and for partial applications of one.
	Builtin *Builtin
	// User is set for a user function: the signature is the one its declaration writes.
	User bool
	// Closure is set for a partial application or a composition held by a let: Name is the
	// let's name, Builtin the function applied (nil for a composition).
	Closure bool
}

// ParamLabel writes parameter i as a signature shows it: `name: T`, `name?: T` for one that may
// be left out, `name: T = default` for a user function's default; `name` alone when its type is
// not known.
func (s Signature) ParamLabel(i int) string {
	p := s.Params[i]
	l := p.Name
	switch {
	case p.Optional && p.Default == "" && p.Type.Known():
		l += "?: " + p.Type.String()
	case p.Optional && p.Default == "":
		l += "?"
	case p.Type.Known():
		l += ": " + p.Type.String()
	}
	if p.Default != "" {
		l += " = " + p.Default
	}
	return l
}

// Label writes the signature as a call's: `join(separator: String, list: list) -> String`.
func (s Signature) Label() string {
	l := s.Name + "(" + s.params() + ")"
	if s.Result != nil {
		l += " -> " + s.Result.String()
	}
	return l
}

// Declaration writes a user function's signature as its declaration does:
// `fn label(env: String, app: String = 'web'): String`.
func (s Signature) Declaration() string {
	l := "fn " + s.Name + "(" + s.params() + ")"
	if s.Result != nil {
		l += ": " + s.Result.String()
	}
	return l
}

func (s Signature) params() string {
	var b strings.Builder
	for i := range s.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(s.ParamLabel(i))
	}
	return b.String()
}

// Argument returns the parameter that a call's argument arg (counted from 0) gives a value, or
// -1 when the call takes no such argument explicitly: after `|>` the piped value is the last
// parameter, so the call's own arguments are the ones before it.
func (s Signature) Argument(arg int, piped bool) int {
	explicit := len(s.Params)
	if piped && explicit > 0 {
		explicit--
	}
	if arg < 0 || arg >= explicit {
		return -1
	}
	return arg
}

// Type is the function's type: `fn(String, list) -> String`.
func (s Signature) Type() *Type {
	t := &Type{Kind: Closure, Name: s.Name, Result: s.Result}
	for _, p := range s.Params {
		t.Params = append(t.Params, orUnknown(p.Type))
	}
	return t
}

// Signature returns a built-in's signature.
func (b *Builtin) Signature() Signature {
	return Signature{Name: b.Name, Params: b.Params, Result: b.Result, Doc: b.Doc, Builtin: b}
}

// ClosureSignature returns the signature of a partial application or a composition, named name:
// the parameters it still takes and what it gives once it has them. ok is false for any other
// value.
func ClosureSignature(name string, v Value) (Signature, bool) {
	if v.Shape != ClosureVal {
		return Signature{}, false
	}
	if v.Text == composeName {
		if len(v.Elems) == 0 {
			return Signature{}, false
		}
		first, ok := ClosureSignature(name, v.Elems[0])
		last, ok2 := ClosureSignature(name, v.Elems[len(v.Elems)-1])
		if !ok || !ok2 || len(first.Params) == 0 {
			return Signature{}, false
		}
		return Signature{Name: name, Params: first.Params[:1], Result: last.Result, Closure: true,
			Doc: "A composition: its argument goes through each stage in turn."}, true
	}
	b := LookupBuiltin(v.Text)
	if b == nil || len(v.Elems) > b.Arity {
		return Signature{}, false
	}
	return Signature{Name: name, Params: b.Params[len(v.Elems):b.Arity], Result: b.Result, Doc: b.Doc,
		Builtin: b, Closure: true}, true
}

// FunctionSignature returns the signature of the function a call names: a user function of the
// configuration, else a built-in; ok is false for neither. A parameter without a declared type
// has the type ParamType gives it.
func (in *Info) FunctionSignature(name string) (Signature, bool) {
	if in.env != nil {
		if ds := in.env.Functions(name); len(ds) > 0 {
			return in.userSignature(ds[0]), true
		}
	}
	if b := LookupBuiltin(name); b != nil {
		return b.Signature(), true
	}
	return Signature{}, false
}

// CallSignature returns the signature of what a call of name in statement st of file reaches,
// as evaluation does: a let of the file holding a partial application first (when a function
// has the name too, only one CallsBinding says the call reaches), then a user function, then a
// built-in.
func (in *Info) CallSignature(file string, st *grammar.Stmt, name string) (Signature, bool) {
	if d := in.closureBinding(file, name); d != nil && (!in.isFunction(name) || in.CallsBinding(file, st, d)) {
		if v, ok := in.DeclValue(d); ok {
			if sig, ok := ClosureSignature(name, Evaluated(v)); ok {
				return sig, true
			}
		}
	}
	return in.FunctionSignature(name)
}

// closureBinding returns the top-level let called name that a call in file reads, or nil.
func (in *Info) closureBinding(file string, name string) Decl {
	if in.env == nil {
		return nil
	}
	var first Decl
	for _, d := range in.env.Bindings(name) {
		info := d.Info()
		if info.Kind != DeclValue {
			continue
		}
		if info.File == file {
			return d
		}
		if first == nil {
			first = d
		}
	}
	return first
}

// userSignature is a user function's signature.
func (in *Info) userSignature(d Decl) Signature {
	in.mu.Lock()
	fn := in.function(d)
	in.mu.Unlock()
	sig := Signature{Name: fn.name, User: true}
	fs, _ := d.Info().Node.(*grammar.FnStmt)
	for i, p := range fn.params {
		pr := Param{Name: p.name, Type: UnknownType, Optional: p.optional}
		if p.typ != nil {
			pr.Type = p.typ.typ
		} else if t := in.callersType(fn, i); t != nil {
			pr.Type = t
		}
		if p.optional && fs != nil && i < len(fs.Params) && fs.Params[i] != nil {
			pr.Default = in.sourceOf(d.Info(), fs.Params[i].Default)
		}
		sig.Params = append(sig.Params, pr)
	}
	if fn.ret != nil {
		sig.Result = fn.ret.typ
	}
	return sig
}

// sourceOf is the text of a node of a declaration's statement, its white space runs made one
// space; "" for none.
func (in *Info) sourceOf(info DeclInfo, n grammar.Node) string {
	if n == nil || info.Stmt == nil {
		return ""
	}
	src := in.env.Source(info.File)
	sp := info.Stmt.Abs(spanOf(n))
	if sp.Start < 0 || int(sp.End) > len(src) || sp.Start > sp.End {
		return ""
	}
	return strings.Join(strings.Fields(src[sp.Start:sp.End]), " ")
}
