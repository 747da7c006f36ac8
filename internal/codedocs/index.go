package codedocs

import (
	"cmp"
	"fmt"
	"regexp"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
)

// Group is a group of codes as docs/cli.md's "### Diagnostic codes" section lists them.
type Group struct {
	Title string
	Codes []finding.Code
}

// Entry is a code's row in the index.
type Entry struct {
	Level    string // the levels of the example's diagnostics: "error", "error, warning"
	QuickFix string // safe, suggestion or ""
	Summary  string
}

// EntryOf returns the index row of an example's code, from what checking the example found.
func EntryOf(e *Example, r *Result) Entry {
	ds, _ := r.Of(e.Code)
	return Entry{Level: levels(ds, "%s", ", "), QuickFix: quickFix(ds), Summary: e.Summary}
}

var (
	codeRe    = regexp.MustCompile("`([a-z0-9-]+)`")
	docLinkRe = regexp.MustCompile(`\bdocs/([a-z0-9-]+\.md)\b`)
)

// Groups reads the groups of codes of docs/cli.md's "### Diagnostic codes" section: its first
// paragraph, a list of `label: code, code, ...` separated by semicolons (the first, syntax, has
// no label).
func Groups(readme string) ([]Group, error) {
	_, section, ok := strings.Cut(readme, "### Diagnostic codes\n")
	if !ok {
		return nil, fmt.Errorf("docs/cli.md has no \"### Diagnostic codes\" section")
	}
	section = strings.TrimLeft(section, "\n")
	section, _, _ = strings.Cut(section, "\n\n")
	var out []Group
	for _, part := range strings.Split(section, ";") {
		part = strings.Join(strings.Fields(part), " ")
		label, _, _ := strings.Cut(part, "`")
		label = strings.TrimSuffix(strings.TrimSpace(label), ":")
		g := Group{Title: label}
		for _, m := range codeRe.FindAllStringSubmatch(part, -1) {
			g.Codes = append(g.Codes, finding.Code(m[1]))
		}
		if len(g.Codes) == 0 {
			return nil, fmt.Errorf("docs/cli.md's codes: no code in %q", part)
		}
		if g.Title == "" {
			g.Title = string(g.Codes[0])
		}
		out = append(out, g)
	}
	return out, nil
}

// Index returns docs/diagnostics/README.md: a table of every code of groups, in their order, with
// its page's link, default level, quick fix and summary; a code without an entry has no page yet.
func Index(groups []Group, entries map[finding.Code]Entry) string {
	var b strings.Builder
	fmt.Fprintf(&b, generated, "diagnostics/testdata/codes/*.txtar")
	b.WriteString("# Diagnostic codes\n\n" +
		"Every diagnostic of carina-lsp has a code; its page says what the code means, why it matters and\n" +
		"how to fix it, with an example. Editors open the page from the diagnostic, code scanning from the\n" +
		"rule. The level is the one a diagnostic has unless `carina-lsp.toml` changes it (see\n" +
		"[configuration](../configuration.md)). A safe quick fix is applied by `carina-lsp check -fix`, a\n" +
		"suggestion only with `-unsafe-fixes`.\n")
	for _, g := range groups {
		title := docLinkRe.ReplaceAllString(g.Title, "[$0](../$1)")
		fmt.Fprintf(&b, "\n## %s\n\n| code | level | quick fix | summary |\n|---|---|---|---|\n", strings.ToUpper(title[:1])+title[1:])
		for _, c := range g.Codes {
			e, ok := entries[c]
			if !ok {
				fmt.Fprintf(&b, "| `%s` | | | no page yet |\n", c)
				continue
			}
			fx := cmp.Or(e.QuickFix, "none")
			fmt.Fprintf(&b, "| [`%s`](%s.md) | %s | %s | %s |\n", c, c, e.Level, fx, strings.ReplaceAll(e.Summary, "|", `\|`))
		}
	}
	return b.String()
}
