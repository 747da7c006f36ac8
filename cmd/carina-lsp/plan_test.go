package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/plan"
)

const planVPC = "provider awscc {\n  region = awscc.Region.ap_northeast_1\n}\n\nlet vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n}\n"

func planState(cidr string) string {
	return `{"version": 10, "serial": 1, "lineage": "l", "carina_version": "0.4.0", "resources": [{"resource_type": "ec2.Vpc",
  "identity": "vpc", "provider": "awscc", "identifier": "vpc-1", "binding": "vpc", "attributes": {"cidr_block": "` + cidr + `", "vpc_id": "vpc-1"}}]}`
}

// TestPlanCommand: exit 0 without changes, 2 with, 1 for an error, each error with where it is.
func TestPlanCommand(t *testing.T) {
	tests := []struct {
		name   string
		files  map[string]string
		args   []string
		code   int
		stdout string // a line the output holds
		stderr string // a text the messages hold
	}{
		{"nothing applied", map[string]string{"main.crn": planVPC}, nil, 2, "  + awscc.ec2.Vpc vpc", ""},
		{"applied", map[string]string{"main.crn": planVPC, "carina.state.json": planState("10.0.0.0/16")}, nil, 0, "No changes. Infrastructure is up-to-date.", ""},
		{"create-only changed", map[string]string{"main.crn": planVPC, "carina.state.json": planState("10.9.0.0/16")}, nil, 2,
			`      cidr_block: "10.9.0.0/16" → "10.0.0.0/16" (forces replacement)`, ""},
		{"backend local path", map[string]string{"main.crn": planVPC + "backend local {\n  path = 'st/dev.json'\n}\n", "st/dev.json": planState("10.0.0.0/16")}, nil, 0, "No changes. Infrastructure is up-to-date.", ""},
		{"remote backend", map[string]string{"main.crn": planVPC + "backend s3 {\n  bucket = 'b'\n  key = 'k'\n}\n"}, nil, 1, "",
			"backend s3: the state is kept by a remote backend, which carina-lsp never reads (the backend block at "},
		{"damaged state", map[string]string{"main.crn": planVPC, "carina.state.json": planState("10.0.0.0/16")[:90]}, nil, 1, "",
			"carina.state.json:1:91: unexpected end of file: the state file is truncated"},
		{"future state", map[string]string{"main.crn": planVPC, "carina.state.json": strings.Replace(planState("x"), `"version": 10`, `"version": 11`, 1)}, nil, 1, "",
			"state file version 11 is newer than supported version 10"},
		{"prevent_destroy", map[string]string{"main.crn": strings.Replace(planVPC, "cidr_block", "directives {\n    prevent_destroy = true\n  }\n  cidr_block", 1), "carina.state.json": planState("10.9.0.0/16")}, nil, 1,
			"  -/+ awscc.ec2.Vpc vpc (must be replaced)", "main.crn:5:1: error: awscc.ec2.Vpc vpc: resource has prevent_destroy set, but the plan would replace it"},
		{"for", map[string]string{"main.crn": planVPC + "let bs = for n in ['a', 'b'] {\n  awscc.s3.Bucket { bucket_name = n }\n}\n"}, nil, 2,
			"  + awscc.s3.Bucket bs[0]\n      bucket_name: \"a\"\n  + awscc.s3.Bucket bs[1]\n      bucket_name: \"b\"", ""},
		{"module instance", map[string]string{"main.crn": "let m = use { source = './mod' }\nlet a = m { name = 'x' }\n",
			"mod/main.crn": "arguments {\n  name: String\n}\nlet b = awscc.s3.Bucket {\n  bucket_name = name\n}\n"}, nil, 2,
			"  ▾ module \"a\" (./mod)\n     └─ + awscc.s3.Bucket a.b\n           bucket_name: \"x\"", ""},
		{"data source: incomplete", map[string]string{"main.crn": planVPC + "let d = read awscc.s3.Bucket {\n  bucket_name = 'x'\n}\n"}, nil, 2, "",
			"not planned: data sources are not read: their values are known only to a provider (the plan is incomplete)"},
		{"bad format", map[string]string{"main.crn": planVPC}, []string{"-format", "yaml"}, 1, "", `-format: "yaml" is not text, json or markdown`},
		{"bad detail", map[string]string{"main.crn": planVPC}, []string{"-detail", "some"}, 1, "", `-detail: "some" is not full, explicit or none`},
		{"names only", map[string]string{"main.crn": planVPC}, []string{"-detail", "none"}, 2, "  + awscc.ec2.Vpc vpc\n\nPlan: 1 to add, 0 to change, 0 to destroy.", ""},
		// Full would add "# (1 unchanged attribute hidden)" after the change.
		{"explicit", map[string]string{"main.crn": strings.Replace(planVPC, "cidr_block", "enable_dns_support = true\n  cidr_block", 1),
			"carina.state.json": strings.Replace(planState("10.9.0.0/16"), `"vpc_id"`, `"enable_dns_support": true, "vpc_id"`, 1)}, []string{"-detail", "explicit"}, 2, "      cidr_block: \"10.9.0.0/16\" → \"10.0.0.0/16\" (forces replacement)\n\nPlan: 0 to add, 0 to change, 1 to replace, 0 to destroy.", ""},
		{"markdown", map[string]string{"main.crn": planVPC}, []string{"-format", "markdown"}, 2, "**1 to add, 0 to change, 0 to replace, 0 to destroy.**", ""},
		{"destroy", map[string]string{"main.crn": planVPC, "carina.state.json": planState("10.0.0.0/16")}, []string{"-destroy"}, 2,
			"Destroy Plan:\n\n  - awscc.ec2.Vpc vpc\n      cidr_block: \"10.0.0.0/16\"\n      vpc_id: \"vpc-1\"\n\nPlan: 1 to destroy.", ""},
		{"destroy, nothing applied", map[string]string{"main.crn": planVPC}, []string{"-destroy"}, 0, "No resources to destroy.", ""},
		{"destroy, prevent_destroy", map[string]string{"main.crn": strings.Replace(planVPC, "cidr_block", "directives {\n    prevent_destroy = true\n  }\n  cidr_block", 1), "carina.state.json": planState("10.0.0.0/16")},
			[]string{"-destroy"}, 1, "  ✗ awscc.ec2.Vpc.vpc\n\nUse --force to override prevent_destroy and destroy these resources.\n\nPlan: 0 to destroy, 1 protected.",
			"error: 1 resource(s) have prevent_destroy set. Use --force to override."},
		{"destroy, prevent_destroy, markdown", map[string]string{"main.crn": strings.Replace(planVPC, "cidr_block", "directives {\n    prevent_destroy = true\n  }\n  cidr_block", 1), "carina.state.json": planState("10.0.0.0/16")},
			[]string{"-destroy", "-format", "markdown"}, 1, "**0 to destroy, 1 protected.**", "error: 1 resource(s) have prevent_destroy set. Use --force to override."},
		{"destroy, markdown heading", map[string]string{"main.crn": planVPC, "carina.state.json": planState("10.0.0.0/16")}, []string{"-destroy", "-format", "markdown"}, 2,
			"### Carina destroy plan", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			fmtTree(t, dir, tt.files)
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), append(append([]string{"plan"}, tt.args...), dir), nil, &stdout, &stderr)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr: %s", code, tt.code, stderr.String())
			}
			if tt.stdout != "" && !strings.Contains(stdout.String(), tt.stdout+"\n") {
				t.Errorf("stdout lacks %q:\n%s", tt.stdout, stdout.String())
			}
			if tt.stderr != "" && !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, stderr.String())
			}
			if tt.stderr == "" && stderr.Len() > 0 {
				t.Errorf("unexpected messages: %s", stderr.String())
			}
		})
	}
}

