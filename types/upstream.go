package types

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// An upstream_state is read as `net.<export>...`: each read must fit the type the upstream
// configuration gives the export (declared, or inferred as Carina infers an untyped export),
// where Carina checks it: in a resource's attributes, an export, a module call's argument and a
// module's attributes (carina-core's upstream_exports.rs). A `.field` must be a field of a struct
// or a key of a map; `[i]` reads a list, `["k"]` a map; a `for` over an export iterates a list
// with `for x` and a map with `for k, v`.

// exportTypes returns the types of the configuration's exports, by name, for a configuration
// that reads it through upstream_state: the declared type, else the inferred one, else none.
// in.mu must be held.
func (in *Info) exportTypes() map[string]*Type {
	if in.exports != nil {
		return in.exports
	}
	in.exports = map[string]*Type{}
	if in.env == nil {
		return in.exports
	}
	for _, f := range in.env.Files() {
		for _, st := range in.env.Statements(f) {
			o, ok := st.Node.(*grammar.OutputsStmt)
			if !ok || !o.Exports {
				continue
			}
			for _, it := range o.Items {
				if it == nil || it.Name == nil {
					continue
				}
				var t *Type
				if it.Type != nil {
					t, _ = Annotation(it.Type, in.schemas)
				} else if it.Value != nil {
					e := &evaluator{in: in, v: view{seeded: true, file: f, pos: st.Offset}, st: st}
					if v, err := e.value(it.Value); err == nil {
						if inferred, reason := e.infer(v); reason == "" {
							t = inferred
						}
					}
				}
				if _, dup := in.exports[it.Name.Text]; !dup && t.Known() {
					in.exports[it.Name.Text] = t
				}
			}
		}
	}
	return in.exports
}

// upstreamExport returns the type of export field of the upstream configuration a binding called
// name reads, or nil.
func (e *evaluator) upstreamExport(name, field string) *Type {
	if e.in.env == nil || e.localName(name) {
		return nil
	}
	for _, d := range e.in.env.Bindings(name) {
		if d.Info().Kind != DeclUpstream {
			continue
		}
		up := e.in.env.Import(d)
		if up == nil || up == e.in {
			return nil
		}
		up.mu.Lock()
		t := up.exportTypes()[field]
		up.mu.Unlock()
		return t
	}
	return nil
}

// upstreamShapes reports the reads of upstream exports in a value that do not fit the exports'
// types.
func (e *evaluator) upstreamShapes(v Value, sp grammar.Span) {
	switch v.Shape {
	case Ref:
		if len(v.Path) > 0 && !strings.HasPrefix(v.Path[0], "[") {
			if t := e.upstreamExport(v.Text, v.Path[0]); t != nil {
				if msg := upstreamPathMismatch(v.Text, v.Path[0], t, v.Path[1:]); msg != "" {
					e.note(e.fail(sp, RuleUpstreamShape, "%s", msg))
				}
			}
		}
	case ListVal, MapVal, Interp, Call, SecretVal:
		for _, el := range v.Elems {
			e.upstreamShapes(el, sp)
		}
	}
}

