// Package docs holds the pages of this manual that the binary itself serves: each diagnostic
// code's page, docs/diagnostics/<code>.md, which the agents' explain tool returns (the pages are
// generated and kept true by internal/codedocs).
package docs

import (
	"embed"
	"strings"
)

//go:embed diagnostics/*.md
var pages embed.FS

// CodePage returns the page of a diagnostic code, without its generated-file comment; false
// when the code has none.
func CodePage(code string) (string, bool) {
	if code == "" || code == "README" || strings.ContainsAny(code, "/\\.") {
		return "", false
	}
	data, err := pages.ReadFile("diagnostics/" + code + ".md")
	if err != nil {
		return "", false
	}
	page := string(data)
	if strings.HasPrefix(page, "<!--") {
		if i := strings.Index(page, "-->"); i >= 0 {
			page = strings.TrimLeft(page[i+3:], "\n")
		}
	}
	return page, true
}
