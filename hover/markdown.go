package hover

import (
	"strconv"
	"strings"
)

// md accumulates a Markdown card: blocks separated by blank lines.
type md struct{ b strings.Builder }

// para adds a paragraph (skipped when empty).
func (m *md) para(s string) {
	if s == "" {
		return
	}
	if m.b.Len() > 0 {
		m.b.WriteString("\n\n")
	}
	m.b.WriteString(s)
}

// fence adds a fenced code block.
func (m *md) fence(lang, code string) {
	m.para("```" + lang + "\n" + code + "\n```")
}

// list adds a bullet list (skipped when empty).
func (m *md) list(items []string) {
	if len(items) == 0 {
		return
	}
	m.para("- " + strings.Join(items, "\n- "))
}

func (m *md) String() string { return m.b.String() }

// code writes s as inline code (InlineCode).
func code(s string) string { return InlineCode(s) }

// InlineCode is s as Markdown inline code, with enough backticks to hold any it contains: for the
// hover cards and the diagnostic pages (internal/codedocs) alike.
func InlineCode(s string) string {
	ticks := "`"
	for strings.Contains(s, ticks) {
		ticks += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return ticks + " " + s + " " + ticks
	}
	return ticks + s + ticks
}

// codes writes each name as inline code, joined with ", ".
func codes(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = code(n)
	}
	return strings.Join(out, ", ")
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }

// plural returns "1 read" or "3 reads".
func plural(n uint64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return itoa(n) + " " + many
}

// readCount writes how many reads of its target a wait makes: "1 read", "12 reads".
func readCount(n uint64) string {
	if n == 1 {
		return "1 read"
	}
	return itoa(n) + " reads"
}

// firstSentence returns the first sentence of a description (up to ". " or a line break).
func firstSentence(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i+1]
	}
	return s
}

// article returns "a" or "an" for a word.
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}
