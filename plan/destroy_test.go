package plan

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestComputeDestroy: a destroy deletes every running instance, named and nested as the
// configuration writes it, keeps those with prevent_destroy and is then refused; Write prints
// it as carina destroy does.
func TestComputeDestroy(t *testing.T) {
	const subnet = "let subnet = awscc.ec2.Subnet {\n  vpc_id = vpc.vpc_id\n  cidr_block = '10.0.1.0/24'\n}\n"
	vpcRow := `ec2.Vpc vpc {"cidr_block": "10.0.0.0/16", "vpc_id": "vpc-1"}`
	subnetRow := `ec2.Subnet subnet {"cidr_block": "10.0.1.0/24", "vpc_id": "vpc-1"}`
	tests := []struct {
		name, src, state string
		wantOps          []string
		wantText         string
	}{
		{"nothing applied", vpc, "", nil, "No resources to destroy.\n"},
		{"only what runs: the subnet not applied yet is not deleted", vpc + subnet, stateOf(vpcRow),
			[]string{"delete vpc"},
			"Destroy Plan:\n\n  - awscc.ec2.Vpc vpc\n      cidr_block: \"10.0.0.0/16\"\n      vpc_id: \"vpc-1\"\n\nPlan: 1 to destroy.\n\n"},
		{"the configuration's resources and a row it does not claim, by binding", vpc + subnet,
			stateOf(subnetRow, `ec2.InternetGateway igw {}`, vpcRow),
			[]string{"delete igw", "delete subnet", "delete vpc"},
			"Destroy Plan:\n\n  - awscc.ec2.InternetGateway igw\n  - awscc.ec2.Vpc vpc\n      cidr_block: \"10.0.0.0/16\"\n      vpc_id: \"vpc-1\"\n" +
				"        │\n        └─ - awscc.ec2.Subnet subnet\n              cidr_block: \"10.0.1.0/24\"\n              vpc_id: \"vpc-1\"\n\nPlan: 3 to destroy.\n\n"},
		{"prevent_destroy keeps the resource and refuses", strings.Replace(vpc, "tags", "directives {\n    prevent_destroy = true\n  }\n  tags", 1),
			stateOf(vpcRow),
			[]string{"error: 1 resource(s) have prevent_destroy set. Use --force to override."},
			"\nError: the following resources have prevent_destroy set and cannot be destroyed:\n  ✗ awscc.ec2.Vpc.vpc\n\n" +
				"Use --force to override prevent_destroy and destroy these resources.\n\nPlan: 0 to destroy, 1 protected.\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := computeOf(t, tt.src, tt.state, ComputeDestroy)
			if diff := cmp.Diff(tt.wantOps, opsOf(p)); diff != "" {
				t.Errorf("operations (-want +got):\n%s", diff)
			}
			var buf bytes.Buffer
			if err := Write(&buf, p, Options{DeleteAttributes: true}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantText, buf.String()); diff != "" {
				t.Errorf("display (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDestroyForms: the JSON and Markdown forms of a destroy carry what prevent_destroy keeps,
// and the Markdown says it is a destroy.
func TestDestroyForms(t *testing.T) {
	vpcRow := `ec2.Vpc vpc {"cidr_block": "10.0.0.0/16", "vpc_id": "vpc-1"}`
	guarded := strings.Replace(vpc, "tags", "directives {\n    prevent_destroy = true\n  }\n  tags", 1)
	igw := `ec2.InternetGateway igw {}`
	tests := []struct {
		name, src, state string
		wantProtected    []JSONProtected
		wantMarkdown     string
	}{
		{"nothing applied", vpc, "", nil, "### Carina destroy plan\n\nNo resources to destroy.\n"},
		{"one deleted", vpc, stateOf(vpcRow), nil,
			"### Carina destroy plan\n\n**1 to destroy.**\n\n```\nDestroy Plan:\n\n  - awscc.ec2.Vpc vpc\n      cidr_block: \"10.0.0.0/16\"\n      vpc_id: \"vpc-1\"\n\nPlan: 1 to destroy.\n```\n"},
		{"one kept, one deleted", guarded, stateOf(vpcRow, igw),
			[]JSONProtected{{Provider: "awscc", Type: "ec2.Vpc", Identity: "vpc", Binding: "vpc", File: "/cfg/main.crn", Line: 1}},
			"### Carina destroy plan\n\n**1 to destroy, 1 protected.**\n\n```\nDestroy Plan:\n\n  - awscc.ec2.InternetGateway igw\n\n" +
				"Error: the following resources have prevent_destroy set and cannot be destroyed:\n  ✗ awscc.ec2.Vpc.vpc\n\n" +
				"Use --force to override prevent_destroy and destroy these resources.\n\nPlan: 1 to destroy, 1 protected.\n```\n\n" +
				"**Protected** by `prevent_destroy`, not destroyed:\n\n- `awscc.ec2.Vpc.vpc` (`/cfg/main.crn:1`)\n\n" +
				"**The plan is refused:**\n\n- 1 resource\\(s\\) have prevent\\_destroy set\\. Use \\-\\-force to override\\.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := computeOf(t, tt.src, tt.state, ComputeDestroy)
			j := p.ToJSON()
			if !j.Destroy {
				t.Error("the JSON form does not say it is a destroy")
			}
			if diff := cmp.Diff(tt.wantProtected, j.Protected); diff != "" {
				t.Errorf("protected (-want +got):\n%s", diff)
			}
			var buf bytes.Buffer
			if err := WriteMarkdown(&buf, p); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantMarkdown, buf.String()); diff != "" {
				t.Errorf("markdown (-want +got):\n%s", diff)
			}
		})
	}
}
