package workspace

import "github.com/carina-rs/carina-lsp/grammar"

// DeclKind says what a name stands for.
type DeclKind uint8

// Declaration kinds.
const (
	Value       DeclKind = iota // let x = <plain value>
	Resource                    // let x = aws.s3.Bucket { ... }
	DataSource                  // let x = read aws.s3.Bucket { ... }
	Wait                        // let x = wait target { ... }
	Module                      // let x = use { source = ... }
	ModuleCall                  // let x = mod { ... }
	Upstream                    // let x = upstream_state { source = ... }
	Provider                    // let x = provider aws { ... } (a named provider instance)
	ForEach                     // let x = for ... { ... }
	Conditional                 // let x = if ... { ... }
	Argument                    // a module argument, from `arguments { ... }`
	Function                    // fn name(...) { ... }
	LocalLet                    // let inside a block or body
	LoopVar                     // a for-loop variable
	Param                       // a function parameter
)

var declKindNames = [...]string{
	Value: "value", Resource: "resource", DataSource: "data source", Module: "module",
	ModuleCall: "module call", Provider: "provider instance",
	ForEach: "for expression", Conditional: "if expression", Argument: "argument",
	Function: "function", LocalLet: "local let", LoopVar: "loop variable", Param: "parameter",
}

func (k DeclKind) String() string {
	switch k { // named by their keyword
	case Wait:
		return grammar.WaitConstruct.Keyword()
	case Upstream:
		return grammar.UpstreamConstruct.Keyword()
	}
	if int(k) < len(declKindNames) {
		return declKindNames[k]
	}
	return "unknown"
}

// Decl is one declared name.
type Decl struct {
	Name     string
	Kind     DeclKind
	File     *File
	Stmt     *grammar.Stmt
	NameSpan grammar.Span // absolute in File
	Node     grammar.Node // the LetStmt, ParamDecl, FnStmt, FnParam or loop variable Name
	Value    grammar.Expr // the right-hand side of a let (nil for other kinds)
	TopLevel bool
}

// ResourceType returns the resource type of a resource or data source declaration
// ("aws.acm.Certificate"), or "".
func (d *Decl) ResourceType() string {
	if r, ok := d.Value.(*grammar.ResourceExpr); ok {
		return r.Type.String()
	}
	return ""
}

// WaitExpr returns the wait expression of a Wait declaration, or nil.
func (d *Decl) WaitExpr() *grammar.WaitExpr {
	w, _ := d.Value.(*grammar.WaitExpr)
	return w
}

// RefKind says in what role a name is referenced.
type RefKind uint8

// Reference roles.
const (
	RefValue              RefKind = iota // a value: cert.arn, vpc, tags
	RefCall                              // a call: of a function, or of a binding holding a partial application
	RefModuleCall                        // the module alias of a module call: net { ... }
	RefWaitTarget                        // the target of a wait: wait cert
	RefWaitDependsOn                     // an entry of a wait's depends_on
	RefDirectiveDependsOn                // an entry of directives { depends_on = [...] }
	RefDirectiveProvider                 // directives { provider = us }
)

// Ref is one use of a name.
type Ref struct {
	Name  string
	Kind  RefKind
	File  *File
	Span  grammar.Span   // absolute span of the name itself
	Path  []grammar.Name // attribute segments written after the name (absolute spans), up to an index
	Expr  grammar.Expr   // the whole reference expression (relative to Stmt)
	Stmt  *grammar.Stmt
	Owner *Decl // the top-level declaration the reference is in (nil in anonymous statements)
	Decl  *Decl // what it resolves to, nil when unresolved (an enum identifier, or a mistake)
}

// Dependency reports whether r makes its statement depend on what it names: a top-level binding
// read, waited on, listed in depends_on, called (a partial application held by a binding) or
// called as a module, but not a function called. The one rule of what depends on what: the
// dependency graph, the call hierarchy, the code lenses and the cycle check all read it.
func (r *Ref) Dependency() bool {
	return r.Decl != nil && r.Decl.TopLevel && r.Decl.Kind != Function
}
