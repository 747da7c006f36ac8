package diagnostics

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/testutil/design"
)

// related describes a diagnostic's related information as "file:text: message".
func (r result) related(d finding.Diagnostic) []string {
	var out []string
	for _, rel := range d.Related {
		f := r.cfg.File(rel.Path)
		out = append(out, filepath.Base(rel.Path)+":"+f.Text()[rel.Span.Start:rel.Span.End]+": "+rel.Message)
	}
	return out
}

func (r result) ofCode(code finding.Code) []finding.Diagnostic {
	return r.without(func(d finding.Diagnostic) bool { return d.Code != code })
}

// TestDuplicateAcrossFiles: a binding declared in a.crn and in b.crn is reported in both files,
// on the name, each pointing at the other.
func TestDuplicateAcrossFiles(t *testing.T) {
	r := check(t, map[string]string{
		"a.crn": "let logs = aws.s3.Bucket {\n  bucket = 'a'\n}\n",
		"b.crn": "# the same name again\nlet logs = aws.s3.Bucket {\n  bucket = 'b'\n}\n",
		"c.crn": "aws.s3.Bucket {\n  bucket = logs.bucket\n}\n",
	})
	ds := r.ofCode(finding.CodeDuplicate)
	if len(ds) != 2 {
		t.Fatalf("%d duplicate-declaration diagnostics, want 2:\n%s", len(ds), strings.Join(r.lines(), "\n"))
	}
	type got struct {
		File, Text, Message string
		Related             []string
	}
	var gots []got
	for _, d := range ds {
		gots = append(gots, got{filepath.Base(d.Path), r.spanText(d), d.Message, r.related(d)})
	}
	want := []got{{
		File: "a.crn", Text: "logs",
		Message: `duplicate binding "logs": also declared at b.crn:2; rename or remove one of them`,
		Related: []string{`b.crn:logs: "logs" also declared here`},
	}, {
		File: "b.crn", Text: "logs",
		Message: `duplicate binding "logs": also declared at a.crn:1; rename or remove one of them`,
		Related: []string{`a.crn:logs: "logs" also declared here`},
	}}
	if diff := cmp.Diff(want, gots); diff != "" {
		t.Errorf("duplicates (-want +got):\n%s", diff)
	}
	if n := len(r.diags); n != 2 {
		t.Errorf("%d diagnostics, want only the two duplicates:\n%s", n, strings.Join(r.lines(), "\n"))
	}
}

// TestCycleThroughWaitAcrossFiles: the validation record (main.crn) reads the wait (wait.crn)
// that depends on it. The cycle is reported once in each file, on each member's name, with the
// whole cycle in the message and the other member, its neighbour both ways, as related information.
func TestCycleThroughWaitAcrossFiles(t *testing.T) {
	files := design.Files()
	files["main.crn"] = strings.Replace(files["main.crn"],
		"name             = cert.domain_validation_options", "name             = cert_issued.domain_validation_options", 1)
	r := check(t, files)
	ds := r.ofCode(finding.CodeCycle)
	type got struct {
		File, Text string
		Related    []string
	}
	var gots []got
	for _, d := range ds {
		gots = append(gots, got{filepath.Base(d.Path), r.spanText(d), r.related(d)})
		if !strings.Contains(d.Message, "validation_record -> cert_issued -> validation_record") {
			t.Errorf("the message does not show the whole cycle: %s", describeDiag(r.cfg, d))
		}
		if !strings.Contains(d.Message, "must read its target cert directly") {
			t.Errorf("the message does not say what would be right: %s", describeDiag(r.cfg, d))
		}
	}
	want := []got{
		{"main.crn", "validation_record", []string{"wait.crn:cert_issued: validation_record and cert_issued depend on each other"}},
		{"wait.crn", "cert_issued", []string{"main.crn:validation_record: cert_issued and validation_record depend on each other"}},
	}
	if diff := cmp.Diff(want, gots); diff != "" {
		t.Errorf("cycle diagnostics (-want +got):\n%s", diff)
	}
	// Nothing else but the design's unused dist: the cycle is the one mistake.
	if ds := r.without(func(d finding.Diagnostic) bool { return d.Code == finding.CodeCycle || isDistUnused(d) }); len(ds) != 0 {
		for _, d := range ds {
			t.Errorf("unexpected: %s", describeDiag(r.cfg, d))
		}
	}
}

