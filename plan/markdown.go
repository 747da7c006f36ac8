package plan

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// WriteMarkdown writes the plan for a pull-request comment: the summary line, then the display
// in a fenced block longer than any run of backticks it holds, so no value can close it.
func WriteMarkdown(w io.Writer, p *Plan) error {
	var text bytes.Buffer
	if err := Write(&text, p, Options{DeleteAttributes: true, Exports: true, Modules: true}); err != nil {
		return err
	}
	body := strings.TrimRight(text.String(), "\n")
	fence := strings.Repeat("`", max(3, longestRun(body, '`')+1))
	var b strings.Builder
	b.WriteString("### Carina plan\n\n")
	if !p.Changed() {
		b.WriteString("No changes. Infrastructure is up-to-date.\n")
	} else {
		s := p.Summary()
		fmt.Fprintf(&b, "**%d to add, %d to change, %d to replace, %d to destroy.**\n\n", s.Create, s.Update, s.Replace, s.Delete)
		fmt.Fprintf(&b, "%s\n%s\n%s\n", fence, body, fence)
	}
	if len(p.Errors) > 0 {
		b.WriteString("\n**The plan is refused:**\n\n")
		for _, e := range p.Errors {
			fmt.Fprintf(&b, "- %s\n", escapeMarkdown(e.Message))
		}
	}
	if len(p.Unsupported) > 0 {
		b.WriteString("\n**Incomplete:** carina-lsp does not plan these yet:\n\n")
		for _, u := range p.Unsupported {
			fmt.Fprintf(&b, "- `%s`: %s\n", strings.ReplaceAll(u.Place(), "`", "'"), escapeMarkdown(u.Message))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func longestRun(s string, c byte) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

// escapeMarkdown keeps a message's characters from being read as Markdown.
func escapeMarkdown(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_{}[]<>()#+-.!|", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
