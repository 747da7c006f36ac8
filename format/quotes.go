package format

import "strings"

// normQuotes rewrites a double-quoted literal with single quotes when that is safe and keeps
// its meaning, as the reference formatter does: not when the text holds `${`, a `'`, or the
// sequences `\n`, `\r`, `\t`, `\"` (the reference looks for these as plain substrings, so `\\n`
// also keeps its double quotes); and, beyond the reference, which cannot parse it, not when it
// holds the escape `\$`. Other backslashes (`\\`) mean the same inside single quotes. Any other
// text is returned unchanged.
func normQuotes(s string) string {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return s
	}
	body := s[1 : len(s)-1]
	if strings.Contains(body, "${") || strings.ContainsRune(body, '\'') ||
		strings.Contains(body, `\n`) || strings.Contains(body, `\r`) ||
		strings.Contains(body, `\t`) || strings.Contains(body, `\"`) || hasDollarEscape(body) {
		return s
	}
	return "'" + body + "'"
}

// hasDollarEscape reports whether the body of a double-quoted string holds the escape `\$`.
func hasDollarEscape(body string) bool {
	for i := 0; i+1 < len(body); i++ {
		if body[i] == '\\' {
			if body[i+1] == '$' {
				return true
			}
			i++
		}
	}
	return false
}
