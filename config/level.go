package config

import (
	"fmt"

	"github.com/carina-rs/carina-lsp/finding"
)

// Level is what the configuration makes of a diagnostic code: off, or a severity.
type Level uint8

// Levels. The zero value is no level set.
const (
	LevelUnset Level = iota
	LevelOff
	LevelInfo
	LevelWarning
	LevelError
)

var levelNames = [...]string{LevelUnset: "", LevelOff: "off", LevelInfo: "info", LevelWarning: "warning", LevelError: "error"}

func (l Level) String() string { return levelNames[l] }

// parseLevel reads "off", "info", "warning" or "error".
func parseLevel(s string) (Level, error) {
	for l, n := range levelNames {
		if n != "" && n == s {
			return Level(l), nil
		}
	}
	return LevelUnset, fmt.Errorf("unknown level %q (want off, info, warning or error)", s)
}

// Severity is the severity a level reports at; off for LevelOff.
func (l Level) Severity() (sev finding.Severity, off bool) {
	switch l {
	case LevelOff:
		return 0, true
	case LevelInfo:
		return finding.Info, false
	case LevelWarning:
		return finding.Warning, false
	}
	return finding.Error, false
}
