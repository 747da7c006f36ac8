package diagnostics

import (
	"fmt"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
)

func TestSuggestMember(t *testing.T) {
	tests := []struct {
		name, written string
		candidates    []string
		fit           func(string) bool
		want          string
	}{
		{"a typo wins", "bukcet", []string{"bucket", "bucket_arn"}, nil, "bucket"},
		{"the one name ending in it", "arn", []string{"certificate_arn", "domain_name", "status"}, nil, "certificate_arn"},
		{"case is ignored", "ARN", []string{"certificate_arn", "status"}, nil, "certificate_arn"},
		{"several: no guess", "arn", []string{"certificate_arn", "role_arn"}, nil, ""},
		{"several, one fits", "arn", []string{"certificate_arn", "role_arn"}, func(c string) bool { return c == "role_arn" }, "role_arn"},
		{"a suffix that is not a whole word", "rn", []string{"certificate_arn"}, nil, ""},
		{"none fits", "id", []string{"vpc_id"}, func(string) bool { return false }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := suggestMember(tt.written, tt.candidates, tt.fit); got != tt.want {
				t.Errorf("suggestMember(%q) = %q, want %q", tt.written, got, tt.want)
			}
		})
	}
}

// TestOppositeSuggestionNotSafe: a wait's until naming a value that does not exist, whose only
// close value is its opposite (Active: inactive), gets the did-you-mean as a suggestion, which
// `check -fix` does not apply: applied, the wait would wait for the opposite state.
func TestOppositeSuggestionNotSafe(t *testing.T) {
	r := check(t, map[string]string{"main.crn": "let cert = aws.acm.Certificate {\n  domain_name       = 'example.com'\n  validation_method = dns\n}\n\n" +
		"let issued = wait cert {\n  until = cert.status == aws.acm.Certificate.Status.Active\n}\n\nlet b = aws.s3.Bucket {\n  bucket = issued.domain_name\n}\n"})
	var fixes []string
	for _, d := range r.diags {
		if d.Code == finding.CodeWaitUntilType {
			for _, f := range d.Fixes {
				fixes = append(fixes, fmt.Sprintf("%s safe=%v", f.Title, f.Safe))
			}
		}
	}
	if len(fixes) != 1 || !strings.HasSuffix(fixes[0], "safe=false") || !strings.Contains(fixes[0], "inactive") {
		t.Errorf("the fixes of until's value: %v, want the inactive suggestion, not safe", fixes)
	}
}
