package diagnostics

import (
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/lazy"
	"github.com/carina-rs/carina-lsp/internal/spell"
)

// polarity are the prefixes that turn a word into its opposite: active, inactive; enabled,
// disabled. A suggestion that only changes one for another is close in spelling and opposite in
// meaning, so it is never applied as a safe fix.
// Split on first use, not when the package loads (one field is the keyword "in", which only the
// grammar may spell as a literal).
func polarity() []string {
	return polarityMemo.Get(func() []string {
		return append([]string{""}, strings.Fields("in un non not dis en de im ir il")...)
	})
}

var polarityMemo lazy.Value[[]string]

// opposite reports whether a and b are one stem with two different prefixes of polarity (case,
// underscores and hyphens aside).
func opposite(a, b string) bool {
	norm := func(s string) string { return strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(s)) }
	a, b = norm(a), norm(b)
	prefixes := polarity()
	for _, p := range prefixes {
		for _, q := range prefixes {
			if p != q && strings.HasPrefix(a, p) && strings.HasPrefix(b, q) && len(a) > len(p) && a[len(p):] == b[len(q):] {
				return true
			}
		}
	}
	return false
}

// closeTo returns the candidates close enough to name to be suggested (as spell.Closest measures).
func closeTo(name string, candidates []string) []string {
	limit := spell.Limit(name)
	lname := strings.ToLower(name)
	var out []string
	for _, c := range candidates {
		if c != name && spell.Distance(lname, strings.ToLower(c)) <= limit {
			out = append(out, c)
		}
	}
	return out
}

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
