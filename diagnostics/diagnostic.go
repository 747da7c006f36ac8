// Package diagnostics owns every check of a Carina configuration: each problem as a
// finding.Diagnostic with a stable kebab-case code (finding.Codes), a severity, the exact byte
// range in its file, a message that names the thing, related places, and quick fixes (each safe
// or a suggestion) offered only when, applied, they parse and clear their diagnostic. The
// vocabulary is package finding's, so that what only names a code imports no check.
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
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
)

// Syntax returns a file's syntax errors as diagnostics.
func Syntax(path string, f *grammar.File) []finding.Diagnostic { return FromSyntax(path, f.Errors) }

// FromSyntax is Syntax for the errors of a file (grammar.Doc.Errors, for the syntax phase of an
// edit, which does not build the flat parse).
func FromSyntax(path string, errs []grammar.SyntaxError) []finding.Diagnostic {
	out := make([]finding.Diagnostic, 0, len(errs))
	for _, e := range errs {
		d := finding.Diagnostic{Path: path, Span: e.Span, Severity: finding.Error, Code: finding.CodeSyntax, Message: e.Msg}
		if e.Fix != nil {
			d.Fixes = []finding.Fix{{Title: e.Fix.Title, Edits: []finding.Edit{{Span: e.Fix.Span, NewText: e.Fix.NewText}}, Safe: e.Fix.Safe}}
		}
		out = append(out, d)
	}
	return out
}
