package diagnostics

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/testutil/design"
)

// isDistUnused matches an unused-let on dist. Nothing refers to the distribution bound to dist,
// but a named resource is not reported as unused, so this must never match; the mistakes test
// keeps the filter so that a change of that rule shows up as one clear failure.
func isDistUnused(d finding.Diagnostic) bool {
	return d.Code == finding.CodeUnused && strings.Contains(d.Message, `"dist"`)
}

// TestDesignExampleClean: the design example checks with no diagnostic at all, split in three
// files and in one file.
func TestDesignExampleClean(t *testing.T) {
	split := design.Files()
	var one strings.Builder
	for _, name := range []string{"main.crn", "wait.crn", "cdn.crn"} {
		one.WriteString(split[name])
		one.WriteString("\n")
	}
	for name, files := range map[string]map[string]string{
		"split": split,
		"one":   {"main.crn": one.String()},
	} {
		t.Run(name, func(t *testing.T) {
			// Clean: no diagnostic at all. (`dist` is a named resource nothing reads, which is
			// not reported: the name is its identity in plans and state.)
			r := check(t, files)
			for _, d := range r.diags {
				t.Errorf("unexpected diagnostic: %s", describeDiag(r.cfg, d))
			}
		})
	}
}

// TestDesignMistakes applies each mistake the design lists to the three-file example: each yields
// exactly one diagnostic (besides the unused-let on dist, which a syntax error anywhere turns
// off) with the right code, in the file that holds the mistake, on the mistaken text.
func TestDesignMistakes(t *testing.T) {
	type edit struct{ file, old, new string }
	tests := []struct {
		name     string
		edits    []edit
		file     string // where the diagnostic must be
		code     finding.Code
		severity finding.Severity
		text     string // the text its range covers
		before   string // when set, the text right before the range
		message  string // a part of the message
	}{{
		name:     "missing until",
		edits:    []edit{{"wait.crn", "  until      = cert.status == aws.acm.Certificate.Status.Issued\n", ""}},
		file:     "wait.crn",
		code:     finding.CodeWaitMissingUntil,
		severity: finding.Error,
		text:     "wait",
		before:   "cert_issued = ",
		message:  `wait "cert_issued": missing until: a wait needs the condition to wait for, e.g. until = cert.status == aws.acm.Certificate.Status.issued`,
	}, {
		name:     "unknown target",
		edits:    []edit{{"wait.crn", "wait cert {", "wait certt {"}},
		file:     "wait.crn",
		code:     finding.CodeWaitUnknownTarget,
		severity: finding.Error,
		text:     "certt",
		message:  `wait "cert_issued": target "certt" is not declared in this configuration; did you mean "cert"?`,
	}, {
		name: "until on another certificate",
		edits: []edit{
			{"main.crn", "let validation_record", "let other_cert = aws.acm.Certificate {\n  domain_name       = 'other.carina-rs.dev'\n  validation_method = dns\n}\n\nlet validation_record"},
			{"wait.crn", "until      = cert.status", "until      = other_cert.status"},
		},
		file:     "wait.crn",
		code:     finding.CodeWaitUntilCrossTarget,
		severity: finding.Error,
		text:     "other_cert",
		message:  `wait "cert_issued": until must compare an attribute of the target "cert", not of "other_cert"`,
	}, {
		name:     "attribute typo",
		edits:    []edit{{"wait.crn", "cert.status ==", "cert.stauts =="}},
		file:     "wait.crn",
		code:     finding.CodeWaitUntilAttribute,
		severity: finding.Error,
		text:     "stauts",
		message:  `wait "cert_issued": aws.acm.Certificate has no attribute "stauts"; did you mean "status"?`,
	}, {
		name:     "wrong enum value",
		edits:    []edit{{"wait.crn", "Status.Issued", "Status.Isued"}},
		file:     "wait.crn",
		code:     finding.CodeWaitUntilType,
		severity: finding.Error,
		text:     "aws.acm.Certificate.Status.Isued",
		message:  "did you mean aws.acm.Certificate.Status.issued?",
	}, {
		name:     "not equal",
		edits:    []edit{{"wait.crn", "cert.status ==", "cert.status !="}},
		file:     "wait.crn",
		code:     finding.CodeWaitUntilOperator,
		severity: finding.Error,
		text:     "!=",
		message:  `wait "cert_issued": until supports only == in this version (got !=)`,
	}, {
		name:     "space in duration",
		edits:    []edit{{"wait.crn", "75min", "30 min"}},
		file:     "wait.crn",
		code:     finding.CodeSyntax,
		severity: finding.Error,
		text:     "30 min",
		message:  "write 30min",
	}, {
		name:     "quoted wire value",
		edits:    []edit{{"wait.crn", "aws.acm.Certificate.Status.Issued", `"ISSUED"`}},
		file:     "wait.crn",
		code:     finding.CodeWaitUntilQuoted,
		severity: finding.Warning,
		text:     `"ISSUED"`,
		message:  `wait "cert_issued": until compares cert.status (aws.acm.Certificate.Status) with "ISSUED"; use aws.acm.Certificate.Status.issued`,
	}, {
		name:     "bare number timeout",
		edits:    []edit{{"wait.crn", "75min", "75"}},
		file:     "wait.crn",
		code:     finding.CodeWaitTimeoutType,
		severity: finding.Error,
		text:     "75",
		message:  `wait "cert_issued": timeout needs a unit: write 75s, 75min or 75h`,
	}, {
		name:     "until on the wait itself",
		edits:    []edit{{"wait.crn", "until      = cert.status", "until      = cert_issued.status"}},
		file:     "wait.crn",
		code:     finding.CodeWaitUntilSelf,
		severity: finding.Error,
		text:     "cert_issued",
		message:  `wait "cert_issued": until refers to the wait itself; compare an attribute of the target: cert.<attribute> == <value>`,
	}, {
		name: "wait on itself",
		edits: []edit{
			{"wait.crn", "let cert_issued = wait cert {", "let foo = wait foo {"},
			{"cdn.crn", "cert_issued.certificate_arn", "foo.certificate_arn"},
		},
		file:     "wait.crn",
		code:     finding.CodeWaitSelfTarget,
		severity: finding.Error,
		text:     "foo",
		before:   "wait ",
		message:  `wait "foo": a wait cannot wait on itself`,
	}, {
		name: "wait on itself, until on itself",
		edits: []edit{
			{"wait.crn", "let cert_issued = wait cert {", "let foo = wait foo {"},
			{"wait.crn", "until      = cert.status", "until      = foo.status"},
			{"cdn.crn", "cert_issued.certificate_arn", "foo.certificate_arn"},
		},
		file:     "wait.crn",
		code:     finding.CodeWaitSelfTarget,
		severity: finding.Error,
		text:     "foo",
		before:   "wait ",
		message:  `wait "foo": a wait cannot wait on itself`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := design.Files()
			for _, e := range tt.edits {
				if !strings.Contains(files[e.file], e.old) {
					t.Fatalf("%s does not contain %q", e.file, e.old)
				}
				files[e.file] = strings.Replace(files[e.file], e.old, e.new, 1)
			}
			r := check(t, files)
			ds := r.without(isDistUnused)
			if len(ds) != 1 {
				t.Fatalf("%d diagnostics, want exactly one %s:\n%s", len(ds), tt.code, strings.Join(r.lines(), "\n"))
			}
			d := ds[0]
			if got := filepath.Base(d.Path); got != tt.file {
				t.Errorf("diagnostic in %s, want %s: %s", got, tt.file, describeDiag(r.cfg, d))
			}
			if d.Code != tt.code || d.Severity != tt.severity {
				t.Errorf("got %s %s, want %s %s: %s", d.Severity, d.Code, tt.severity, tt.code, describeDiag(r.cfg, d))
			}
			if got := r.spanText(d); got != tt.text {
				t.Errorf("range covers %q, want %q: %s", got, tt.text, describeDiag(r.cfg, d))
			}
			if src := r.cfg.File(d.Path).Text(); !strings.HasSuffix(src[:d.Span.Start], tt.before) {
				t.Errorf("range starts after %q, want after %q: %s", src[max(0, int(d.Span.Start)-10):d.Span.Start], tt.before, describeDiag(r.cfg, d))
			}
			if !strings.Contains(d.Message, tt.message) {
				t.Errorf("message %q does not contain %q", d.Message, tt.message)
			}
		})
	}
}