// upstreamPathMismatch says how a read `binding.field` followed by path does not fit the
// export's type t, or "". The fields come first (a struct's, or any key of a map); the
// subscripts after them are checked when no field follows one.
func upstreamPathMismatch(binding, field string, t *Type, path []string) string {
	var fields, subs []string
	for i, seg := range path {
		if strings.HasPrefix(seg, "[") {
			subs = path[i:]
			break
		}
		fields = append(fields, seg)
	}
	cur := t
	for _, seg := range fields {
		switch cur.Kind {
		case Struct:
			next := cur.Field(seg)
			if next == nil {
				names := make([]string, len(cur.Fields))
				for i, f := range cur.Fields {
					names[i] = f.Name
				}
				return fmt.Sprintf("upstream_state `%s.%s` has no field `%s`; declared fields are: %s", binding, field, seg, strings.Join(names, ", "))
			}
			cur = next
		case Map:
			cur = cur.Elem
		case List:
			return fmt.Sprintf("upstream_state `%s.%s` is declared as `%s` but `.%s` reads it as a struct; iterate the list with `for x in %s.%s` to access elements",
				binding, field, cur, seg, binding, field)
		case Resource:
			return fmt.Sprintf("upstream_state `%s.%s` is declared as `%s`, a resource type, but `.%s` reads it as a struct: Carina reads no attribute through an export of a resource type; export the attribute itself",
				binding, field, cur, seg)
		case String, Int, Float, Bool, Duration, Custom, Literal:
			return fmt.Sprintf("upstream_state `%s.%s` is declared as `%s` (a scalar), but `.%s` reads it as a struct; scalars have no fields",
				binding, field, cur, seg)
		default:
			return "" // a type whose members are not known here
		}
		if !cur.Known() {
			return ""
		}
	}
	access := binding + "." + strings.Join(append([]string{field}, fields...), ".")
	for _, seg := range subs {
		if !strings.HasPrefix(seg, "[") {
			return "" // a field after a subscript: Carina does not check the shape
		}
	}
	for _, seg := range subs {
		isInt := !strings.HasPrefix(seg, "[\"")
		switch {
		case cur.Kind == List && isInt, cur.Kind == Map && !isInt:
			cur = cur.Elem
		case cur.Kind == Struct, cur.Kind == List, cur.Kind == Map, cur.Kind == String, cur.Kind == Int, cur.Kind == Float,
			cur.Kind == Bool, cur.Kind == Duration, cur.Kind == Custom, cur.Kind == Literal:
			hint := ""
			switch {
			case cur.Kind == List:
				hint = "; integer subscript `[i]` reads list elements"
			case cur.Kind == Map:
				hint = "; string subscript `[\"k\"]` reads map entries"
			}
			return fmt.Sprintf("upstream_state `%s` is declared as `%s`; `%s%s` does not fit%s", access, cur, access, seg, hint)
		default:
			return ""
		}
		if !cur.Known() {
			return ""
		}
	}
	return ""
}

// upstreamIterable says how a `for` over an upstream export does not fit its type, or "": the
// names of the loop say whether it iterates a list or a map. Carina compares the export's own
// type, whatever is read from it after (`for x in u.vpc.cidrs` checks `vpc`).
func (e *evaluator) upstreamIterable(x *grammar.ForExpr, it Value) string {
	if it.Shape != Ref || len(it.Path) == 0 || strings.HasPrefix(it.Path[0], "[") {
		return ""
	}
	t := e.upstreamExport(it.Text, it.Path[0])
	if t == nil {
		return ""
	}
	want, hint := "list", "; use `for k, v in ...` to iterate the map"
	if len(x.Bindings) == 2 && !x.Paren {
		want, hint = "map", "; use `for x in ...` to iterate the list"
	}
	switch {
	case t.Kind == List && want == "list", t.Kind == Map && want == "map":
		return ""
	case t.Kind != List && t.Kind != Map:
		hint = ""
	}
	names := make([]string, len(x.Bindings))
	for i, n := range x.Bindings {
		if n != nil {
			names[i] = n.Text
		}
	}
	header := strings.Join(names, ", ")
	if x.Paren {
		header = "(" + header + ")"
	}
	iter := it.Text
	for _, seg := range it.Path {
		if !strings.HasPrefix(seg, "[") {
			iter += "."
		}
		iter += seg
	}
	return fmt.Sprintf("upstream_state `%s.%s` is declared as `%s` but `for %s in %s` requires a %s iterable%s",
		it.Text, it.Path[0], t, header, iter, want, hint)
}

// UpstreamFieldFits reports whether the read x of an upstream export (an access expression of
// the statement), its export renamed field, fits the type of that export: a did-you-mean offers
// only an export with which the whole read fits. A read the evaluation does not reach fits.
func (in *Info) UpstreamFieldFits(file string, st *grammar.Stmt, x grammar.Expr, field string) bool {
	if st == nil {
		return true
	}
	// The read whole: the outermost access expression that starts with x's name.
	root, _ := flatten(x)
	whole := x
	if root != nil {
		found := false
		grammar.Inspect(st.Node, func(n grammar.Node) bool {
			if found {
				return false
			}
			if ex, ok := n.(grammar.Expr); ok {
				if p, _ := flatten(ex); p == root {
					whole, found = ex, true
					return false
				}
			}
			return true
		})
	}
	v, ok := in.ExprValue(file, st, whole)
	if !ok || v.Shape != Ref || len(v.Path) == 0 {
		return true
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	e := &evaluator{in: in, v: view{seeded: true, file: file, pos: st.Offset}, st: st}
	t := e.upstreamExport(v.Text, field)
	return t == nil || upstreamPathMismatch(v.Text, field, t, v.Path[1:]) == ""
}
