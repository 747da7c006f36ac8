package diagnostics

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

// The quick-fix golden tests: each testdata/fixes/*.txtar archive holds the files of one
// configuration directory and a `want fixes` section, one line per diagnostic, in the checker's
// order, saying which fixes it offers and what they write:
//
//	file:line:col code: [safe] title: line:col-line:col "new text" [line:col-line:col "new text"...]
//	file:line:col code: [safe] title: line:col-line:col "new text" other.crn:line:col-line:col "new text"
//	file:line:col code: no fix
//
// where `safe` marks a fix that `check -fix` and fix-all apply without -unsafe-fixes,
// with 1-based lines and byte columns, the edit ends exclusive and new texts quoted as Go strings;
// an edit in another file than the diagnostic's (a rename) names that file.
// The fix property (TestGoldenFixes) is checked on these archives too.

// fixArchives matches the archives of the quick-fix golden tests.
var fixArchives = filepath.Join("testdata", "fixes", "*.txtar")

func TestGoldenFixList(t *testing.T) {
	txtar.Run(t, fixArchives, func(t *testing.T, p string, a *txtar.Archive) {
		r := check(t, a.Sources())
		txtar.CheckWants(t, p, a, *update, func(string) []string { return r.fixLines() })
	})
}

// fixLines renders the fixes of every diagnostic as want lines.
func (r result) fixLines() []string {
	var out []string
	for _, d := range r.diags {
		f := r.cfg.File(d.Path)
		head := fmt.Sprintf("%s:%s %s:", testutil.Rel(d.Path), pos(f, d.Span.Start), d.Code)
		if len(d.Fixes) == 0 {
			out = append(out, head+" no fix")
			continue
		}
		for _, fx := range d.Fixes {
			var edits []string
			for _, e := range fx.Edits {
				ef, where := f, ""
				if e.Path != "" && e.Path != d.Path {
					ef, where = r.cfg.File(e.Path), testutil.Rel(e.Path)+":"
				}
				edits = append(edits, fmt.Sprintf("%s%s-%s %q", where, pos(ef, e.Span.Start), pos(ef, e.Span.End), e.NewText))
			}
			kind := ""
			if fx.Safe {
				kind = "safe "
			}
			out = append(out, fmt.Sprintf("%s %s%s: %s", head, kind, fx.Title, strings.Join(edits, " ")))
		}
	}
	return out
}
