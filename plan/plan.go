package plan

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Op is what the apply does to one resource instance.
type Op uint8

// The operations, as Carina's plan names them.
const (
	NoChange Op = iota
	Create
	Update
	Replace
	Delete
	Import // an import block adopts an existing resource
	Remove // a removed block forgets a resource, which keeps running
	Move   // a moved block renames a resource in state, nothing else changes
	// DeferredCreate is a `for` whose items are known only after apply: N resources to create
	// (Resource.Template). The summary's counts leave it out, as Carina's do.
	DeferredCreate
	// Wait is a wait the apply polls before the resources reading its binding (Binding; Until
	// its predicate as written). The summary counts it apart.
	Wait
)

// String names the operation as the JSON output writes it.
func (o Op) String() string {
	return [...]string{"no-op", "create", "update", "replace", "delete", grammar.ImportConstruct.Keyword(), "remove", "move", "deferred-create", grammar.WaitConstruct.Keyword()}[o]
}

// Resource is one resource instance and what the apply does to it.
type Resource struct {
	Op       Op
	Provider string // awscc
	Type     string // ec2.Vpc
	Identity string // the binding, the anonymous resource's identity, or the state's identity
	Binding  string // "" for an anonymous resource
	// Unresolved is set for an anonymous resource to be created whose identity Carina derives
	// from a hash of inputs this package does not hold exactly (schemaid.go, nameAnonymous).
	Unresolved bool

	// File and Stmt are where the configuration declares it; nil for a delete.
	File *workspace.File
	Stmt *grammar.Stmt
	// Desired are the attributes the configuration writes, in the order written.
	Desired      []Attr
	State        *state.Resource // its row, nil when it is created
	Changes      []Change        // Update, Replace: what differs
	Forcing      []string        // Replace: the create-only attributes that changed
	Directives   Directives
	Deposed      *state.Deposed // a Delete of a deposed instance
	MovedFrom    string         // the identity a moved block renames it from
	ImportID     string         // Import: the provider's identifier it adopts
	DependsOn    []string       // the bindings its values read, for the tree
	Template     *Template      // DeferredCreate: the for's header and what it waits for
	UnchangedLen int            // Update, Replace: how many written attributes are unchanged
	Until        string         // Wait: the predicate as written
	// Item is what a for item's address adds to its binding ("[0]", ".key"); "" otherwise.
	Item     string
	instance *scope // the module instance that makes it; nil or the root's scope outside one
	diffed   bool
	schema   *schema.Resource // its type's schema, which the differ compared with; nil when none
	written  []Value          // Desired's values before references were resolved
	memo     *memoEntry       // the memo's entry of its statement, when it has one (memo.go)
}

// Attr is one configured attribute.
type Attr struct {
	Name  string
	Value Value
}

// Directives are a resource's instructions to Carina that change its plan.
type Directives struct {
	CreateBeforeDestroy bool
	PreventDestroy      bool
	dependsOn           []string // the bindings of depends_on, as written
}

// Change is an attribute whose value the apply changes: Old from the state, New from the
// configuration; a side that is absent has Has... false.
type Change struct {
	Name           string
	Old, New       Value
	HasOld, HasNew bool
	Forces         bool // a create-only attribute: the resource is replaced
}

// Problem is a reason the plan is refused (prevent_destroy) or incomplete, with its place in
// the configuration (File nil: the state file's).
type Problem struct {
	File    *workspace.File
	Span    grammar.Span
	Message string
}

// Plan is what the apply would do to a configuration's resources.
type Plan struct {
	Resources []*Resource    // in configuration order, then the deletes in state order
	Exports   []ExportChange // the exports published anew, by name
	// Errors make Carina refuse the plan: a resource with prevent_destroy to be deleted or
	// replaced.
	Errors []Problem
	// Unsupported names what of the configuration this package does not plan yet; a plan with
	// any is incomplete.
	Unsupported []Problem
	// Destroy marks the plan of `carina destroy` (ComputeDestroy): it deletes every running
	// instance, and Write prints it as that command does.
	Destroy bool
	// Guarded are the instances a destroy keeps for their prevent_destroy.
	Guarded []*Resource
}

// Changed reports whether the apply changes anything.
func (p *Plan) Changed() bool {
	if len(p.Exports) > 0 {
		return true
	}
	for _, r := range p.Resources {
		if r.Op != NoChange {
			return true
		}
	}
	return false
}

// Summary counts the operations as Carina's summary line does (a replace counts as its own).
type Summary struct{ Import, Create, Update, Replace, Delete, Remove, Move, Wait int }

// Summary returns the counts of the plan's operations.
func (p *Plan) Summary() Summary { return summarize(p.Resources) }

// summarize counts the operations of resources.
func summarize(rs []*Resource) Summary {
	var s Summary
	for _, r := range rs {
		switch r.Op {
		case Create:
			s.Create++
		case Update:
			s.Update++
		case Replace:
			s.Replace++
		case Delete:
			s.Delete++
		case Import:
			s.Import++
		case Remove:
			s.Remove++
		case Wait:
			s.Wait++
		}
		if r.MovedFrom != "" {
			s.Move++
		}
	}
	return s
}
