package testutil

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// WorkflowCommand is one GitHub Actions workflow command line, its escapes undone.
type WorkflowCommand struct {
	Command string
	Props   map[string]string
	Data    string
}

var (
	commandRE = regexp.MustCompile(`^::([a-z-]+)(?: ([^:]*))?::(.*)$`)
	propKeyRE = regexp.MustCompile(`^[A-Za-z]+$`)
)

// WorkflowCommands parses the output of check -format github: one valid workflow command per
// line, each ending in a newline, failing the test on anything else (a bad property, a '%' that
// starts no known escape, a character that must have been escaped).
func WorkflowCommands(tb testing.TB, out string) []WorkflowCommand {
	tb.Helper()
	if out != "" && !strings.HasSuffix(out, "\n") {
		tb.Errorf("output does not end in a newline: %q", out)
	}
	// In data only %, CR and LF are escaped; in property values also ':' and ','.
	dataEscapes := map[string]string{"%25": "%", "%0D": "\r", "%0A": "\n"}
	propEscapes := map[string]string{"%25": "%", "%0D": "\r", "%0A": "\n", "%3A": ":", "%2C": ","}
	var cmds []WorkflowCommand
	for line := range strings.Lines(out) {
		line = strings.TrimSuffix(line, "\n")
		m := commandRE.FindStringSubmatch(line)
		if m == nil {
			tb.Errorf("not a workflow command: %q", line)
			continue
		}
		wc := WorkflowCommand{Command: m[1], Props: map[string]string{}}
		for kv := range strings.SplitSeq(m[2], ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || !propKeyRE.MatchString(k) {
				tb.Errorf("bad property %q in %q", kv, line)
				continue
			}
			if _, dup := wc.Props[k]; dup {
				tb.Errorf("property %s twice in %q", k, line)
			}
			u, err := unescapeWorkflow(v, propEscapes, ":,\r\n")
			if err != nil {
				tb.Errorf("property %s: %v", k, err)
			}
			wc.Props[k] = u
		}
		data, err := unescapeWorkflow(m[3], dataEscapes, "\r\n")
		if err != nil {
			tb.Errorf("data: %v", err)
		}
		wc.Data = data
		cmds = append(cmds, wc)
	}
	return cmds
}

// unescapeWorkflow reverses the workflow-command escaping of s, failing on a '%' that starts no
// known escape or on a character that must have been escaped.
func unescapeWorkflow(s string, escapes map[string]string, forbidden string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%':
			if i+3 > len(s) {
				return "", fmt.Errorf("a bare %% at the end of %q", s)
			}
			r, ok := escapes[strings.ToUpper(s[i:i+3])]
			if !ok {
				return "", fmt.Errorf("unknown escape %q in %q", s[i:i+3], s)
			}
			b.WriteString(r)
			i += 2
		case strings.IndexByte(forbidden, c) >= 0:
			return "", fmt.Errorf("unescaped %q in %q", c, s)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}
