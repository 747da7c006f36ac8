package config

import (
	"regexp"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
)

// TestLineMatchers: the hand-written matchers of WithLevel agree with the regular expressions
// they replace, on headers and key lines as people write them and on near misses.
func TestLineMatchers(t *testing.T) {
	levels := regexp.MustCompile(`^\s*\[\s*diagnostics\s*\.\s*levels\s*\]\s*(#.*)?$`)
	header := regexp.MustCompile(`^\s*\[`)
	const code = finding.Code("unused-let")
	key := regexp.MustCompile(`^\s*"?` + regexp.QuoteMeta(string(code)) + `"?\s*=`)
	for _, line := range []string{
		"[diagnostics.levels]", "  [ diagnostics . levels ]  # mine", "[diagnostics.levels]x", "[[diagnostics.levels]]",
		"[diagnostics]", "[diagnostics.levels.x]", "\t[diagnostics.levels]\r", "[diagnostics .levels", "diagnostics.levels",
		"[Diagnostics.levels]", "[diagnostics..levels]", "", "  ", "#[diagnostics.levels]", "[ x ]", "[", "]",
		`unused-let = "off"`, `  "unused-let"="warning"`, `"unused-let = 1`, `unused-let" = 1`, `unused-lets = 1`,
		`unused-let`, `unused-let # = x`, `x.unused-let = 1`, "\tunused-let\t=", `""unused-let = 1`,
	} {
		if got, want := levelsHeader(line), levels.MatchString(line); got != want {
			t.Errorf("levelsHeader(%q) = %v, the expression says %v", line, got, want)
		}
		if got, want := anyHeader(line), header.MatchString(line); got != want {
			t.Errorf("anyHeader(%q) = %v, the expression says %v", line, got, want)
		}
		if got, want := keyLine(line, code), key.MatchString(line); got != want {
			t.Errorf("keyLine(%q) = %v, the expression says %v", line, got, want)
		}
	}
}
