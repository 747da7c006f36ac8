package config

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
)

// space is what a regular expression's \s matches. The lines are matched by hand: a package-level
// regular expression is compiled in every process, the CLI's version included.
const space = "\t\n\f\r "

// levelsHeader reports whether line is the header [diagnostics.levels] (spaces around its parts,
// a comment after it).
func levelsHeader(line string) bool {
	rest, ok := strings.CutPrefix(strings.TrimLeft(line, space), "[")
	if !ok {
		return false
	}
	inner, after, ok := strings.Cut(rest, "]")
	if !ok {
		return false
	}
	parts := strings.Split(inner, ".")
	if len(parts) != 2 || strings.Trim(parts[0], space) != "diagnostics" || strings.Trim(parts[1], space) != "levels" {
		return false
	}
	after = strings.TrimLeft(after, space)
	return after == "" || strings.HasPrefix(after, "#")
}

// anyHeader reports whether line starts a table.
func anyHeader(line string) bool { return strings.HasPrefix(strings.TrimLeft(line, space), "[") }

// keyLine reports whether line sets code: `code =` or `"code" =`.
func keyLine(line string, code finding.Code) bool {
	rest := strings.TrimLeft(line, space)
	rest = strings.TrimPrefix(rest, `"`)
	rest, ok := strings.CutPrefix(rest, string(code))
	if !ok {
		return false
	}
	rest = strings.TrimPrefix(rest, `"`)
	return strings.HasPrefix(strings.TrimLeft(rest, space), "=")
}

// WithLevel returns the text of a configuration file with code's level set: the code's line in
// [diagnostics.levels] replaced, or added under that table's header, or the table added at the
// end. The rest of the text, comments included, is kept as it is. The caller parses the result
// before using it: a file that sets its levels in another form (an inline table) would then set
// the table twice, which Parse reports.
func WithLevel(text string, code finding.Code, l Level) string {
	line := fmt.Sprintf("%s = %q", code, l)
	lines := strings.Split(text, "\n")
	for h, l := range lines {
		if !levelsHeader(l) {
			continue
		}
		for i := h + 1; i < len(lines) && !anyHeader(lines[i]); i++ {
			if keyLine(lines[i], code) {
				lines[i] = line
				return strings.Join(lines, "\n")
			}
		}
		return strings.Join(append(lines[:h+1], append([]string{line}, lines[h+1:]...)...), "\n")
	}
	switch {
	case text == "":
	case strings.HasSuffix(text, "\n"):
		text += "\n"
	default:
		text += "\n\n"
	}
	return text + "[diagnostics.levels]\n" + line + "\n"
}

// TurnsOff reports whether the file's [diagnostics.levels] turns code off.
func (f *File) TurnsOff(code finding.Code) bool {
	for _, l := range f.Levels {
		if l.code == code {
			return l.level == LevelOff
		}
	}
	return false
}
