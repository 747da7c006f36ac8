package completion

import "strings"

// plain turns snippet text into the text a client without snippet support inserts: each
// placeholder `${1:text}` becomes its text, tab stops `$1` and `$0` disappear, and escapes
// (`\$`, `\}`, `\\`) lose their backslash.
func plain(s string) string {
	if !strings.ContainsAny(s, `$\`) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		case ch == '$' && i+1 < len(s) && isDigit(s[i+1]):
			for i+1 < len(s) && isDigit(s[i+1]) {
				i++
			}
		case ch == '$' && i+1 < len(s) && s[i+1] == '{':
			j := i + 2
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			if j == i+2 {
				b.WriteByte(ch) // not a placeholder
				continue
			}
			i = j
			if i < len(s) && s[i] == ':' {
				i++
				for i < len(s) && s[i] != '}' {
					if s[i] == '\\' && i+1 < len(s) {
						i++
					}
					b.WriteByte(s[i])
					i++
				}
			}
			// i is at the closing "}"
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// escape makes literal text safe inside snippet text.
func escape(s string) string {
	if !strings.ContainsAny(s, `$}\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '$' || s[i] == '}' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// isSnippet reports whether s uses snippet syntax.
func isSnippet(s string) bool { return strings.ContainsAny(s, `$\`) }

// alignedLines renders `key = value` lines indented by two spaces with the "=" aligned, as the
// formatter writes them.
func alignedLines(keys, values []string) string {
	width := 0
	for _, k := range keys {
		width = max(width, len(k))
	}
	var b strings.Builder
	for i, k := range keys {
		b.WriteString("  ")
		b.WriteString(k)
		b.WriteString(strings.Repeat(" ", width-len(k)))
		b.WriteString(" = ")
		b.WriteString(values[i])
		b.WriteByte('\n')
	}
	return b.String()
}

// blockSnippet is `head {` + the required keys as tab stops + `}`, or an empty body with the
// final tab stop inside when there are none.
func blockSnippet(head string, required []string) string {
	if len(required) == 0 {
		return escape(head) + " {\n  $0\n}"
	}
	keys := make([]string, len(required))
	values := make([]string, len(required))
	for i, k := range required {
		keys[i] = escape(k)
		values[i] = "$" + itoa(i+1)
	}
	return escape(head) + " {\n" + alignedLines(keys, values) + "}"
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
