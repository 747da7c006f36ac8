package completion

import (
	"strconv"
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
		s := formatDuration(def)
		c.text(s, Value, s, defDetail, "")
	}
	for _, secs := range commonDurations() {
		if secs != def {
			s := formatDuration(secs)
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

// formatDuration writes seconds in the largest unit that divides them: 4500 → 75min.
func formatDuration(secs uint64) string {
	switch {
	case secs >= 3600 && secs%3600 == 0:
		return strconv.FormatUint(secs/3600, 10) + "h"
	case secs >= 60 && secs%60 == 0:
		return strconv.FormatUint(secs/60, 10) + "min"
	}
	return strconv.FormatUint(secs, 10) + "s"
}
