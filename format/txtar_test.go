package format

import (
	"strings"
)

// archive is a txtar-style test file: a comment, then sections that each start with a line
// `-- name --` and hold the bytes up to the next such line.
type archive struct {
	comment string
	names   []string
	files   map[string]string
}

// parseArchive reads a txtar-style text.
func parseArchive(text string) archive {
	a := archive{files: map[string]string{}}
	name := ""
	var b strings.Builder
	inFile := false
	flush := func() {
		if inFile {
			a.names = append(a.names, name)
			a.files[name] = b.String()
		} else {
			a.comment = b.String()
		}
		b.Reset()
	}
	for line := range strings.Lines(text) {
		if n, ok := marker(line); ok {
			flush()
			name, inFile = n, true
			continue
		}
		b.WriteString(line)
	}
	flush()
	return a
}

// marker returns the name of a section marker line `-- name --`.
func marker(line string) (string, bool) {
	line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	if !strings.HasPrefix(line, "-- ") || !strings.HasSuffix(line, " --") || len(line) < 7 {
		return "", false
	}
	return strings.TrimSpace(line[3 : len(line)-3]), true
}

// format writes the archive back.
func (a archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, n := range a.names {
		b.WriteString("-- " + n + " --\n")
		b.WriteString(a.files[n])
	}
	return b.String()
}

// option returns the value of a `key: value` line of the archive's comment.
func (a archive) option(key string) string {
	for line := range strings.Lines(a.comment) {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), ":"); ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
