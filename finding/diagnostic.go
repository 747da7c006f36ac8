// Package finding is the vocabulary every part of carina-lsp names a problem with: a Diagnostic
// in a file, its Code (every code there is, Codes), its Severity, the places Related to it, and
// the Fixes that repair it as Edits. It holds no check: package diagnostics finds problems,
// package lsp and the report formats show them, package fix applies their fixes, and config
// sets their levels, each importing only this.
package finding

import (
	"cmp"

	"github.com/carina-rs/carina-lsp/grammar"
)

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

// Compare is the order of Sort.
func Compare(a, b Diagnostic) int {
	return cmp.Or(
		cmp.Compare(a.Path, b.Path),
		cmp.Compare(a.Span.Start, b.Span.Start),
		cmp.Compare(a.Span.End, b.Span.End),
		cmp.Compare(a.Message, b.Message),
	)
}
