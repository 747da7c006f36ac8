package hover

import (
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// durationHover explains a duration literal: its value in seconds and in hours, minutes and
// seconds, and, as a wait's timeout, what it means for that wait.
func (c *cursor) durationHover() *Hover {
	secs, text, sp, ok := c.duration()
	if !ok {
		return nil
	}
	var m md
	m.fence("carina", text)
	m.para("**Duration** " + code(text) + " = **" + plural(secs, "second", "seconds") + "** = " + humanDuration(secs) + ".")
	if canon := grammar.NormalDuration(secs); canon != text {
		m.para("Shortest spelling: " + code(canon) + ".")
	}
	if s := c.timeoutContext(); s != "" {
		m.para(s)
	}
	return card(sp, m.String())
}

// duration returns the value, text and absolute span of the duration under the cursor.
func (c *cursor) duration() (uint64, string, grammar.Span, bool) {
	if lit, ok := c.at(0).(*grammar.DurationLit); ok {
		return lit.Seconds, lit.Text, c.abs(lit.Span), lit.Seconds > 0 || durationZero(lit.Text)
	}
	if c.tok.Kind != grammar.Duration {
		return 0, "", grammar.Span{}, false
	}
	secs, ok := parseDuration(c.word)
	return secs, c.word, c.tokSpan(), ok
}

func durationZero(text string) bool {
	secs, ok := parseDuration(text)
	return ok && secs == 0
}

// parseDuration reads `<digits><unit>`; false for anything else (a compound or unknown unit).
func parseDuration(text string) (uint64, bool) {
	i := 0
	for i < len(text) && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	mult, ok := grammar.DurationUnit(text[i:])
	if i == 0 || !ok {
		return 0, false
	}
	n, err := strconv.ParseUint(text[:i], 10, 64)
	if err != nil || n > ^uint64(0)/mult {
		return 0, false
	}
	return n * mult, true
}

// humanDuration writes seconds as hours, minutes and seconds: 4500 → 1h15min, 90 → 1min30s.
func humanDuration(secs uint64) string {
	if secs == 0 {
		return "0s"
	}
	var b strings.Builder
	if h := secs / 3600; h > 0 {
		b.WriteString(itoa(h) + "h")
	}
	if m := secs % 3600 / 60; m > 0 {
		b.WriteString(itoa(m) + "min")
	}
	if s := secs % 60; s > 0 {
		b.WriteString(itoa(s) + "s")
	}
	return b.String()
}

// timeoutContext explains a duration that is the timeout of a wait.
func (c *cursor) timeoutContext() string {
	n := len(c.path)
	if n < 3 {
		return ""
	}
	a, ok := c.path[n-2].(*grammar.Attribute)
	if !ok || a.Key.Text != "timeout" {
		return ""
	}
	w, ok := c.blockOwner(n - 2).(*grammar.WaitExpr)
	if !ok {
		return ""
	}
	d := c.waitDecl(w)
	if d == nil {
		return ""
	}
	s := c.waitSettings(d)
	t := targetName(d)
	name := "wait " + code(d.Name)
	if d.Name == "_" {
		name = "this wait"
	}
	out := "Timeout of " + name + ": at most " + plural(s.reads(), "read", "reads") + " of " + code(t) +
		", one every " + code(grammar.NormalDuration(s.interval)) + " (" + s.intervalFrom + ")."
	def := c.schemas.Wait(s.head)
	switch {
	case s.timeout < s.interval:
		out += " Shorter than the poll interval: the target is read once."
	case s.own && s.timeout == def.Timeout.Secs:
		out += " The same as the default from " + settingFrom(s.head, def.Timeout) + ": it can be left out."
	case s.own:
		out += " Without it: " + code(grammar.NormalDuration(def.Timeout.Secs)) + ", from " + settingFrom(s.head, def.Timeout) + "."
	}
	return out
}
