package grammar

import (
	"fmt"
	"strconv"
	"strings"
)

// dump writes a syntax tree as a compact S-expression without spans, so that AST expectations
// read like the source:
//
//	(let cert (res aws.acm.Certificate {domain_name='x'}))
//
// Literals: 42, (float 1.5), (dur 75min 4500s), true, null, 'single', "double", (doc "..."),
// (tmpl "a-" ${x} "") for interpolated strings. A block is {item item}; an attribute key=value
// (with a trailing "," when a comma followed it); a nested block name{...}.
func dump(n Node) string {
	var b strings.Builder
	dumpTo(&b, n)
	return b.String()
}

func dumpTo(b *strings.Builder, n Node) {
	w := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	sub := func(n Node) string {
		if isNilNode(n) {
			return "<nil>"
		}
		return dump(n)
	}
	list := func(ns ...Node) string {
		parts := make([]string, 0, len(ns))
		for _, n := range ns {
			parts = append(parts, sub(n))
		}
		return strings.Join(parts, " ")
	}
	switch n := n.(type) {
	case nil:
		w("<nil>")
	case *Name:
		if n == nil {
			w("<nil>")
			return
		}
		w("%s", n.Text)

	// Statements.
	case *LetStmt:
		name := "<nil>"
		if n.Name != nil {
			name = n.Name.Text
		}
		w("(let %s %s)", name, sub(n.Value))
	case *ResourceStmt:
		w("%s", sub(n.Resource))
	case *ModuleCallStmt:
		w("%s", sub(n.Call))
	case *ProviderStmt:
		w("(provider %s %s)", sub(n.Kind), sub(n.Body))
	case *BackendStmt:
		w("(backend %s %s)", sub(n.Kind), sub(n.Body))
	case *ArgumentsStmt:
		w("(arguments")
		for _, p := range n.Params {
			w(" %s", sub(p))
		}
		for range n.Bad {
			w(" (bad)")
		}
		w(")")
	case *ParamDecl:
		w("(param %s %s", sub(n.Name), sub(n.Type))
		if n.Body != nil {
			w(" %s", sub(n.Body))
		} else if n.Default != nil {
			w(" = %s", sub(n.Default))
		}
		w(")")
	case *OutputsStmt:
		kw := "attributes"
		if n.Exports {
			kw = "exports"
		}
		w("(%s", kw)
		for _, it := range n.Items {
			w(" %s", sub(it))
		}
		for range n.Bad {
			w(" (bad)")
		}
		w(")")
	case *OutputDecl:
		if n.Type != nil {
			w("(out %s: %s = %s)", sub(n.Name), sub(n.Type), sub(n.Value))
		} else {
			w("(out %s = %s)", sub(n.Name), sub(n.Value))
		}
	case *StateBlockStmt:
		w("(%s %s)", n.Construct.Keyword(), sub(n.Body))
	case *RequireStmt:
		w("(require %s %s)", sub(n.Cond), sub(n.Message))
	case *FnStmt:
		params := make([]Node, 0, len(n.Params))
		for _, p := range n.Params {
			params = append(params, p)
		}
		lets := make([]Node, 0, len(n.Lets))
		for _, l := range n.Lets {
			lets = append(lets, l)
		}
		w("(fn %s (%s)", sub(n.Name), list(params...))
		if n.Return != nil {
			w(": %s", sub(n.Return))
		}
		w(" {")
		if len(lets) > 0 {
			w("%s ", list(lets...))
		}
		w("%s})", sub(n.Result))
	case *FnParam:
		w("%s", sub(n.Name))
		if n.Type != nil {
			w(": %s", sub(n.Type))
		}
		if n.Default != nil {
			w(" = %s", sub(n.Default))
		}
	case *ExprStmt:
		w("%s", sub(n.X))
	case *BadStmt:
		w("(bad-stmt)")

	// Block bodies.
	case *Block:
		if n == nil {
			w("<nil>")
			return
		}
		items := make([]Node, 0, len(n.Items))
		for _, it := range n.Items {
			items = append(items, it)
		}
		w("{%s}", list(items...))
	case *Attribute:
		key := n.Key.Text
		if n.Quoted {
			key = "'" + key + "'"
		}
		w("%s=%s", key, sub(n.Value))
		if n.Comma {
			w(",")
		}
	case *NestedBlock:
		w("%s%s", sub(n.Name), sub(n.Body))
	case *BadItem:
		w("(bad-item)")

	// Expressions.
	case *PathExpr:
		w("%s", n.String())
	case *IndexExpr:
		w("(index %s %s)", sub(n.X), sub(n.Index))
	case *FieldExpr:
		fields := make([]string, len(n.Fields))
		for i, f := range n.Fields {
			fields[i] = f.Text
		}
		w("(field %s %s)", sub(n.X), strings.Join(fields, "."))
	case *StringLit:
		switch {
		case n.Interpolated():
			w("(tmpl")
			for _, p := range n.Parts {
				if p.Expr != nil {
					w(" ${%s}", sub(p.Expr))
				} else {
					w(" %s", strconv.Quote(p.Text))
				}
			}
			w(")")
		case n.Doc:
			w("(doc %s)", strconv.Quote(n.Value))
		case n.Single:
			q := strconv.Quote(n.Value)
			w("'%s'", strings.ReplaceAll(q[1:len(q)-1], "'", `\'`))
		default:
			w("%s", strconv.Quote(n.Value))
		}
	case *EmptyExpr:
		w("(empty)")
	case *IntLit:
		w("%d", n.Value)
	case *FloatLit:
		w("(float %s)", strconv.FormatFloat(n.Value, 'g', -1, 64))
	case *DurationLit:
		w("(dur %s %ds)", n.Text, n.Seconds)
	case *BoolLit:
		w("%t", n.Value)
	case *NullLit:
		w("null")
	case *ListExpr:
		elems := make([]Node, 0, len(n.Elems))
		for _, e := range n.Elems {
			elems = append(elems, e)
		}
		w("[%s]", list(elems...))
	case *MapExpr:
		w("(map %s)", sub(n.Body))
	case *CallExpr:
		args := make([]Node, 0, len(n.Args))
		for _, a := range n.Args {
			args = append(args, a)
		}
		if len(args) == 0 {
			w("(call %s)", sub(n.Fn))
		} else {
			w("(call %s %s)", sub(n.Fn), list(args...))
		}
	case *BinaryExpr:
		w("(%s %s %s)", strings.Trim(n.Op.String(), `"`), sub(n.X), sub(n.Y))
	case *UnaryExpr:
		w("(! %s)", sub(n.X))
	case *ParenExpr:
		w("(paren %s)", sub(n.X))
	case *ResourceExpr:
		if n.Read != nil {
			w("(read %s %s)", sub(n.Type), sub(n.Body))
		} else {
			w("(res %s %s)", sub(n.Type), sub(n.Body))
		}
	case *ModuleCallExpr:
		w("(module %s %s)", sub(n.Name), sub(n.Body))
	case *KeywordBlockExpr:
		w("(%s %s)", n.Construct.Keyword(), sub(n.Body))
	case *ProviderExpr:
		w("(provider-instance %s %s)", sub(n.Kind), sub(n.Body))
	case *WaitExpr:
		w("(wait %s %s)", sub(n.Target), sub(n.Body))
	case *ForExpr:
		names := make([]Node, 0, len(n.Bindings))
		for _, b := range n.Bindings {
			names = append(names, b)
		}
		open, close := "", ""
		if n.Paren {
			open, close = "(", ")"
		}
		w("(for %s%s%s in %s %s)", open, list(names...), close, sub(n.Iter), sub(n.Body))
	case *IfExpr:
		if n.Else != nil {
			w("(if %s %s else %s)", sub(n.Cond), sub(n.Then), sub(n.Else))
		} else {
			w("(if %s %s)", sub(n.Cond), sub(n.Then))
		}
	case *Body:
		if n == nil {
			w("<nil>")
			return
		}
		w("{")
		for _, l := range n.Lets {
			w("%s ", sub(l))
		}
		w("%s}", sub(n.Result))
	case *AddressExpr:
		w("(addr %s %s)", sub(n.Type), sub(n.Name))
	case *BadExpr:
		w("(bad-expr)")

	// Types.
	case *TypeExpr:
		if n == nil {
			w("<nil>")
			return
		}
		atoms := make([]string, len(n.Atoms))
		for i, a := range n.Atoms {
			atoms[i] = sub(a)
		}
		w("%s", strings.Join(atoms, " | "))
	case *TypeAtom:
		switch {
		case n.Lit != nil:
			w("%s", sub(n.Lit))
		case n.Name == "struct":
			fields := make([]string, len(n.Fields))
			for i, f := range n.Fields {
				fields[i] = sub(f)
			}
			w("struct{%s}", strings.Join(fields, ", "))
		case n.Elem != nil:
			w("%s(%s)", n.Name, sub(n.Elem))
		default:
			w("%s", n.Name)
		}
	case *TypeField:
		w("%s: %s", sub(n.Name), sub(n.Type))
	default:
		w("<%T>", n)
	}
}

// isNilNode reports whether n is nil or a typed nil pointer.
func isNilNode(n Node) bool {
	if n == nil {
		return true
	}
	switch v := n.(type) {
	case *Name:
		return v == nil
	case *Block:
		return v == nil
	case *Body:
		return v == nil
	case *TypeExpr:
		return v == nil
	case *StringLit:
		return v == nil
	case *PathExpr:
		return v == nil
	case *ResourceExpr:
		return v == nil
	case *ModuleCallExpr:
		return v == nil
	case *LetStmt:
		return v == nil
	case *IfExpr:
		return v == nil
	}
	return false
}
