package grammar

import "strings"

// SnakeCase spells an identifier in snake_case: a word starts at an upper-case letter after a
// lower-case letter or digit, and at the last upper-case letter of a run followed by a lower-case
// one (myVpc → my_vpc, HTTPServer → http_server, vpcID → vpc_id); runs of "_" become one and
// leading and trailing ones go. It returns "" when no snake_case name comes out (non-ASCII).
func SnakeCase(name string) string {
	var b strings.Builder
	lower := func(ch byte) bool { return ch >= 'a' && ch <= 'z' }
	upper := func(ch byte) bool { return ch >= 'A' && ch <= 'Z' }
	digit := func(ch byte) bool { return ch >= '0' && ch <= '9' }
	for i := 0; i < len(name); i++ {
		ch := name[i]
		switch {
		case upper(ch):
			if i > 0 && (lower(name[i-1]) || digit(name[i-1]) || upper(name[i-1]) && i+1 < len(name) && lower(name[i+1])) {
				b.WriteByte('_')
			}
			b.WriteByte(ch + 'a' - 'A')
		case lower(ch), digit(ch), ch == '_':
			b.WriteByte(ch)
		default:
			return ""
		}
	}
	parts := strings.FieldsFunc(b.String(), func(r rune) bool { return r == '_' })
	return strings.Join(parts, "_")
}
