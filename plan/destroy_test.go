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