// TestCycleOfThreeAcrossFiles: a cycle through three files is reported in each, with the same
// message naming every member in order, and its two neighbours as related information.
func TestCycleOfThreeAcrossFiles(t *testing.T) {
	r := check(t, map[string]string{
		"a.crn": "let a = aws.s3.Bucket {\n  bucket = c.bucket\n}\n",
		"b.crn": "let b = aws.s3.Bucket {\n  bucket = a.bucket\n}\n",
		"c.crn": "let c = aws.s3.Bucket {\n  bucket = 'c'\n  directives {\n    depends_on = [b]\n  }\n}\n",
	})
	ds := r.ofCode(finding.CodeCycle)
	if len(ds) != 3 {
		t.Fatalf("%d cycle diagnostics, want 3:\n%s", len(ds), strings.Join(r.lines(), "\n"))
	}
	for i, d := range ds {
		name := string(rune('a' + i))
		if got := filepath.Base(d.Path); got != name+".crn" || r.spanText(d) != name {
			t.Errorf("diagnostic %d on %s in %s, want %s in %s.crn", i, r.spanText(d), got, name, name)
		}
		if d.Message != ds[0].Message || !strings.Contains(d.Message, "a -> c -> b -> a") {
			t.Errorf("message %q, want the whole cycle a -> c -> b -> a", d.Message)
		}
		next, prev := ds[(i+2)%3], ds[(i+1)%3] // the cycle is a -> c -> b -> a
		want := []string{
			fmt.Sprintf("%s.crn:%s: %s depends on %s", r.spanText(next), r.spanText(next), name, r.spanText(next)),
			fmt.Sprintf("%s.crn:%s: %s depends on %s", r.spanText(prev), r.spanText(prev), r.spanText(prev), name),
		}
		if diff := cmp.Diff(want, r.related(d)); diff != "" {
			t.Errorf("related information of %s (-want +got):\n%s", name, diff)
		}
	}
}

