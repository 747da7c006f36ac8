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
	switch s := p.Summary(); {
	case p.Destroy:
		// A destroy's summary is carina destroy's: the deletes and what prevent_destroy keeps.
		b.WriteString("### Carina destroy plan\n\n")
		switch {
		case len(p.Resources) == 0 && len(p.Guarded) == 0:
			b.WriteString("No resources to destroy.\n")
		case len(p.Guarded) > 0:
			fmt.Fprintf(&b, "**%d to destroy, %d protected.**\n\n", s.Delete, len(p.Guarded))
		default:
			fmt.Fprintf(&b, "**%d to destroy.**\n\n", s.Delete)
		}
		if len(p.Resources) > 0 || len(p.Guarded) > 0 {
			fmt.Fprintf(&b, "%s\n%s\n%s\n", fence, body, fence)
		}
		if len(p.Guarded) > 0 {
			b.WriteString("\n**Protected** by `prevent_destroy`, not destroyed:\n\n")
			for _, r := range p.Guarded {
				fmt.Fprintf(&b, "- %s", code(r.Provider+"."+r.Type+"."+r.Identity))
				if r.File != nil && r.Stmt != nil {
					path, line, _ := place(r.File, r.Stmt.Offset)
					fmt.Fprintf(&b, " (%s)", code(path+":"+itoa(line)))
				}
				b.WriteString("\n")
			}
		}
	case !p.Changed():
		b.WriteString("### Carina plan\n\n")
		b.WriteString("No changes. Infrastructure is up-to-date.\n")
	default:
		b.WriteString("### Carina plan\n\n")
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
			fmt.Fprintf(&b, "- %s: %s\n", code(u.Place()), escapeMarkdown(u.Message))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// code is s as inline code; a backtick in it, which would close the span, becomes a quote.
func code(s string) string { return "`" + strings.ReplaceAll(s, "`", "'") + "`" }

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
