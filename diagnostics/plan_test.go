package diagnostics

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/finding"
)

// TestPlanFindings: which plan codes a configuration gets from its state file, or from the lack
// of one.
func TestPlanFindings(t *testing.T) {
	const bucket = "let logs = awscc.s3.Bucket {\n  bucket_name = 'app-logs'\n}\n"
	const row = `{"resource_type":"s3.Bucket","identity":"logs","binding":"logs","provider":"awscc","identifier":"x","attributes":{"bucket_name":%q},"explicit":{"kind":"struct","children":{"bucket_name":{"kind":"leaf"}}}}`
	state := func(rows string) string {
		return `{"version":10,"serial":1,"lineage":"l","carina_version":"0.4.0","resources":[` + rows + `]}`
	}
	tests := []struct {
		name  string
		files map[string]string
		want  []finding.Code
	}{
		{"no state file: nothing applied, nothing to say", map[string]string{"main.crn": bucket}, nil},
		{"applied as configured", map[string]string{"main.crn": bucket, "carina.state.json": state(fmt.Sprintf(row, "app-logs"))}, nil},
		{"create-only changed", map[string]string{"main.crn": bucket, "carina.state.json": state(fmt.Sprintf(row, "old-logs"))}, []finding.Code{finding.CodeReplacesResource}},
		{"future version", map[string]string{"main.crn": bucket, "carina.state.json": `{"version":99,"resources":[]}`}, []finding.Code{finding.CodeInvalidState}},
		{"not JSON", map[string]string{"main.crn": bucket, "carina.state.json": "<html>"}, []finding.Code{finding.CodeInvalidState}},
		{"remote backend: never read", map[string]string{
			"main.crn":          "backend s3 {\n  bucket = 'b'\n  key = 'k'\n  region = 'us-east-1'\n}\n" + bucket,
			"carina.state.json": "<html>"}, nil},
		{"half-typed: the resource that does not parse is not deleted", map[string]string{
			"main.crn":          "let logs = awscc.s3.Bucket {\n  bucket_name = \n",
			"carina.state.json": state(fmt.Sprintf(row, "app-logs")[:len(fmt.Sprintf(row, "app-logs"))-1] + `,"directives":{"prevent_destroy":true}}`)}, nil},
		{"dropped with prevent_destroy", map[string]string{
			"main.crn":          "# nothing left\n",
			"carina.state.json": state(fmt.Sprintf(row, "app-logs")[:len(fmt.Sprintf(row, "app-logs"))-1] + `,"directives":{"prevent_destroy":true}}`)},
			[]finding.Code{finding.CodePreventDestroy}},
		{"backend path elsewhere", map[string]string{
			"main.crn":          "backend local {\n  path = 's/x.json'\n}\n" + bucket,
			"s/x.json":          state(fmt.Sprintf(row, "old-logs")),
			"carina.state.json": "<html>"}, []finding.Code{finding.CodeReplacesResource}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []finding.Code
			for _, d := range check(t, tt.files).diags {
				if d.Code == finding.CodeReplacesResource || d.Code == finding.CodePreventDestroy || d.Code == finding.CodeInvalidState {
					got = append(got, d.Code)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("plan codes (-want +got):\n%s", diff)
			}
		})
	}
}
