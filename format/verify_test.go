package format

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
)

// ruleNamer names the block of every list attribute called "rules" "rule".
type ruleNamer struct{}

func (ruleNamer) ListBlockName(head string, read bool, path []string, key string) string {
	if key == "rules" {
		return "rule"
	}
	return ""
}

// TestVerifyRewriteCatches holds the rewrite's own check to what it promises: the rewritten text
// passes, and each way a rewritten text can differ from it (a comment changed, lost or added; a
// token changed, lost or added; a block name missing) is reported with what differs.
func TestVerifyRewriteCatches(t *testing.T) {
	src := "# top\nlet x = aws.s3.Bucket {\n  rules = [{ a = 1 }, { a = 2 }] # tail\n}\n"
	ps := grammar.NewParser()
	file := parse(ps, src)
	if len(file.Errors) > 0 {
		t.Fatal(file.Errors)
	}
	rw := blockRewrite(file, ruleNamer{})
	if len(rw.edits) == 0 {
		t.Fatal("no rewrite: the test would check nothing")
	}
	mid := applyEdits(src, rw.edits)
	if !strings.Contains(mid, "rule {") {
		t.Fatalf("rewritten text without the block name:\n%s", mid)
	}
	tests := []struct {
		name       string
		old, new   string
		wantPrefix string // "" for no error
	}{
		{"as rewritten", "", "", ""},
		{"comment changed", "# tail", "# tall", "format: internal error: the list-to-block rewrite changed comment 2 (2 comments, want 2)"},
		{"comment lost", "# top\n", "", "format: internal error: the list-to-block rewrite changed comment 1 (1 comments, want 2)"},
		{"comment added", "", "# more\n", "format: internal error: the list-to-block rewrite changed comment 3 (3 comments, want 2)"},
		{"token changed", "a = 2", "a = 3", `format: internal error: the list-to-block rewrite wrote "3" where "2" belongs`},
		{"token added", "", "let y = 1\n", "format: internal error: the list-to-block rewrite gave 22 tokens, want 18"},
		{"token lost", "a = 2", "a", "format: internal error: the list-to-block rewrite wrote \"}\" where \"=\" belongs"},
		{"block name missing", "rule { a = 2", "{ a = 2", `format: internal error: the list-to-block rewrite wrote "{" where "rule" belongs`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := mid
			switch {
			case tt.old != "":
				if !strings.Contains(text, tt.old) {
					t.Fatalf("%q is not in the rewritten text:\n%s", tt.old, text)
				}
				text = strings.Replace(text, tt.old, tt.new, 1)
			case tt.new != "":
				text += tt.new
			}
			err := rw.verify(parse(grammar.NewParser(), text))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if diff := cmp.Diff(tt.wantPrefix, got); diff != "" {
				t.Errorf("verify of\n%s\n(-want +got):\n%s", text, diff)
			}
		})
	}
}
