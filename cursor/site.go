// Package cursor owns the one answer to "what is here" for a place of a file. Completion, hover,
// navigation and semantic tokens all read it, so they agree on what a place is.
//
// Locate returns a Site: the token under the cursor, the chain of syntax nodes around it, the
// role the thing there plays (a keyword, a declaration, a reference and its attribute segments, a
// block key, a nested block name, an enum value, a resource type, a type annotation, a function,
// and so on) and what it resolves to in the model (declaration, reference, module, output), in
// the construct table (construct, key) and in the schemas (resource, member, enum value).
// LocateName is Locate without the Slot (hover, navigation); Walk yields the Site of every name
// of a file or a range in one pass (semantic tokens). SlotAt gives completion the Slot alone: the
// container the cursor is in (In: a block and whose, a body, a list, call arguments,
// declarations), the item being typed and the position in it (Pos: key, value, type, after a
// value), the typed word, what a value there expects and the local names in scope. CallAt gives
// the call whose arguments hold a place, for signature help and completion alike.
//
// It is built on the recovered syntax tree, using tokens only for the word being typed and the
// brackets left open around it; text that did not parse is guessed from the word and the token
// after it.
package cursor

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Role is what the thing at a place is.
type Role uint8

// Roles.
const (
	None         Role = iota
	Keyword           // a construct keyword, a part of its syntax (in, else), a keyword key or block
	Operator          // |>, >>, ??
	Declaration       // a name being declared: a let, an argument, a function, a parameter, a loop variable
	Reference         // a name used as a value (or a module alias, a wait target), resolved or not
	Member            // an attribute segment after a reference: status in cert.status
	EnumValue         // an enum value: issued, aws.acm.Certificate.Status.issued, aws.Region.us_east_1
	Key               // a key of a block: a schema attribute, a construct key, a map key
	BlockName         // the name of a nested block that writes a schema attribute
	ArgumentKey       // a key of a module call: one of the module's arguments
	Output            // the name of an attributes or exports entry
	ResourceType      // a resource or data-source type: aws.s3.Bucket
	TypeName          // a type annotation atom: String, list, awscc.ec2.Vpc
	Field             // the name of a field of a struct type annotation
	Function          // the name of a called function
	ProviderName      // the provider kind after provider
	BackendType       // the backend type after backend
	String            // a string literal
	Number            // a number or a duration
	Literal           // true, false, null
	Comment           // a comment
)

var roleNames = [...]string{"none", "keyword", "operator", "declaration", "reference", "member",
	"enum value", "key", "block name", "argument key", "output", "resource type", "type name",
	"field", "function", "provider name", "backend type", "string", "number", "literal", "comment"}

func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return "unknown"
}

// Site is what lies at one place of a file. Spans are absolute byte ranges of the file.
type Site struct {
	File   *workspace.File
	Offset int32
	Tok    grammar.Token  // the token under the cursor (or just before it); Kind EOF when none
	Stmt   *grammar.Stmt  // the statement holding the token; nil between statements
	Path   []grammar.Node // from the statement's root down to the innermost node holding the token
	Role   Role           // what the thing is
	Span   grammar.Span   // the thing's own span: the name, the segment, the whole enum value
	Text   string         // its text
	Block  *BlockCtx      // the block the thing is a key or item of (Key, BlockName, ArgumentKey)

	Owner     *workspace.Decl    // the top-level declaration the statement makes (its let's binding), or nil
	Decl      *workspace.Decl    // Declaration: the one made; Reference, Member: what the root refers to; Keyword: the binding whose value the construct is
	Ref       *workspace.Ref     // Reference, Member, Function, EnumValue: the reference the model records (nil in text that did not parse)
	Seg       int                // Member: the index of the segment in Ref.Path (or in Segments)
	Segments  []grammar.Name     // Reference, Member, EnumValue: the names of the whole path, absolute
	Output    *workspace.Output  // Output: the entry declared
	Module    *workspace.Import  // ArgumentKey: the module called
	Param     *grammar.ParamDecl // ArgumentKey: the module's argument it sets
	Construct *grammar.Construct // Keyword: the construct it belongs to; Key: the block's construct
	KeyDef    *grammar.Key       // Key, Keyword: the construct key it is, when the block is keyed by the language
	Schema    *schema.Resource   // the resource schema Member, Key, BlockName, ResourceType and enum values belong to
	Attr      []string           // the attribute path in Schema (Key, BlockName, Member)
	Member    *schema.Member     // the schema member: of a Key, a BlockName or a Member segment
	Enum      *schema.Enum       // EnumValue: the enum; also the enum a value position expects
	Value     schema.EnumValue   // EnumValue: the value matched
	Expect    Expectation        // what the value position holding the thing expects
	Builtin   bool               // Function: a built-in function
	Slot      *Slot              // what a completion at this place offers (Locate only; nil from LocateName and Walk)
	sameStart bool               // the token starts at the offset (not just ends there)
}

