package diagnostics

import (
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/format"
	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// TestRequiredFixSchemas applies the missing-required-attribute fix to an empty block of every
// resource type of the embedded schemas that has required attributes, written as the formatter
// writes it, in the layouts a block may have (comments included): the result is formatted already (the keys are
// laid out as the formatter lays them out), no attribute is missing any more, and no code has
// more errors than before.
func TestRequiredFixSchemas(t *testing.T) {
	idx := testutil.EmbeddedIndex(t)
	fixed, declined := 0, 0
	for _, p := range idx.Providers() {
		for _, head := range idx.ResourceTypes(p) {
			for _, src := range []string{
				head + " {}\n",
				head + " {\n}\n",
				"let r = " + head + " {\n  tags = {}\n}\n",
				"let r = " + head + " {\n  tags = {}  # on its line\n  # the end\n}\n",
			} {
				// `{` and `}` on lines of their own is not as the formatter writes an empty block:
				// only the formatted cases must stay formatted.
				formatted, err := format.Source(src, format.Options{})
				if err != nil || formatted != src && !strings.HasSuffix(src, "{\n}\n") {
					t.Fatalf("the case is not formatted itself (err %v):\n%s", err, src)
				}
				r := check(t, map[string]string{"main.crn": src})
				var d *finding.Diagnostic
				for i := range r.diags {
					if r.diags[i].Code == finding.CodeMissingRequired {
						d = &r.diags[i]
						break
					}
				}
				if d == nil {
					continue
				}
				if len(d.Fixes) == 0 {
					declined++
					continue
				}
				fixed++
				fx := d.Fixes[0]
				if fx.Safe {
					t.Errorf("%s: the fix is marked safe: the placeholders are no values of the user's", head)
				}
				after := applyFix(*d, d.Path, src, fx)
				if got, err := format.Source(after, format.Options{}); formatted == src && (err != nil || got != after) {
					t.Errorf("%s: the fixed text is not as the formatter writes it (err %v):\n%s\nformatted:\n%s", head, err, after, got)
				}
				before := map[finding.Code]int{}
				for _, o := range r.diags {
					if o.Severity == finding.Error && o.Code != finding.CodeMissingRequired {
						before[o.Code]++
					}
				}
				for _, o := range check(t, map[string]string{"main.crn": after}).diags {
					if o.Code == finding.CodeMissingRequired {
						t.Errorf("%s: still missing after the fix: %s\n%s", head, o.Message, after)
					} else if o.Severity == finding.Error && before[o.Code] == 0 {
						t.Errorf("%s: new error after the fix: %s %s\n%s", head, o.Code, o.Message, after)
					} else if o.Severity == finding.Error {
						before[o.Code]--
					}
				}
			}
		}
	}
	t.Logf("%d blocks fixed, %d without a fix", fixed, declined)
	if fixed < 50 {
		t.Errorf("only %d blocks fixed: are the schemas there?", fixed)
	}
}
