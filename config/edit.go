package config

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/carina-rs/carina-lsp/diagnostics"
)

var (
	levelsHeader = regexp.MustCompile(`^\s*\[\s*diagnostics\s*\.\s*levels\s*\]\s*(#.*)?$`)
	anyHeader    = regexp.MustCompile(`^\s*\[`)
)

// WithLevel returns the text of a configuration file with code's level set: the code's line in
// [diagnostics.levels] replaced, or added under that table's header, or the table added at the
// end. The rest of the text, comments included, is kept as it is. The caller parses the result
// before using it: a file that sets its levels in another form (an inline table) would then set
// the table twice, which Parse reports.
func WithLevel(text string, code diagnostics.Code, l Level) string {
	line := fmt.Sprintf("%s = %q", code, l)
	keyLine := regexp.MustCompile(`^\s*"?` + regexp.QuoteMeta(string(code)) + `"?\s*=`)
	lines := strings.Split(text, "\n")
	for h, l := range lines {
		if !levelsHeader.MatchString(l) {
			continue
		}
		for i := h + 1; i < len(lines) && !anyHeader.MatchString(lines[i]); i++ {
			if keyLine.MatchString(lines[i]) {
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
func (f *File) TurnsOff(code diagnostics.Code) bool {
	for _, l := range f.Levels {
		if l.code == code {
			return l.level == LevelOff
		}
	}
	return false
}