// Expectation is what a value position expects, as far as the model and schemas tell.
type Expectation struct {
	Schema  *schema.Resource   // the schema Type belongs to (for refs), may be nil
	Type    *schema.Type       // the schema type expected, nil when unknown
	Param   *grammar.ParamDecl // or a module argument's declaration (its declared type)
	Key     *grammar.Key       // or a construct key (a region, a duration, bindings ...)
	Region  string             // a provider block's region: the provider
	Literal bool               // only a literal fits: the right of a comparison in a predicate
	Desc    string             // where the expectation comes from, for hover: "for attribute x of T"
	Block   *BlockCtx          // the block whose key the value is the value of, when it is one
}

// BlockCtx is a block with what it belongs to: the construct, and inside resources the schema and
// the attribute path at the block.
type BlockCtx struct {
	Node      *grammar.Block
	Stmt      *grammar.Stmt
	Construct *grammar.Construct // the construct whose block this is (a resource, a wait, directives ...)
	Place     grammar.Place      // where the construct stands (a provider at top level or as a let value)
	Map       bool               // a map literal
	Head      string             // the resource type, when inside a resource body
	Read      bool               // inside a data-source body
	Schema    *schema.Resource   // the resource's schema, nil when none is loaded
	Path      []string           // the attribute path of the block in the resource ([] for the body)
	Module    *workspace.Import  // a module call's module
	ModName   string             // the module alias of a module call
	Target    *workspace.Decl    // a wait's target
	TargetN   string             // the target's name as written
	Owner     *workspace.Decl    // the top-level declaration of the statement
	Kind      string             // the kind written after provider, backend; import/removed/moved

	members     map[string]*schema.Member // Members, once asked
	membersDone bool
}

// Members returns the schema members that may be written in the block: the resource's attributes
// or the fields at its path (nil without a schema, or where the schema gives none).
func (b *BlockCtx) Members() map[string]*schema.Member {
	if b == nil || b.Schema == nil {
		return nil
	}
	if !b.membersDone {
		b.members, b.membersDone = b.Schema.Members(b.Path), true
	}
	return b.members
}

// Keys returns the construct keys the block takes where its construct stands, or nil.
func (b *BlockCtx) Keys() []grammar.Key {
	if b == nil || b.Construct == nil || b.Construct.Keys == nil {
		return nil
	}
	return b.Construct.KeysAt(b.Place)
}

// Present returns the keys (and nested block names) the block sets.
func (b *BlockCtx) Present() map[string]bool {
	out := map[string]bool{}
	if b == nil || b.Node == nil {
		return out
	}
	for _, it := range b.Node.Items {
		switch it := it.(type) {
		case *grammar.Attribute:
			out[it.Key.Text] = true
		case *grammar.NestedBlock:
			if it.Name != nil {
				out[it.Name.Text] = true
			}
		}
	}
	return out
}
