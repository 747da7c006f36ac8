package plan

import (
	"strings"
	"unicode/utf8"
)

// Carina prints a created or deleted resource's lists and maps by format_value_pretty
// (carina-core value.rs): inline where `<indent>key: <value>` fits in 80 columns, else one entry
// a line; a list of maps always element by element, each element's first key marked `* `, the
// elements apart by a blank line, and a blank line after a list of two or more maps before the
// next key. What it returns is in absolute columns: the first line follows `key: `, each further
// line is indented from the left margin of the output.

// prettyLimit is Carina's PRETTY_LINE_LIMIT.
const prettyLimit = 80

// pretty formats a value written after `key: ` at column cols.
func pretty(v Value, cols int, key string) string {
	switch v.Kind {
	case List:
		if len(v.Elems) == 0 {
			return "[]"
		}
		if isListOfMaps(v) {
			return mapsVertical(v.Elems, cols+2)
		}
		if inline := v.Display(); fits(inline, cols, key) {
			return inline
		}
		return scalarsVertical(v.Elems, cols+2)
	case Map:
		if len(v.Keys) == 0 {
			return "{}"
		}
		if inline := v.Display(); fits(inline, cols, key) {
			return inline
		}
		return mapVertical(v, cols+2)
	}
	return v.Display()
}

// fits reports whether a value's inline text fits the line after `key: ` at column cols (Carina
// counts the value in bytes, the key in characters).
func fits(inline string, cols int, key string) bool {
	return len(inline) <= prettyLimit-(cols+utf8.RuneCountInString(key)+2)
}

// isListOfMaps reports whether v is a non-empty list whose every element is a map.
func isListOfMaps(v Value) bool {
	if v.Kind != List || len(v.Elems) == 0 {
		return false
	}
	for _, e := range v.Elems {
		if e.Kind != Map {
			return false
		}
	}
	return true
}

// separated reports whether a blank line follows v before a sibling key: a list of two or more
// maps, whose last line would else seem to hold the sibling.
func separated(v Value) bool { return isListOfMaps(v) && len(v.Elems) >= 2 }

func mapsVertical(items []Value, cols int) string {
	indent := strings.Repeat(" ", cols)
	cont := strings.Repeat(" ", cols+2)
	var b strings.Builder
	for n, item := range items {
		if n > 0 {
			b.WriteByte('\n')
		}
		for i, k := range sortedKeys(item) {
			e, _ := item.Get(k)
			b.WriteByte('\n')
			if i == 0 {
				b.WriteString(indent + "* ")
			} else {
				b.WriteString(cont)
			}
			b.WriteString(k + ": " + pretty(e, cols+2, k))
		}
	}
	return b.String()
}

func scalarsVertical(items []Value, cols int) string {
	var b strings.Builder
	b.WriteString("[\n")
	for _, e := range items {
		b.WriteString(strings.Repeat(" ", cols) + e.Display() + ",\n")
	}
	b.WriteString(strings.Repeat(" ", cols-2) + "]")
	return b.String()
}

func mapVertical(v Value, cols int) string {
	indent := strings.Repeat(" ", cols)
	var b strings.Builder
	sep := false
	for _, k := range sortedKeys(v) {
		e, _ := v.Get(k)
		if sep {
			b.WriteByte('\n')
		}
		sep = separated(e)
		b.WriteString("\n" + indent + k + ": " + pretty(e, cols, k))
	}
	return b.String()
}

// relative takes the first cols columns of spaces off each further line of a pretty text, as
// Carina's reindent_with_gutter does before it puts the gutter there: the lines become relative
// to the attribute column (indentRows puts the gutter back).
func relative(s string, cols int) string {
	if !strings.Contains(s, "\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		n := len(l) - len(strings.TrimLeft(l, " "))
		lines[i] = l[min(n, cols):]
	}
	return strings.Join(lines, "\n")
}
