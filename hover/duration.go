package hover

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// durationHover explains a duration literal: its value in seconds and in hours, minutes and
// seconds, and, as a wait's timeout, what it means for that wait.
func (p *place) durationHover() *Hover {
	secs, text, sp, ok := p.duration()
	if !ok {
		return nil
	}
	var m md
	m.fence("carina", text)
	m.para("**Duration** " + code(text) + " = **" + plural(secs, "second", "seconds") + "** = " + humanDuration(secs) + ".")
	if canon := grammar.NormalDuration(secs); canon != text {
		m.para("Shortest spelling: " + code(canon) + ".")
	}
	if s := p.timeoutContext(); s != "" {
		m.para(s)
	}
	return card(sp, m.String())
}

// duration returns the value, text and absolute span of the duration under the cursor: the
// duration literal the parser read (also `30 min`, hovered on either word), or a duration token.
func (p *place) duration() (uint64, string, grammar.Span, bool) {
	s := p.s
	if n := len(s.Path); n > 0 {
		if lit, ok := s.Path[n-1].(*grammar.DurationLit); ok {
			return lit.Seconds, lit.Text, s.Stmt.Abs(lit.Span), lit.Seconds > 0 || durationZero(lit.Text)
		}
	}
	if s.Tok.Kind != grammar.Duration {
		return 0, "", grammar.Span{}, false
	}
	secs, ok := grammar.ParseDuration(s.Text)
	return secs, s.Text, s.Span, ok
}

func durationZero(text string) bool {
	secs, ok := grammar.ParseDuration(text)
	return ok && secs == 0
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

// timeoutContext explains a duration that is the timeout of a wait: the value of the wait
// block's key the construct table says takes a duration.
func (p *place) timeoutContext() string {
	e := p.s.Expect
	if e.Key == nil || e.Key.Value != grammar.DurationValue || e.Block == nil || e.Block.Construct == nil ||
		e.Block.Construct.ID != grammar.WaitConstruct {
		return ""
	}
	d := waitDecl(e.Block)
	if d == nil {
		return ""
	}
	s := p.waitSettings(d)
	t := targetName(d)
	name := "wait " + code(d.Name)
	if d.Name == "_" {
		name = "this wait"
	}
	out := "Timeout of " + name + ": at most " + readCount(s.reads()) + " of " + code(t) +
		", one every " + code(grammar.NormalDuration(s.interval)) + " (" + s.intervalFrom + ")."
	def := p.schemas.Wait(s.head)
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
