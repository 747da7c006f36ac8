package navigate

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Symbol is one entry of a file's outline. Span covers the whole construct and NameSpan its name
// (inside Span), both absolute.
type Symbol struct {
	Name, Detail   string
	Kind           SymbolKind
	Span, NameSpan grammar.Span
	Children       []Symbol
}

// DocumentSymbols returns the outline of f: its bindings (a resource's type as detail, a wait as
// `wait on cert`), providers, backend, arguments/attributes/exports and their entries, functions,
// module calls, import/removed/moved blocks and anonymous resources, with nested blocks,
// attributes and local lets as children. Statements that do not parse are left out.
func DocumentSymbols(f *workspace.File) []Symbol {
	var out []Symbol
	for _, st := range f.AST.Stmts {
		o := outliner{src: f.AST.Src, st: st}
		if s, ok := o.stmt(st.Node); ok {
			out = append(out, s)
		}
	}
	return out
}

// outliner builds the symbols of one statement.
type outliner struct {
	src string
	st  *grammar.Stmt
}

func (o *outliner) abs(s grammar.Span) grammar.Span { return o.st.Abs(s) }

// text returns the source of a relative span with white space runs collapsed, cut to a
// readable length.
func (o *outliner) text(s grammar.Span) string {
	a := o.abs(s)
	t := strings.Join(strings.Fields(o.src[a.Start:a.End]), " ")
	if r := []rune(t); len(r) > 48 {
		t = string(r[:47]) + "…"
	}
	return t
}

func (o *outliner) sym(name, detail string, kind SymbolKind, span, nameSpan grammar.Span, children []Symbol) Symbol {
	if name == "" {
		name = `""` // an empty quoted key; LSP wants a name
	}
	return Symbol{Name: name, Detail: detail, Kind: kind, Span: o.abs(span), NameSpan: o.abs(nameSpan), Children: children}
}

func (o *outliner) stmt(n grammar.Node) (Symbol, bool) {
	switch n := n.(type) {
	case *grammar.LetStmt:
		return o.let(n)
	case *grammar.ResourceStmt:
		r := n.Resource
		return o.sym(r.Type.String(), "", SymbolObject, n.Span, r.Type.Span, o.block(r.Body)), true
	case *grammar.ModuleCallStmt:
		c := n.Call
		return o.sym(c.Name.Text, "module call", SymbolObject, n.Span, c.Name.Span, o.block(c.Body)), true
	case *grammar.ProviderStmt:
		if n.Kind.Text == "" {
			return Symbol{}, false
		}
		return o.sym(n.Kind.Text, keyword(grammar.ProviderConstruct), SymbolNamespace, n.Span, n.Kind.Span, o.block(n.Body)), true
	case *grammar.BackendStmt:
		return o.sym(n.Kind.Text, keyword(grammar.BackendConstruct), SymbolPackage, n.Span, n.Kind.Span, o.block(n.Body)), true
	case *grammar.ArgumentsStmt:
		var kids []Symbol
		for _, p := range n.Params {
			detail := ""
			if p.Type != nil {
				detail = o.text(p.Type.Span)
			}
			var inner []Symbol
			if p.Body != nil {
				inner = o.block(p.Body)
			}
			kids = append(kids, o.sym(p.Name.Text, detail, SymbolVariable, p.Span, p.Name.Span, inner))
		}
		return o.sym(keyword(grammar.ArgumentsConstruct), "", SymbolStruct, n.Span, n.Kw, kids), true
	case *grammar.OutputsStmt:
		var kids []Symbol
		for _, it := range n.Items {
			detail := ""
			switch {
			case it.Type != nil:
				detail = o.text(it.Type.Span)
			case it.Value != nil:
				detail = o.text(it.Value.Pos())
			}
			kids = append(kids, o.sym(it.Name.Text, detail, SymbolProperty, it.Span, it.Name.Span, nil))
		}
		name := keyword(grammar.AttributesConstruct)
		if n.Exports {
			name = keyword(grammar.ExportsConstruct)
		}
		return o.sym(name, "", SymbolStruct, n.Span, n.Kw, kids), true
	case *grammar.StateBlockStmt:
		return o.sym(n.Construct.Keyword(), o.stateDetail(n), SymbolStruct, n.Span, n.Kw, o.block(n.Body)), true
	case *grammar.FnStmt:
		if n.Name == nil {
			return Symbol{}, false
		}
		detail := ""
		if end := n.Open.Start; end > n.Name.Span.End {
			detail = o.text(grammar.Span{Start: n.Name.Span.End, End: end})
		}
		var kids []Symbol
		for _, l := range n.Lets {
			if s, ok := o.let(l); ok {
				kids = append(kids, s)
			}
		}
		return o.sym(n.Name.Text, detail, SymbolFunction, n.Span, n.Name.Span, kids), true
	case *grammar.ExprStmt:
		switch x := n.X.(type) {
		case *grammar.ForExpr:
			return o.sym(keyword(grammar.ForConstruct), o.forDetail(x), SymbolArray, n.Span, x.Kw, o.body(x.Body)), true
		case *grammar.IfExpr:
			kids := append(o.body(x.Then), o.body(x.Else)...)
			return o.sym(keyword(grammar.IfConstruct), o.ifDetail(x), SymbolObject, n.Span, x.Kw, kids), true
		}
	}
	return Symbol{}, false
}