// TestPlanJSON: the JSON form reads back, a secret masked.
func TestPlanJSON(t *testing.T) {
	dir := t.TempDir()
	cfg := strings.Replace(planVPC, "cidr_block = '10.0.0.0/16'", "cidr_block = '10.0.0.0/16'\n  tags = { Token = secret('hunter2') }", 1)
	fmtTree(t, dir, map[string]string{"main.crn": cfg, "carina.state.json": planState("10.0.0.0/16")})
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"plan", "-format", "json", dir}, nil, &stdout, &stderr); code != 2 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if strings.Contains(stdout.String(), "hunter2") {
		t.Fatalf("the secret reached the output:\n%s", stdout.String())
	}
	var got plan.JSON
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	newTags := "{Token: (secret)}"
	want := []plan.JSONResource{{Op: "update", Provider: "awscc", Type: "ec2.Vpc", Identity: "vpc", Binding: "vpc",
		File: filepath.Join(dir, "main.crn"), Line: 5, Changes: []plan.JSONChange{{Name: "tags", New: &newTags}}}}
	if diff := cmp.Diff(want, got.Resources); diff != "" {
		t.Errorf("resources (-want +got):\n%s", diff)
	}
}

// TestPlanDestroyJSON: a destroy's JSON form says it is one and lists what prevent_destroy keeps,
// where the configuration declares it.
func TestPlanDestroyJSON(t *testing.T) {
	guarded := strings.Replace(planVPC, "cidr_block", "directives {\n    prevent_destroy = true\n  }\n  cidr_block", 1)
	tests := []struct {
		name      string
		files     map[string]string
		code      int
		protected func(dir string) []plan.JSONProtected
		summary   plan.JSONSummary
	}{
		{"deleted", map[string]string{"main.crn": planVPC, "carina.state.json": planState("10.0.0.0/16")}, 2,
			func(string) []plan.JSONProtected { return nil }, plan.JSONSummary{Destroy: 1}},
		{"kept by prevent_destroy", map[string]string{"main.crn": guarded, "carina.state.json": planState("10.0.0.0/16")}, 1,
			func(dir string) []plan.JSONProtected {
				return []plan.JSONProtected{{Provider: "awscc", Type: "ec2.Vpc", Identity: "vpc", Binding: "vpc", File: filepath.Join(dir, "main.crn"), Line: 5}}
			}, plan.JSONSummary{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			fmtTree(t, dir, tt.files)
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), []string{"plan", "-destroy", "-format", "json", dir}, nil, &stdout, &stderr); code != tt.code {
				t.Fatalf("exit %d, want %d: %s", code, tt.code, stderr.String())
			}
			var got plan.JSON
			if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if got.FormatVersion != 1 || !got.Destroy {
				t.Errorf("format_version %d, destroy %v; want 1, true", got.FormatVersion, got.Destroy)
			}
			if diff := cmp.Diff(tt.protected(dir), got.Protected); diff != "" {
				t.Errorf("protected (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.summary, got.Summary); diff != "" {
				t.Errorf("summary (-want +got):\n%s", diff)
			}
		})
	}
}
