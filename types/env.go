package types

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// DeclKind says what a top-level or local name is, as far as values are concerned.
type DeclKind uint8

// The kinds of declaration.
const (
	DeclValue      DeclKind = iota // let x = <expression>
	DeclResource                   // let x = aws.s3.Bucket { ... }
	DeclDataSource                 // let x = read aws.s3.Bucket { ... }
	DeclWait                       // let x = wait t { ... }
	DeclUse                        // let x = use { source = ... }
	DeclModuleCall                 // let x = m { ... }
	DeclUpstream                   // let x = upstream_state { ... }
	DeclProvider                   // let x = provider aws { ... }
	DeclFor                        // let x = for ... { ... }
	DeclIf                         // let x = if ... { ... }
	DeclArgument                   // an argument of `arguments { ... }`
	DeclFunction                   // fn f(...) { ... }
	DeclLocal                      // a let inside a block or body
	DeclLoopVar                    // a for-loop variable
	DeclParam                      // a function parameter
)

// structural reports whether a sibling file sees a name of this kind as a placeholder rather than
// a value (Carina's structural bindings).
func (k DeclKind) structural() bool {
	switch k {
	case DeclValue, DeclLocal, DeclLoopVar, DeclParam:
		return false
	}
	return true
}

// DeclInfo is what inference reads of a declaration.
type DeclInfo struct {
	Name string
	Kind DeclKind
	File string        // the path of the file declaring it
	Stmt *grammar.Stmt // the top-level statement holding it
	// Node is the LetStmt, ParamDecl, FnStmt, FnParam, or loop variable Name.
	Node  grammar.Node
	Value grammar.Expr // a let's right-hand side
}

// Decl is a declaration of a configuration. Package workspace's declarations are Decls; inference
// keeps them only as keys and asks them what they are.
type Decl interface {
	Info() DeclInfo
}

// Env is the configuration whose values are inferred: package workspace implements it over its
// model of a directory.
type Env interface {
	// Dir is the configuration's directory.
	Dir() string
	// Bindings returns the top-level declarations called name (lets and arguments), in file
	// order (files sorted by path).
	Bindings(name string) []Decl
	// Functions returns the user functions called name, in file order.
	Functions(name string) []Decl
	// Files returns the paths of the configuration's files, sorted.
	Files() []string
	// Statements returns the statements of a file, in order.
	Statements(path string) []*grammar.Stmt
	// Source returns a file's text.
	Source(path string) string
	// Import returns the inference of the configuration that a `use` or `upstream_state`
	// declaration loads, read with the same schemas, or nil when it could not be loaded.
	Import(d Decl) *Info
	// Unresolved returns the value references of a top-level statement that no scope resolves
	// (the configuration's scoping decides that; Undefined decides which are mistakes), in order.
	Unresolved(st *grammar.Stmt) []Unresolved
	// Providers returns the provider names the configuration writes (resource types' and
	// provider blocks'), sorted.
	Providers() []string
	// IsModule reports whether the configuration is a module (it declares arguments or
	// attributes).
	IsModule() bool
}
