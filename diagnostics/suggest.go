package diagnostics

import (
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/spell"
)

// suggestMember is suggestFitting for attribute names, which a user often writes shorter than
// the schema does (arn for certificate_arn, id for vpc_id): when no name is close, the one name
// that fits and ends with "_" and what was written is the suggestion, if it is the only one.
func suggestMember(name string, candidates []string, fit func(string) bool) string {
	if s := spell.Closest(name, candidates, fit); s != "" {
		return s
	}
	suffix := "_" + strings.ToLower(name)
	found := ""
	for _, c := range candidates {
		if !strings.HasSuffix(strings.ToLower(c), suffix) || fit != nil && !fit(c) {
			continue
		}
		if found != "" {
			return "" // several: no guess
		}
		found = c
	}
	return found
}

// didYouMean formats a suggestion as a message suffix: `; did you mean "x"?` or "".
func didYouMean(name string, candidates []string) string {
	return meaning(spell.Closest(name, candidates, nil))
}

// meaning formats a chosen suggestion as a message suffix: `; did you mean "x"?`, or "" for "".
func meaning(s string) string {
	if s == "" {
		return ""
	}
	return "; did you mean \"" + s + "\"?"
}

// renameFix offers the did-you-mean candidate as a quick fix.
func (c *checker) renameFix(d *finding.Diagnostic, name string, candidates []string) {
	renameTo(d, spell.Closest(name, candidates, nil))
}

// renameTo offers replacing the diagnostic's range with s as a quick fix (none for "").
func renameTo(d *finding.Diagnostic, s string) {
	if s != "" {
		d.Fixes = []finding.Fix{{Title: "Change to " + s, Edits: []finding.Edit{{Span: d.Span, NewText: s}}}}
	}
}
