package plan

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestEnumValue: Carina's own table for enum_display_value (carina-core utils.rs).
func TestEnumValue(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for none
	}{
		{"Type.gp2", "gp2"},
		{"Iops.100", "100"},
		{"aws.Region.ap_northeast_1", "ap_northeast_1"},
		{"aws.route53.RecordType.AAAA", "AAAA"},
		{"aws.ec2.Volume.Iops.100", "100"},
		{"awscc.ec2.vpn_gateway.Type.ipsec.1", "ipsec.1"},
		{"awscc.ec2.Vpc.InstanceTenancy.default", "default"},
		{"TargetType.AWS_ACCOUNT", "AWS_ACCOUNT"},
		{"awscc.sso.Assignment.TargetType.AWS_ACCOUNT", "AWS_ACCOUNT"},
		{"eu-west-1", ""},
		{"region.us_east_1", ""},
		{"Enabled", ""},
		{"AWS.Region.ap_northeast_1", ""},
		{"aws.s-3.VersioningStatus.Enabled", ""},
		{"some.random.string", ""},
		{"a.b.c.d.e.f", ""},
		{"aws.s3.versioningstatus.Enabled", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := enumValue(tt.in)
			if !ok {
				got = ""
			}
			if got != tt.want {
				t.Errorf("enumValue(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
			}
		})
	}
}

// TestCompactHint: the first non-empty string by name, else the first reference to another
// binding, keys shortened.
func TestCompactHint(t *testing.T) {
	ref := func(b string) Value {
		return Value{Kind: Ref, Text: b + ".id", ref: &refTarget{binding: b, path: []string{"id"}}}
	}
	tests := []struct {
		name   string
		attrs  []Attr
		parent string
		want   string // "" for none
	}{
		{"a string first by name", []Attr{{"vpc_id", ref("vpc")}, {"zone", Value{Kind: Str, Text: "a"}}, {"cidr", Value{Kind: Str, Text: "b"}}}, "", "cidr: b"},
		{"an empty string is skipped", []Attr{{"a", Value{Kind: Str}}, {"b", Value{Kind: Str, Text: "x"}}}, "", "b: x"},
		{"an enum spelled as a string", []Attr{{"tenancy", Value{Kind: Str, Text: "awscc.ec2.Vpc.InstanceTenancy.default"}}}, "", "tenancy: default"},
		{"a service endpoint", []Attr{{"service_name", Value{Kind: Str, Text: "com.amazonaws.ap-northeast-1.ecr.dkr"}}}, "", "service: ecr.dkr"},
		{"a reference, the parent's skipped", []Attr{{"subnet_ids", Value{Kind: List, Elems: []Value{ref("vpc"), ref("sn")}}}}, "vpc", "subnet: sn"},
		{"only the parent's reference", []Attr{{"vpc_id", ref("vpc")}}, "vpc", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := compactHint(&Resource{Desired: tt.attrs}, tt.parent)
			if !ok {
				got = ""
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
