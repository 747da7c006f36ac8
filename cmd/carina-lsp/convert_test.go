package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// TestConvertCommand runs convert as a user does: a template of ../shared/cfn to standard output
// and to a directory (which it does not overwrite), standard input, a broken template (its place
// and exit 2), a version that is not embedded, and a template converted whole (exit 0).
func TestConvertCommand(t *testing.T) {
	tmpl := filepath.Join(corpus.Shared(t, "cfn"), "VPC", "FindInMapAZs.yaml")
	r := runCmd(t, "convert", tmpl)
	if r.Code != 1 || !strings.Contains(r.Stdout, "let vpc = awscc.ec2.Vpc {") || !strings.Contains(r.Stderr, "FindInMapAZs.yaml:1:1: left: region:") ||
		!strings.Contains(r.Stderr, "22 of 22 resources converted") {
		t.Errorf("convert of a template: exit %d\nstdout:\n%s\nstderr:\n%s", r.Code, r.Stdout, r.Stderr)
	}

	dir := filepath.Join(t.TempDir(), "out")
	if r := runCmd(t, "convert", "-o", dir, "-region", "eu-west-1", tmpl); r.Code != 1 || r.Stdout != "" {
		t.Errorf("convert -o: exit %d, stdout %q, stderr %s", r.Code, r.Stdout, r.Stderr)
	}
	written, err := os.ReadFile(filepath.Join(dir, "main.crn"))
	if err != nil || !strings.Contains(string(written), "region = awscc.Region.eu_west_1") {
		t.Fatalf("convert -o wrote %q (%v)", written, err)
	}
	if r := runCmd(t, "convert", "-o", dir, tmpl); r.Code != 2 || !strings.Contains(r.Stderr, "main.crn exists") {
		t.Errorf("convert -o over an existing main.crn: exit %d, stderr %s", r.Code, r.Stderr)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, "main.crn")); !bytes.Equal(again, written) {
		t.Error("convert -o changed an existing main.crn")
	}

	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"convert", "-region", "eu-west-1", "-"}, strings.NewReader(`{"Resources": {"Logs": {"Type": "AWS::S3::Bucket", "Properties": {"BucketName": "logs"}}}}`), &stdout, &stderr)
	if code != 0 || !strings.Contains(stdout.String(), "let logs = awscc.s3.Bucket {\n  bucket_name = 'logs'\n}") {
		t.Errorf("convert - (all converted): exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}

	broken := filepath.Join(t.TempDir(), "broken.yaml")
	os.WriteFile(broken, []byte("Resources:\n  A:\n    Properties: {}\n"), 0o644)
	if r := runCmd(t, "convert", broken); r.Code != 2 || r.Stderr != "carina-lsp convert: "+broken+":2:3: the resource A has no Type\n" {
		t.Errorf("convert of a broken template: exit %d, stderr %q", r.Code, r.Stderr)
	}
	if r := runCmd(t, "convert", "-provider-version", "9.9.9", tmpl); r.Code != 2 || !strings.Contains(r.Stderr, "no embedded awscc schemas of version 9.9.9") {
		t.Errorf("convert -provider-version 9.9.9: exit %d, stderr %s", r.Code, r.Stderr)
	}
	if r := runCmd(t, "convert", "-region", "mars-1", tmpl); r.Code != 2 || !strings.Contains(r.Stderr, `"mars-1" is no region`) {
		t.Errorf("convert -region mars-1: exit %d, stderr %s", r.Code, r.Stderr)
	}
}
