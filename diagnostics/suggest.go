package diagnostics

import (
	"strings"
)

// suggest returns the candidate closest to name by edit distance, when it is close enough to be
// a plausible typo (at most a third of the name's length, and at least one edit allowed), or "".
// Ties go to the first candidate.
func suggest(name string, candidates []string) string {
	limit := len(name)/3 + 1
	best, bestD := "", limit+1
	lname := strings.ToLower(name)
	for _, c := range candidates {
		if c == name {
			continue
		}
		if d := editDistance(lname, strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// didYouMean formats a suggestion as a message suffix: `; did you mean "x"?` or "".
func didYouMean(name string, candidates []string) string {
	if s := suggest(name, candidates); s != "" {
		return "; did you mean \"" + s + "\"?"
	}
	return ""
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
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
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
