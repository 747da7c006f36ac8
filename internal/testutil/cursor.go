package testutil

import (
	"strings"
	"testing"
)

// Marker marks the cursor in the source of a test; it is taken out before parsing.
const Marker = "<|>"

// Cut takes the cursor marker out of text: it returns the text without it and the offset the
// marker stood at, or the text and -1 when there is none. More than one marker fails the test.
func Cut(tb testing.TB, text string) (string, int) {
	tb.Helper()
	i := strings.Index(text, Marker)
	if i < 0 {
		return text, -1
	}
	text = text[:i] + text[i+len(Marker):]
	if strings.Contains(text, Marker) {
		tb.Fatalf("more than one cursor marker %s in %q", Marker, text)
	}
	return text, i
}

// CutFiles takes the cursor marker out of a set of files: it returns the files without it, the
// name of the file that held it and the offset it stood at there, or "" and -1 when no file holds
// one. More than one marker, in one file or in several, fails the test.
func CutFiles(tb testing.TB, files map[string]string) (clean map[string]string, name string, offset int) {
	tb.Helper()
	clean, offset = map[string]string{}, -1
	for n, text := range files {
		text, i := Cut(tb, text)
		if i >= 0 {
			if name != "" {
				tb.Fatalf("more than one cursor marker %s (in %s and %s)", Marker, name, n)
			}
			name, offset = n, i
		}
		clean[n] = text
	}
	return clean, name, offset
}
