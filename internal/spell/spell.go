// Package spell owns the one measure of how close two names are, and the rule of which close name
// is suggested for a misspelt one: every did-you-mean of carina-lsp (diagnostics, diagnostic codes,
// carina-lsp.toml keys) goes through it, so they agree on what counts as a typo.
package spell

import (
	"slices"
	"strings"
)

// Distance is the edit distance between a and b, in bytes, a swap of neighbours one edit.
func Distance(a, b string) int {
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

// Limit is how many edits (case aside) still make a plausible typo of name: a third of its
// length, and at least one.
func Limit(name string) int { return len(name)/3 + 1 }

// Closest returns the candidate closest to name (case aside) within Limit edits that fit accepts
// (every one when fit is nil), or "": so a suggestion is never one that would only move the
// mistake along. Ties go to the first candidate; fit is called only on candidates close enough,
// closest first.
func Closest(name string, candidates []string, fit func(string) bool) string {
	limit := Limit(name)
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
		if d := Distance(lname, strings.ToLower(c)); d <= limit {
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
