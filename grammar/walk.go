package grammar

import "slices"

// Inspect walks the tree rooted at n in depth-first order, calling f for each node; when f
// returns false the node's children are skipped. Nil children are not visited. It allocates
// nothing (the checks walk every statement's tree several times).
func Inspect(n Node, f func(Node) bool) {
	in := inspector{f: f}
	in.visit(n)
}

// inspector is Inspect's walk.
type inspector struct {
	f     func(Node) bool
	depth int
}

// recursionBound is how deep Inspect recurses; deeper, it walks with a stack of its own.
const recursionBound = 64

func (in *inspector) visit(n Node) {
	if in.depth >= recursionBound {
		in.iterate(n)
		return
	}
	if isNil(n) || !in.f(n) {
		return
	}
	in.depth++
	eachChild(n, in)
	in.depth--
}

// iterate walks n's tree in the same order as visit, with a stack on the heap: a tree as deep
// as a pipe chain of thousands of steps grows no goroutine's stack (copied as it doubles, shrunk
// again by the collector), and the walks of trees of ordinary depth allocate nothing.
func (in *inspector) iterate(n Node) {
	kids := collector{out: []Node{n}} // the nodes to visit, the next last
	for len(kids.out) > 0 {
		n := kids.out[len(kids.out)-1]
		kids.out = kids.out[:len(kids.out)-1]
		if isNil(n) || !in.f(n) {
			continue
		}
		from := len(kids.out)
		eachChild(n, &kids)
		slices.Reverse(kids.out[from:])
	}
}

// visitor is what eachChild hands the children to.
type visitor interface{ visit(Node) }

// collector gathers children (for AppendChildren).
type collector struct{ out []Node }

func (c *collector) visit(n Node) { c.out = append(c.out, n) }

// isNil reports whether n is nil or a typed nil pointer.
func isNil(n Node) bool {
	switch v := n.(type) {
	case nil:
		return true
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
	}
	return false
}

// Children returns the direct children of n, in source order.
func Children(n Node) []Node { return AppendChildren(nil, n) }

// AppendChildren appends the direct children of n, in source order, to out and returns the
// extended slice: Children without allocating, for walks that reuse a buffer.
func AppendChildren(out []Node, n Node) []Node {
	c := collector{out}
	eachChild(n, &c)
	return c.out
}

// ChildBuffer appends children as AppendChildren does, for a walk that visits many nodes: kept by
// the walk, it spares the allocation AppendChildren makes a call.
type ChildBuffer struct{ c collector }

// Append appends the direct children of n, in source order, to out and returns the extended slice.
func (b *ChildBuffer) Append(out []Node, n Node) []Node {
	b.c.out = out
	eachChild(n, &b.c)
	out, b.c.out = b.c.out, nil
	return out
}

// EachChild calls f with each direct child of n, in source order (Children without a slice).
func EachChild(n Node, f func(Node)) { eachChild(n, funcVisitor(f)) }

// funcVisitor is a function as a visitor.
type funcVisitor func(Node)

func (f funcVisitor) visit(n Node) { f(n) }

// eachChild hands the direct children of n that are not nil to v, in source order.
func eachChild(n Node, v visitor) {
	add := func(ns ...Node) {
		for _, c := range ns {
			if !isNil(c) {
				v.visit(c)
			}
		}
	}
	switch n := n.(type) {
	case *LetStmt:
		add(n.Name, n.Value)
	case *ResourceStmt:
		add(n.Resource)
	case *ModuleCallStmt:
		add(n.Call)
	case *ProviderStmt:
		add(n.Kind, n.Body)
	case *BackendStmt:
		add(n.Kind, n.Body)
	case *ArgumentsStmt:
		for _, p := range n.Params {
			add(p)
		}
	case *ParamDecl:
		add(n.Name, n.Type)
		if n.Body != nil {
			add(n.Body) // the default is one of the body's attributes
		} else {
			add(n.Default)
		}
	case *OutputsStmt:
		for _, it := range n.Items {
			add(it)
		}
	case *OutputDecl:
		add(n.Name, n.Type, n.Value)
	case *StateBlockStmt:
		add(n.Body)
	case *RequireStmt:
		add(n.Cond, n.Message)
	case *FnStmt:
		add(n.Name)
		for _, p := range n.Params {
			add(p)
		}
		add(n.Return)
		for _, l := range n.Lets {
			add(l)
		}
		add(n.Result)
	case *FnParam:
		add(n.Name, n.Type, n.Default)
	case *ExprStmt:
		add(n.X)
	case *Block:
		for _, it := range n.Items {
			add(it)
		}
	case *Attribute:
		add(n.Key, n.Value)
	case *NestedBlock:
		add(n.Name, n.Body)
	case *IndexExpr:
		add(n.X, n.Index)
	case *FieldExpr:
		add(n.X)
	case *StringLit:
		for _, p := range n.Parts {
			add(p.Expr)
		}
	case *ListExpr:
		for _, e := range n.Elems {
			add(e)
		}
	case *MapExpr:
		add(n.Body)
	case *CallExpr:
		add(n.Fn)
		for _, a := range n.Args {
			add(a)
		}
	case *BinaryExpr:
		add(n.X, n.Y)
	case *UnaryExpr:
		add(n.X)
	case *ParenExpr:
		add(n.X)
	case *ResourceExpr:
		add(n.Type, n.Body)
	case *ModuleCallExpr:
		add(n.Name, n.Body)
	case *KeywordBlockExpr:
		add(n.Body)
	case *ProviderExpr:
		add(n.Kind, n.Body)
	case *WaitExpr:
		add(n.Target, n.Body)
	case *ForExpr:
		for _, b := range n.Bindings {
			add(b)
		}
		add(n.Iter, n.Body)
	case *IfExpr:
		add(n.Cond, n.Then, n.Else)
	case *Body:
		for _, l := range n.Lets {
			add(l)
		}
		add(n.Result)
	case *AddressExpr:
		add(n.Type, n.Name)
	case *TypeExpr:
		for _, a := range n.Atoms {
			add(a)
		}
	case *TypeAtom:
		add(n.Elem, n.Lit)
		for _, f := range n.Fields {
			add(f)
		}
	case *TypeField:
		add(n.Name, n.Type)
	}
}
