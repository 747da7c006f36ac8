package lsp

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

var markerRE = regexp.MustCompile(`<@([a-zA-Z0-9_]+)>`)

// place is a marked offset in a file.
type place struct {
	file string
	off  int
}

// markerArchive is a marker archive read: its source files without the markers, the marked
// places, the assertion lines and the sections of expected text they name.
type markerArchive struct {
	files    map[string]string
	places   map[string]place
	lines    []string
	expected map[string]string
	// settings are the initializationOptions the client sends: the archive comment's line
	// `settings: {...}` (JSON), or none.
	settings any
}

// readMarkerArchive splits an archive into sources, places, assertions and expected texts. A
// section is expected text when an assertion names it (`=> NAME`: the section NAME, or F.NAME
// for a source F); every other section but `markers` is a source.
func readMarkerArchive(t *testing.T, a *txtar.Archive) *markerArchive {
	t.Helper()
	m := &markerArchive{files: map[string]string{}, places: map[string]place{}, expected: map[string]string{}}
	if set := a.Option("settings"); set != "" {
		if err := json.Unmarshal([]byte(set), &m.settings); err != nil {
			t.Fatalf("settings: %v", err)
		}
	}
	names := map[string]bool{}
	text, ok := a.Get("markers")
	if !ok {
		t.Fatal("no markers section")
	}
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m.lines = append(m.lines, line)
		if _, name, ok := strings.Cut(line, "=> "); ok {
			names[strings.TrimSpace(name)] = true
		}
	}
	sections := map[string]bool{}
	for _, f := range a.Files {
		sections[f.Name] = true
	}
	isExpected := func(name string) bool {
		if names[name] {
			return true
		}
		for n := range names {
			if src, ok := strings.CutSuffix(name, "."+n); ok && sections[src] {
				return true
			}
		}
		return false
	}
	for _, f := range a.Files {
		switch {
		case f.Name == "markers":
		case isExpected(f.Name):
			m.expected[f.Name] = f.Data
		default:
			m.files[f.Name] = m.cutMarkers(t, f.Name, f.Data)
		}
	}
	return m
}

// cutMarkers takes the markers out of a file's text, recording their places.
func (m *markerArchive) cutMarkers(t *testing.T, name, text string) string {
	t.Helper()
	var b strings.Builder
	last := 0
	for _, loc := range markerRE.FindAllStringSubmatchIndex(text, -1) {
		b.WriteString(text[last:loc[0]])
		id := text[loc[2]:loc[3]]
		if _, dup := m.places[id]; dup {
			t.Fatalf("marker @%s twice", id)
		}
		m.places[id] = place{name, b.Len()}
		last = loc[1]
	}
	b.WriteString(text[last:])
	return b.String()
}

// crnFiles returns the names of the archive's .crn files, sorted: the files opened in the server.
func (m *markerArchive) crnFiles() []string {
	var out []string
	for name := range m.files {
		if strings.HasSuffix(name, ".crn") {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// assertion is one line of the markers section: `verb subject...: rest`.
type assertion struct {
	line    string
	verb    string
	subject []string // the fields between the verb and the colon
	rest    string   // the text after the colon, trimmed
}

// parseAssertion splits a line at the first colon outside quotes that ends a field.
func parseAssertion(line string) (assertion, bool) {
	inQuote := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '\\' && inQuote:
			i++
		case c == '"':
			inQuote = !inQuote
		case c == ':' && !inQuote && (i+1 == len(line) || line[i+1] == ' '):
			head, ok := splitFields(line[:i])
			if !ok || len(head) == 0 {
				return assertion{}, false
			}
			return assertion{line: line, verb: head[0], subject: head[1:], rest: strings.TrimSpace(line[i+1:])}, true
		}
	}
	return assertion{}, false
}

// args returns the fields of the text after the colon.
func (a assertion) args() ([]string, bool) { return splitFields(a.rest) }

// result returns the NAME of a `=> NAME` result, or "".
func (a assertion) result() string {
	name, ok := strings.CutPrefix(a.rest, "=> ")
	if !ok {
		return ""
	}
	return strings.TrimSpace(name)
}

// splitFields splits text at spaces; a field starting with a double quote is a Go string, and
// is unquoted (so `"Change to cert"` is one field).
func splitFields(text string) ([]string, bool) {
	var out []string
	for {
		text = strings.TrimLeft(text, " \t")
		if text == "" {
			return out, true
		}
		if text[0] == '"' || text[0] == '!' && len(text) > 1 && text[1] == '"' {
			neg := text[0] == '!'
			q := text
			if neg {
				q = text[1:]
			}
			lit, err := strconv.QuotedPrefix(q)
			if err != nil {
				return nil, false
			}
			s, _ := strconv.Unquote(lit)
			if neg {
				s = "!" + s
			}
			out = append(out, s)
			text = q[len(lit):]
			continue
		}
		end := strings.IndexAny(text, " \t")
		if end < 0 {
			end = len(text)
		}
		out = append(out, text[:end])
		text = text[end:]
	}
}

// unquote returns text unquoted when it is a Go string, else as it is.
func unquote(text string) string {
	if s, err := strconv.Unquote(text); err == nil && strings.HasPrefix(text, `"`) {
		return s
	}
	return text
}
