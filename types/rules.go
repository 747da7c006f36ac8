package types

import "github.com/carina-rs/carina-lsp/grammar"

// Rule names a language rule whose breach inference reports: package diagnostics turns each into
// a diagnostic of the code of the same name.
type Rule string

// The rules of Carina's language that inference checks.
const (
	// Calls.
	RuleUnknownFunction  Rule = "unknown-function"         // a call of a name that is no function
	RuleUndefined        Rule = "undefined-binding"        // a reference to a binding declared nowhere
	RuleUnknownModule    Rule = "unknown-module"           // a module call of an alias no use imports
	RuleBuiltinArgument  Rule = "builtin-argument"         // a built-in's arguments, on constants
	RuleFunctionArity    Rule = "function-arity"           // a user function given too few or too many arguments
	RuleRecursive        Rule = "recursive-function"       // a user function that calls itself
	RuleParameterType    Rule = "parameter-type"           // an argument against a parameter's declared type
	RuleReturnType       Rule = "return-type"              // a result against the function's declared type
	RuleClosureAsData    Rule = "closure-as-data"          // a partial application used as a value
	RuleClosureArity     Rule = "closure-arity"            // a partial application given too many arguments
	RuleComposeOperand   Rule = "compose-operand"          // `>>` between things that are not partial applications
	RulePipeClosure      Rule = "pipe-closure"             // a partial application piped into a function
	RuleShadowsBuiltin   Rule = "function-shadows-builtin" // `fn join(...)`
	RuleParameterOrder   Rule = "parameter-order"          // a required parameter after an optional one
	RuleResourceInValue  Rule = "resource-in-value"        // a resource written where a value goes
	RuleNotAResource     Rule = "not-a-resource"           // `x.foo` where x is a string, a number, ...
	RuleIndexKey         Rule = "index-key"                // `x[-1]`, `x[true]`
	RuleFieldAfterIndex  Rule = "field-after-index"        // `x[0].a[1].b`
	RuleIfWithoutElse    Rule = "if-without-else"          // a value `if` that yields nothing
	RuleIfCondition      Rule = "if-condition"             // an `if` condition that is not a known Bool
	RuleForIterable      Rule = "for-iterable"             // a `for` over what is no list or map
	RuleUnknownTypeName  Rule = "unknown-type-name"        // `string`, `duration`, a bare `struct`
	RuleUnknownCustom    Rule = "unknown-custom-type"      // a custom type no loaded provider declares
	RuleDuplicateField   Rule = "duplicate-struct-field"   // `struct { a: String, a: Int }`
	RuleExportType       Rule = "export-type"              // an export's value against its type
	RuleExportInference  Rule = "export-type-required"     // an export whose type cannot be inferred
	RuleModuleArgType    Rule = "module-argument-type"     // a module call's argument against the argument's type
	RuleArgValidation    Rule = "argument-validation"      // an argument's validation block fails
	RuleRequire          Rule = "require-failed"           // a module's require fails for a call
	RuleEmptyInterpolate Rule = "empty-interpolation"      // `${}`
	RuleUpstreamShape    Rule = "upstream-export-shape"    // a read of an upstream export that does not fit its type
)

// Problem is a breach of a rule found by inference: where (relative to the statement it was
// found in), which rule, and Carina's message.
type Problem struct {
	Span grammar.Span
	Rule Rule
	Msg  string
	// Subject is the name the problem is about (a function's), when there is one.
	Subject string
	// Ref is, for a name declared nowhere found where it is written (Undefined), the reference,
	// where a name of its kind may be offered in its place; nil otherwise.
	Ref *Unresolved
	// Fix is a mechanical repair, when there is one.
	Fix *Fix
	// Related points at the declaration that explains the problem (the parameter of a function
	// in another statement, say), as a place in a file; empty when there is none.
	Related *Place
	// Loaded says the problem holds only where the configuration is loaded as a module by a
	// caller: Carina checks a binding reference against an enclosing argument's type only then.
	Loaded bool
	// Alone says the problem holds only where Carina's checker reads this module's directory by
	// itself, as a root: loaded by a caller, the module has no such problem.
	Alone bool
}

// Place is a span of a file.
type Place struct {
	Path string
	Span grammar.Span // absolute in the file
	Msg  string
}

// Fix replaces a span of the problem's statement (relative to it) with a text; Safe when it
// keeps the meaning.
type Fix struct {
	Title   string
	Span    grammar.Span
	NewText string
	Safe    bool
}