// TestFixes: the mechanical diagnostics carry a quick fix, and applying it makes the diagnostic
// go away, leaving the expected text.
func TestFixes(t *testing.T) {
	tests := []struct {
		name    string
		edit    [3]string // file, old, new: the mistake applied to the design example
		code    finding.Code
		fix     string // the fix's title
		want    string // a line of the fixed file
		another bool   // the fix is not the first one offered
	}{
		{"unknown target", [3]string{"wait.crn", "wait cert {", "wait certt {"}, finding.CodeWaitUnknownTarget, "Change to cert", "let cert_issued = wait cert {", false},
		{"until attribute", [3]string{"wait.crn", "cert.status", "cert.stauts"}, finding.CodeWaitUntilAttribute, "Change to status", "  until      = cert.status == aws.acm.Certificate.Status.Issued", false},
		{"until enum value", [3]string{"wait.crn", "Status.Issued", "Status.Isued"}, finding.CodeWaitUntilType, "Change to aws.acm.Certificate.Status.issued", "  until      = cert.status == aws.acm.Certificate.Status.issued", false},
		{"until quoted enum", [3]string{"wait.crn", "aws.acm.Certificate.Status.Issued", `"ISSUED"`}, finding.CodeWaitUntilQuoted, "Change to aws.acm.Certificate.Status.issued", "  until      = cert.status == aws.acm.Certificate.Status.issued", false},
		{"timeout in minutes", [3]string{"wait.crn", "75min", "75"}, finding.CodeWaitTimeoutType, "Change to 75min", "  timeout    = 75min", false},
		{"timeout in seconds", [3]string{"wait.crn", "75min", "75"}, finding.CodeWaitTimeoutType, "Change to 75s", "  timeout    = 75s", true},
		{"quoted timeout", [3]string{"wait.crn", "75min", `"75min"`}, finding.CodeWaitTimeoutType, "Change to 75min", "  timeout    = 75min", false},
		{"missing until", [3]string{"wait.crn", "  until      = cert.status == aws.acm.Certificate.Status.Issued\n", ""}, finding.CodeWaitMissingUntil, "Add until", "  until = cert.status == aws.acm.Certificate.Status.issued", false},
		{"depends_on name", [3]string{"wait.crn", "[validation_record]", "[validation_recrd]"}, finding.CodeWaitDependsOnUnknown, "Change to validation_record", "  depends_on = [validation_record]", false},
		{"depends_on twice", [3]string{"wait.crn", "[validation_record]", "[validation_record, validation_record]"}, finding.CodeWaitDependsOnDup, "Remove the duplicate", "  depends_on = [validation_record]", false},
		{"bypass", [3]string{"cdn.crn", "cert_issued.certificate_arn", "cert.certificate_arn"}, finding.CodeWaitBypass, "Read through cert_issued", "      acm_certificate_arn      = cert_issued.certificate_arn", false},
		{"passthrough attribute", [3]string{"cdn.crn", "cert_issued.certificate_arn", "cert_issued.certificate_arm"}, finding.CodeUnknownAttribute, "Change to certificate_arn", "      acm_certificate_arn      = cert_issued.certificate_arn", false},
		{"undefined binding", [3]string{"cdn.crn", "cert_issued.certificate_arn", "cert_isued.certificate_arn"}, finding.CodeUndefined, "Change to cert_issued", "      acm_certificate_arn      = cert_issued.certificate_arn", false},
		{"enum string", [3]string{"main.crn", "validation_method = dns", `validation_method = "DNS"`}, finding.CodeEnumString, "Change to aws.acm.Certificate.ValidationMethod.dns", "  validation_method = aws.acm.Certificate.ValidationMethod.dns", false},
		{"enum typo", [3]string{"main.crn", "validation_method = dns", `validation_method = dnss`}, finding.CodeInvalidEnum, "Change to dns", "  validation_method = dns", false},
		{"resource attribute", [3]string{"main.crn", "  ttl ", "  tll "}, finding.CodeUnknownAttribute, "Change to ttl", "  ttl              = 60", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := design.Files()
			file, old, new := tt.edit[0], tt.edit[1], tt.edit[2]
			if !strings.Contains(files[file], old) {
				t.Fatalf("%s does not contain %q", file, old)
			}
			files[file] = strings.Replace(files[file], old, new, 1)
			r := check(t, files)
			ds := r.ofCode(tt.code)
			if len(ds) != 1 {
				t.Fatalf("%d %s diagnostics, want 1:\n%s", len(ds), tt.code, strings.Join(r.lines(), "\n"))
			}
			d := ds[0]
			if got := filepath.Base(d.Path); got != file {
				t.Errorf("diagnostic in %s, want %s", got, file)
			}
			var fx *finding.Fix
			for i := range d.Fixes {
				if d.Fixes[i].Title == tt.fix {
					fx = &d.Fixes[i]
				}
			}
			if fx == nil {
				t.Fatalf("no fix %q on %s (fixes: %v)", tt.fix, describeDiag(r.cfg, d), d.Fixes)
			}
			if (fx != &d.Fixes[0]) != tt.another {
				t.Errorf("fix %q is offered at the wrong place among %v", tt.fix, d.Fixes)
			}
			files[file] = applyFix(d, d.Path, r.cfg.File(d.Path).Text(), *fx)
			if !strings.Contains(files[file], tt.want+"\n") {
				t.Errorf("after %q, %s does not contain the line %q:\n%s", tt.fix, file, tt.want, files[file])
			}
			after := check(t, files)
			if ds := after.without(isDistUnused); len(ds) != 0 {
				t.Errorf("after %q, diagnostics remain:\n%s", tt.fix, strings.Join(after.lines(), "\n"))
			}
		})
	}
}
