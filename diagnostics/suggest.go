package diagnostics

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/internal/lazy"
)

// suggest returns the candidate closest to name by edit distance, when it is close enough to be
// a plausible typo (at most a third of the name's length, and at least one edit allowed), or "".
// Ties go to the first candidate.
func suggest(name string, candidates []string) string {
	return suggestFitting(name, candidates, nil)
}

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

// closeTo returns the candidates close enough to name to be suggested (as suggest measures).
func closeTo(name string, candidates []string) []string {
	limit := len(name)/3 + 1
	lname := strings.ToLower(name)
	var out []string
	for _, c := range candidates {
		if c != name && EditDistance(lname, strings.ToLower(c)) <= limit {
			out = append(out, c)
		}
	}
	return out
}

// suggestFitting is suggest among the candidates fit accepts (every one when fit is nil): the
// closest that fits, so a suggestion is never one that would only move the mistake along (a
// binding without the attribute read from it, an attribute whose type the value does not have).
// fit is called only on candidates close enough, closest first.
func suggestFitting(name string, candidates []string, fit func(string) bool) string {
	limit := len(name)/3 + 1
	type near struct {
		c string
		d int
	}
	var close []near
	lname := strings.ToLower(name)
	for _, c := range candidates {
		if c == name {
			continue
		}
		if d := EditDistance(lname, strings.ToLower(c)); d <= limit {
			close = append(close, near{c, d})
		}
	}
	slices.SortStableFunc(close, func(a, b near) int { return a.d - b.d })
	for _, n := range close {
		if fit == nil || fit(n.c) {
			return n.c
		}
	}
	return ""
}

// suggestMember is suggestFitting for attribute names, which a user often writes shorter than
// the schema does (arn for certificate_arn, id for vpc_id): when no name is close, the one name
// that fits and ends with "_" and what was written is the suggestion, if it is the only one.
func suggestMember(name string, candidates []string, fit func(string) bool) string {
	if s := suggestFitting(name, candidates, fit); s != "" {
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
	return meaning(suggest(name, candidates))
}

// meaning formats a chosen suggestion as a message suffix: `; did you mean "x"?`, or "" for "".
func meaning(s string) string {
	if s == "" {
		return ""
	}
	return "; did you mean \"" + s + "\"?"
}

// EditDistance is the edit distance between a and b, in bytes, a swap of neighbours one edit: what
// every did-you-mean measures (diagnostics, carina-lsp.toml).
func EditDistance(a, b string) int {
	// Optimal string alignment: two neighbours swapped (Vcp for Vpc) cost one edit, as one slip
	// of the fingers, not two, so a swap is not outranked by two substitutions (Eip).
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
