package grammar

// NodeConstruct returns the construct that node n introduces, or NoConstruct for a node that
// introduces none (an expression, an attribute, a plain nested block). It is how every package
// tells constructs apart: by identity, never by comparing keyword strings.
func NodeConstruct(n Node) ConstructID {
	switch n := n.(type) {
	case *LetStmt:
		return LetConstruct
	case *ResourceStmt:
		return NodeConstruct(n.Resource)
	case *ResourceExpr:
		if n.Read != nil {
			return ReadConstruct
		}
		return ResourceConstruct
	case *ModuleCallStmt, *ModuleCallExpr:
		return ModuleCallConstruct
	case *ProviderStmt, *ProviderExpr:
		return ProviderConstruct
	case *BackendStmt:
		return BackendConstruct
	case *ArgumentsStmt:
		return ArgumentsConstruct
	case *OutputsStmt:
		if n.Exports {
			return ExportsConstruct
		}
		return AttributesConstruct
	case *StateBlockStmt:
		return n.Construct
	case *KeywordBlockExpr:
		return n.Construct
	case *NestedBlock:
		return n.Construct
	case *ParamDecl:
		if n.Body != nil {
			return ArgumentConstruct
		}
	case *RequireStmt:
		return RequireConstruct
	case *FnStmt:
		return FnConstruct
	case *ExprStmt:
		return NodeConstruct(n.X)
	case *WaitExpr:
		return WaitConstruct
	case *ForExpr:
		return ForConstruct
	case *IfExpr:
		return IfConstruct
	}
	return NoConstruct
}

// KeyedBlock is the block of a construct whose keys the table lists, as it stands in the tree.
type KeyedBlock struct {
	Construct *Construct
	Place     Place  // where it stands: which of the construct's keys apply
	Kw        Span   // its keyword (its name, for a nested block): where a missing key is reported
	Body      *Block // never nil
}

// KeyedBlockOf returns the keyed block that node n introduces: a wait, use, upstream_state,
// provider, import, removed, moved, directives, an argument's detail block, validation, or any
// keyed construct added to the table. ok is false for every other node.
func KeyedBlockOf(n Node) (kb KeyedBlock, ok bool) {
	place := Place(0)
	var kw Span
	var body *Block
	switch n := n.(type) {
	case *WaitExpr:
		kw, body, place = n.Kw, n.Body, InLet
	case *KeywordBlockExpr:
		kw, body, place = n.Kw, n.Body, InLet
	case *StateBlockStmt:
		kw, body, place = n.Kw, n.Body, AtTop
	case *ProviderStmt:
		kw, body, place = n.Kw, n.Body, AtTop
	case *ProviderExpr:
		kw, body, place = n.Kw, n.Body, InLet
	case *BackendStmt:
		kw, body, place = n.Kw, n.Body, AtTop
	case *NestedBlock:
		kw, body = n.Name.Span, n.Body
	case *ParamDecl:
		kw, body = n.Name.Span, n.Body
	default:
		return kb, false
	}
	c := ConstructOf(NodeConstruct(n))
	if c == nil || c.Keys == nil || body == nil {
		return kb, false
	}
	return KeyedBlock{Construct: c, Place: place, Kw: kw, Body: body}, true
}

// KeywordSpan returns the span of the keyword with which node n introduces its construct (let,
// wait, read, provider, import, ...); ok is false for a node written without one (a resource, a
// module call, a nested block, an argument).
func KeywordSpan(n Node) (kw Span, ok bool) {
	switch n := n.(type) {
	case *LetStmt:
		return n.Let, true
	case *WaitExpr:
		return n.Kw, true
	case *ResourceExpr:
		if n.Read != nil {
			return *n.Read, true
		}
	case *KeywordBlockExpr:
		return n.Kw, true
	case *ProviderExpr:
		return n.Kw, true
	case *ProviderStmt:
		return n.Kw, true
	case *BackendStmt:
		return n.Kw, true
	case *ArgumentsStmt:
		return n.Kw, true
	case *OutputsStmt:
		return n.Kw, true
	case *StateBlockStmt:
		return n.Kw, true
	case *RequireStmt:
		return n.Kw, true
	case *FnStmt:
		return n.Kw, true
	case *ForExpr:
		return n.Kw, true
	case *IfExpr:
		return n.Kw, true
	}
	return Span{}, false
}
