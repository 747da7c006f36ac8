package navigate

// SymbolKind is the kind of a symbol. The values are LSP's SymbolKind numbers, so the lsp
// package converts by a cast.
type SymbolKind uint8

// Symbol kinds used for Carina's constructs.
const (
	SymbolModule    SymbolKind = 2  // `let net = use { ... }`
	SymbolNamespace SymbolKind = 3  // provider blocks and named provider instances
	SymbolPackage   SymbolKind = 4  // backend, upstream_state
	SymbolProperty  SymbolKind = 7  // attributes, outputs (attributes/exports entries)
	SymbolFunction  SymbolKind = 12 // fn
	SymbolVariable  SymbolKind = 13 // plain value bindings, local lets, arguments
	SymbolArray     SymbolKind = 18 // for expressions
	SymbolObject    SymbolKind = 19 // resources, data sources, module calls
	SymbolStruct    SymbolKind = 23 // nested blocks, arguments/attributes/exports blocks, import/removed/moved
	SymbolEvent     SymbolKind = 24 // waits
)

func (k SymbolKind) String() string {
	switch k {
	case SymbolModule:
		return "module"
	case SymbolNamespace:
		return "namespace"
	case SymbolPackage:
		return "package"
	case SymbolProperty:
		return "property"
	case SymbolFunction:
		return "function"
	case SymbolVariable:
		return "variable"
	case SymbolArray:
		return "array"
	case SymbolObject:
		return "object"
	case SymbolStruct:
		return "struct"
	case SymbolEvent:
		return "event"
	}
	return "unknown"
}
