package completion

import (
	"fmt"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/contain"
)

// Options says what the client supports.
type Options struct {
	Snippets bool // the client accepts snippet syntax ($1, ${1:text}, $0) in inserted text
	// OnPanic hears of a provider of items that panicked: its items are left out, the other
	// providers' are still returned. Nil: such panics are contained silently.
	OnPanic contain.Reporter

	// beforeProvider, when set (by this package's tests), runs before each provider.
	beforeProvider func(name string)
}

// Kind says what an item stands for; the lsp package maps it to the protocol's item kinds.
type Kind int

// Item kinds.
const (
	Keyword    Kind = iota + 1 // a language keyword or keyword skeleton: let, wait, until, directives
	Snippet                    // a block skeleton: `rule { }` for a list-of-struct block name
	Property                   // a key of a block: a resource attribute, a provider or module-call key
	Field                      // a member after a dot: cert.status, net.vpc_id; a struct field
	Variable                   // a value name in scope: a let, an argument, a loop variable
	Reference                  // a binding referred to as a whole or a typed attribute reference
	EnumMember                 // an enum value: aws.acm.Certificate.Status.issued
	Value                      // a literal: true, 5min, '10.0.0.0/16'
	Type                       // a type annotation: String, list(
	Module                     // a module alias (use) or a provider name
	Function                   // a function name after |> or >>
	Folder                     // a directory for use/upstream_state source
	Class                      // a resource or data-source type: aws.s3.Bucket
	Operator                   // an operator: ==
)

func (k Kind) String() string {
	switch k {
	case Keyword:
		return "Keyword"
	case Snippet:
		return "Snippet"
	case Property:
		return "Property"
	case Field:
		return "Field"
	case Variable:
		return "Variable"
	case Reference:
		return "Reference"
	case EnumMember:
		return "EnumMember"
	case Value:
		return "Value"
	case Type:
		return "Type"
	case Module:
		return "Module"
	case Function:
		return "Function"
	case Folder:
		return "Folder"
	case Class:
		return "Class"
	case Operator:
		return "Operator"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Item is one completion proposal.
type Item struct {
	Label         string
	Detail        string // one line: a type, "(required)", where a default comes from
	Documentation string // Markdown
	Kind          Kind
	Insert        string       // the text to insert; snippet syntax when Snippet is set
	Snippet       bool         // Insert uses snippet syntax (only when Options.Snippets)
	Edit          grammar.Span // the absolute byte range of the file Insert replaces: the typed word
	SortText      string       // keeps the order Complete returns
	FilterText    string       // what the typed word is matched against, when it is not Label
}
