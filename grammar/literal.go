package grammar

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// unquoteSingle decodes the body of a single-quoted string ('\” and '\\' are the only escapes).
func unquoteSingle(body string) string {
	if !strings.Contains(body, `\`) {
		return body
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] == '\\' && i+1 < len(body) && (body[i+1] == '\'' || body[i+1] == '\\') {
			i++
		}
		b.WriteByte(body[i])
	}
	return b.String()
}

// unquoteDouble decodes the literal text of a double-quoted string part.
func unquoteDouble(text string) string {
	if !strings.Contains(text, `\`) {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\\' && i+1 < len(text) {
			i++
			switch text[i] {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			default:
				c = text[i]
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// badEscapes returns the offsets (within text) of backslash sequences not in allowed.
func badEscapes(text string, allowed string) []int {
	var out []int
	for i := 0; i < len(text); i++ {
		if text[i] != '\\' {
			continue
		}
		if i+1 >= len(text) || !strings.ContainsRune(allowed, rune(text[i+1])) {
			out = append(out, i)
		}
		i++
	}
	return out
}

// durationProblem describes what is wrong with a duration token's text, or "" when it is valid.
// It returns the value in seconds when valid.
func parseDuration(text string) (seconds uint64, problem string) {
	if strings.HasPrefix(text, "-") {
		return 0, fmt.Sprintf("duration %q must not be negative", text)
	}
	i := 0
	for i < len(text) && isDigit(text[i]) {
		i++
	}
	digits, unit := text[:i], text[i:]
	mult, ok := DurationUnit(unit)
	if !ok {
		if total, compound := compoundDuration(text); compound {
			return 0, fmt.Sprintf("compound duration %q is not supported: write %s", text, normalDuration(total))
		}
		return 0, unknownUnit(digits, unit)
	}
	n, err := strconv.ParseUint(digits, 10, 64)
	if err != nil {
		return 0, fmt.Sprintf("duration %q overflows u64 seconds", text)
	}
	hi, v := bits.Mul64(n, mult)
	if hi != 0 {
		return 0, fmt.Sprintf("duration %q overflows u64 seconds", text)
	}
	return v, ""
}

func unknownUnit(digits, unit string) string {
	text := digits + unit
	switch strings.ToLower(unit) {
	case "d", "day", "days":
		if n, err := strconv.ParseUint(digits, 10, 64); err == nil && n < math.MaxUint64/24 {
			return fmt.Sprintf("unknown duration unit %q in %q; use s, min or h (e.g. %dh)", unit, text, n*24)
		}
	case "ms", "msec", "millis", "milliseconds":
		return fmt.Sprintf("unknown duration unit %q in %q; durations are whole seconds: use s, min or h", unit, text)
	case "w", "week", "weeks":
		if n, err := strconv.ParseUint(digits, 10, 64); err == nil && n < math.MaxUint64/168 {
			return fmt.Sprintf("unknown duration unit %q in %q; use s, min or h (e.g. %dh)", unit, text, n*168)
		}
	}
	return fmt.Sprintf("unknown duration unit %q in %q; use s, min or h (e.g. %smin)", unit, text, digits)
}

// compoundDuration reads text such as "1h30m" as a sum of <digits><unit> parts. It reports false
// unless there are at least two parts, each with a known unit.
func compoundDuration(text string) (uint64, bool) {
	var total uint64
	parts := 0
	for len(text) > 0 {
		i := 0
		for i < len(text) && isDigit(text[i]) {
			i++
		}
		j := i
		for j < len(text) && !isDigit(text[j]) {
			j++
		}
		if i == 0 || j == i {
			return 0, false
		}
		n, err := strconv.ParseUint(text[:i], 10, 64)
		mult, ok := DurationUnit(text[i:j])
		if err != nil || !ok {
			return 0, false
		}
		total += n * mult
		parts++
		text = text[j:]
	}
	return total, parts >= 2
}

// normalDuration writes seconds in the largest unit that divides it: 5400 → "90min".
func normalDuration(s uint64) string {
	switch {
	case s != 0 && s%3600 == 0:
		return strconv.FormatUint(s/3600, 10) + "h"
	case s != 0 && s%60 == 0:
		return strconv.FormatUint(s/60, 10) + "min"
	}
	return strconv.FormatUint(s, 10) + "s"
}

// ParseDuration reads a duration as Carina's parser does (`<digits><unit>`, the unit s, min or
// h and their spellings): its seconds, and false for anything else (no digits, an unknown or
// compound unit, a sign, an overflow). It is the one reading of a duration: the parser's, the
// checks' (a quoted duration), hover's and completion's.
func ParseDuration(text string) (seconds uint64, ok bool) {
	if text == "" || !isDigit(text[0]) {
		return 0, false
	}
	secs, problem := parseDuration(text)
	return secs, problem == ""
}

// NormalDuration writes a number of seconds in the largest unit that divides it evenly, the way
// hover and quick fixes show durations: 4500 → "75min", 7200 → "2h", 45 → "45s".
func NormalDuration(seconds uint64) string { return normalDuration(seconds) }
