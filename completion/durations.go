package completion

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"strings"
)

// commonDurations are offered for durations, in seconds.
func commonDurations() []uint64 { return []uint64{30, 60, 300, 600, 900, 1800, 3600, 7200} }

// durations offers durations: after typed digits, those digits with each unit; otherwise the
// default (when def > 0, with defDetail saying whose it is) and then common durations.
func (c *completer) durations(def uint64, defDetail string) {
	if d := digits(c.sl.Text); d != "" {
		for _, u := range []struct{ unit, what string }{{"s", "seconds"}, {"min", "minutes"}, {"h", "hours"}} {
			c.text(d+u.unit, Value, d+u.unit, d+" "+u.what, "")
		}
		return
	}
	if def > 0 {
		s := grammar.NormalDuration(def)
		c.text(s, Value, s, defDetail, "")
	}
	for _, secs := range commonDurations() {
		if secs != def {
			s := grammar.NormalDuration(secs)
			c.text(s, Value, s, "Duration", "")
		}
	}
}

// digits returns the leading digits of a word that starts with a digit (`75`, `75m`), or "".
func digits(word string) string {
	i := 0
	for i < len(word) && isDigit(word[i]) {
		i++
	}
	if i == 0 || strings.Contains(word[i:], ".") {
		return ""
	}
	return word[:i]
}
