package diagnostics

import (
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
)

// TestHalfTypedRequiredAttribute: a required attribute being typed (its `=` still missing) is not
// reported missing besides its syntax error; a broken item naming no attribute hides nothing.
func TestHalfTypedRequiredAttribute(t *testing.T) {
	tests := []struct {
		name, src string
		missing   int
	}{
		{"the attribute without its =", "let c = aws.acm.Certificate {\n  domain_name 'x'\n}\n", 0},
		{"a word that names no attribute", "let c = aws.acm.Certificate {\n  domain 'x'\n}\n", 1},
		{"another attribute half-typed", "let c = aws.acm.Certificate {\n  key_algorithm rsa_2048\n}\n", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := check(t, map[string]string{"main.crn": tt.src})
			if got := len(r.ofCode(finding.CodeMissingRequired)); got != tt.missing {
				t.Errorf("%d missing-required-attribute, want %d: %v", got, tt.missing, r.diags)
			}
			if got := len(r.ofCode(finding.CodeSyntax)); got != 1 {
				t.Errorf("%d syntax errors, want 1", got)
			}
		})
	}
}