// let outlines a binding by what its value is.
func (o *outliner) let(n *grammar.LetStmt) (Symbol, bool) {
	if n.Name == nil {
		return Symbol{}, false
	}
	kind, detail := SymbolVariable, ""
	var kids []Symbol
	switch v := n.Value.(type) {
	case *grammar.ResourceExpr:
		kind, detail, kids = SymbolObject, v.Type.String(), o.block(v.Body)
		if v.Read != nil {
			detail = keyword(grammar.ReadConstruct) + " " + detail
		}
	case *grammar.WaitExpr:
		kind, detail, kids = SymbolEvent, keyword(grammar.WaitConstruct), o.block(v.Body)
		if v.Target != nil {
			detail += " on " + v.Target.Text
		}
	case *grammar.KeywordBlockExpr:
		kind, detail = SymbolPackage, v.Construct.Keyword()
		if v.Construct == grammar.UseConstruct {
			kind = SymbolModule
		}
		if k := grammar.ConstructOf(v.Construct).KeyOf(grammar.PathValue); k != nil {
			if a := v.Body.Attr(k.Name); a != nil && a.Value != nil {
				detail += " " + o.text(a.Value.Pos())
			}
		}
	case *grammar.ModuleCallExpr:
		kind, detail, kids = SymbolObject, "module "+v.Name.Text, o.block(v.Body)
	case *grammar.ProviderExpr:
		kind, detail, kids = SymbolNamespace, keyword(grammar.ProviderConstruct)+" "+v.Kind.Text, o.block(v.Body)
	case *grammar.ForExpr:
		kind, detail, kids = SymbolArray, o.forDetail(v), o.body(v.Body)
	case *grammar.IfExpr:
		detail, kids = o.ifDetail(v), append(o.body(v.Then), o.body(v.Else)...)
	case *grammar.MapExpr:
		kids = o.block(v.Body)
	case nil:
	default:
		detail = o.text(v.Pos())
	}
	return o.sym(n.Name.Text, detail, kind, n.Span, n.Name.Span, kids), true
}

// block outlines the items of a block: attributes (a map value's entries as children), nested
// blocks and local lets.
func (o *outliner) block(b *grammar.Block) []Symbol {
	if b == nil {
		return nil
	}
	var out []Symbol
	for _, it := range b.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			detail := ""
			var kids []Symbol
			switch v := it.Value.(type) {
			case nil:
			case *grammar.MapExpr:
				kids = o.block(v.Body)
			default:
				detail = o.text(v.Pos())
			}
			out = append(out, o.sym(it.Key.Text, detail, SymbolProperty, it.Span, it.Key.Span, kids))
		case *grammar.NestedBlock:
			out = append(out, o.sym(it.Name.Text, "", SymbolStruct, it.Span, it.Name.Span, o.block(it.Body)))
		case *grammar.LetStmt:
			if s, ok := o.let(it); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// body outlines the body of a for or if: its lets and its result when it is a resource or a
// module call.
func (o *outliner) body(b *grammar.Body) []Symbol {
	if b == nil {
		return nil
	}
	var out []Symbol
	for _, l := range b.Lets {
		if s, ok := o.let(l); ok {
			out = append(out, s)
		}
	}
	switch r := b.Result.(type) {
	case *grammar.ResourceExpr:
		detail := ""
		if r.Read != nil {
			detail = keyword(grammar.ReadConstruct)
		}
		out = append(out, o.sym(r.Type.String(), detail, SymbolObject, r.Span, r.Type.Span, o.block(r.Body)))
	case *grammar.ModuleCallExpr:
		out = append(out, o.sym(r.Name.Text, "module call", SymbolObject, r.Span, r.Name.Span, o.block(r.Body)))
	}
	return out
}

func (o *outliner) forDetail(x *grammar.ForExpr) string {
	end := x.Span.End
	if x.Body != nil {
		end = x.Body.Open.Start
	}
	return o.text(grammar.Span{Start: x.Kw.Start, End: end})
}

func (o *outliner) ifDetail(x *grammar.IfExpr) string {
	if x.Cond == nil {
		return keyword(grammar.IfConstruct)
	}
	return keyword(grammar.IfConstruct) + " " + o.text(x.Cond.Pos())
}

// stateDetail describes an import, removed or moved block (a keyed statement) by the addresses
// it names, in table order: "to" of an import, "from → to" of a moved.
func (o *outliner) stateDetail(n *grammar.StateBlockStmt) string {
	var addrs []string
	for _, k := range grammar.ConstructOf(n.Construct).Keys {
		if k.Value != grammar.AddressValue {
			continue
		}
		if a := n.Body.Attr(k.Name); a != nil && a.Value != nil {
			addrs = append(addrs, o.text(a.Value.Pos()))
		}
	}
	return strings.Join(addrs, " → ")
}

// keyword returns the keyword of construct id, as the construct table spells it.
func keyword(id grammar.ConstructID) string { return grammar.ConstructOf(id).Keyword }
