// Package diagnostics owns every check of a Carina configuration: each problem as a Diagnostic
// with a stable kebab-case code (Codes), a severity, the exact byte range in its file, a message
// that names the thing, related places, and quick fixes (each safe or a suggestion) offered only
// when, applied, they parse and clear their diagnostic.
//
// Check and CheckWith run the checks. The statement-local ones (wait structure and predicate,
// references, every keyed block against the construct table, resources against their schema,
// module calls) run statement by statement, and a Memo lets a later run reuse the results of a
// statement whose parse and environment did not change; those that span the configuration
// (dependency cycles, duplicate declarations, unused bindings and waits, placement) run after.
// Disabled codes (Options.Disable, DisableDirective comments) are dropped last; syntax errors
// (Syntax, FromSyntax) never are.
//
// It publishes nothing: the CLI and the language server render what it returns, and package fix
// applies its fixes.
package diagnostics

import (
	"github.com/carina-rs/carina-lsp/grammar"
)

// Severity orders diagnostics from the most to the least serious.
type Severity int

// Severities, numbered as in LSP.
const (
	Error   Severity = 1
	Warning Severity = 2
	Info    Severity = 3
	Hint    Severity = 4
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	case Hint:
		return "hint"
	}
	return "unknown"
}

// ParseSeverity reads "error", "warning", "info" or "hint".
func ParseSeverity(s string) (Severity, bool) {
	for _, v := range []Severity{Error, Warning, Info, Hint} {
		if v.String() == s {
			return v, true
		}
	}
	return 0, false
}

// Code names a kind of problem. Codes are stable: editors and CI configurations refer to them.
type Code string

// CodeSyntax is every syntax error.
const CodeSyntax Code = "syntax"

// Diagnostic is one problem in one file. Span is a byte range of that file.
type Diagnostic struct {
	Path     string
	Span     grammar.Span
	Severity Severity
	Code     Code
	Message  string
	Related  []Related
	Fixes    []Fix // mechanical repairs, best first
}

// Related points at another place that explains a diagnostic (the other half of a duplicate, a
// member of a cycle).
type Related struct {
	Path    string
	Span    grammar.Span
	Message string
}

// Fix is a mechanical repair: replace each edit's span with its text. Its edits do not overlap;
// most lie in the diagnostic's file, a rename's in every file that names the binding.
type Fix struct {
	Title string
	Edits []Edit
	// Safe marks a repair that keeps the meaning or is the only sensible one: a duration's
	// spelling, a quoted enum value, a misspelt enum value with one candidate, a repeated list
	// entry. Others are suggestions: a did-you-mean among several names, a guess at what was
	// meant. `check -fix` and fix-all apply only safe fixes unless asked for the others.
	Safe bool
}

// Edit replaces a byte range of a file: the diagnostic's, or Path when set.
type Edit struct {
	Path    string // the file edited; "" for the diagnostic's file
	Span    grammar.Span
	NewText string
}

// File returns the path of the file the edit applies to, for a fix of diagnostic d.
func (e Edit) File(d *Diagnostic) string {
	if e.Path != "" {
		return e.Path
	}
	return d.Path
}

// Syntax returns a file's syntax errors as diagnostics.
func Syntax(path string, f *grammar.File) []Diagnostic { return FromSyntax(path, f.Errors) }

// FromSyntax is Syntax for the errors of a file (grammar.Doc.Errors, for the syntax phase of an
// edit, which does not build the flat parse).
func FromSyntax(path string, errs []grammar.SyntaxError) []Diagnostic {
	out := make([]Diagnostic, 0, len(errs))
	for _, e := range errs {
		d := Diagnostic{Path: path, Span: e.Span, Severity: Error, Code: CodeSyntax, Message: e.Msg}
		if e.Fix != nil {
			d.Fixes = []Fix{{Title: e.Fix.Title, Edits: []Edit{{Span: e.Fix.Span, NewText: e.Fix.NewText}}, Safe: e.Fix.Safe}}
		}
		out = append(out, d)
	}
	return out
}
