package design

import (
	"strings"
	"testing"
)

// TestFiles: the three files, each holding its part of the example.
func TestFiles(t *testing.T) {
	files := Files()
	for name, part := range map[string]string{
		"main.crn": "let validation_record = aws.route53.RecordSet {",
		"wait.crn": "let cert_issued = wait cert {",
		"cdn.crn":  "acm_certificate_arn      = cert_issued.certificate_arn",
	} {
		if !strings.Contains(files[name], part) {
			t.Errorf("%s does not hold %q:\n%s", name, part, files[name])
		}
	}
	if len(files) != 3 {
		t.Errorf("%d files, want 3", len(files))
	}
	files["main.crn"] = ""
	if Files()["main.crn"] == "" {
		t.Error("a caller's change reached the next caller")
	}
}
