package schema

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// enumAt returns the enum of the member at a dotted path of a resource.
func enumAt(t *testing.T, idx *Index, head, path string) *Enum {
	t.Helper()
	r := idx.Resource(head)
	if r == nil {
		t.Fatalf("no resource %s", head)
	}
	m, ok := r.Lookup(strings.Split(path, "."))
	if !ok {
		t.Fatalf("%s has no %s", head, path)
	}
	e := r.EnumOf(m)
	if e == nil {
		t.Fatalf("%s %s is not an enum", head, path)
	}
	return e
}

// TestEnumMatch covers the forms of schemas.md §3. Decisions beyond it:
//   - another provider's prefix on a qualified value (awscc.ec2.Eip.Domain.vpc
//     for aws.ec2.Eip.Domain, as older awscc examples write) is accepted as
//     FormOtherProvider, for the caller to report with a quick fix; current
//     Carina rejects it;
//   - a wire value with dots (ipsec.1, TLSv1.2_2021) matches its alias with
//     Wire set, as the reference resolves Type.ipsec.1;
//   - a wire value that differs from the alias by more than case, '_'/'-' and
//     dots (BucketOwnerEnforced) does not match.
func TestEnumMatch(t *testing.T) {
	idx := defaultIndex(t)
	mini := NewIndex(mustLoadFile(t, "testdata/mini.json"))
	status := enumAt(t, idx, "aws.acm.Certificate", "status")
	region := enumAt(t, idx, "awscc.ec2.VpcPeeringConnection", "peer_region")
	zone := enumAt(t, idx, "awscc.ec2.Subnet", "availability_zone")
	tenancy := enumAt(t, idx, "awscc.ec2.Vpc", "instance_tenancy")
	domain := enumAt(t, idx, "awscc.ec2.Eip", "domain")
	vpn := enumAt(t, idx, "awscc.ec2.VpnGateway", "type")
	tls := enumAt(t, idx, "awscc.cloudfront.Distribution", "distribution_config.viewer_certificate.minimum_protocol_version")
	ssl := enumAt(t, idx, "awscc.cloudfront.Distribution", "distribution_config.viewer_certificate.ssl_support_method")
	owner := enumAt(t, idx, "awscc.s3.Bucket", "ownership_controls.rules.object_ownership")
	bare := mini.Enum("Bare")

	type res struct {
		Wire, Qualified string
		Form            Form
		Wire2           bool // EnumMatch.Wire
	}
	tests := []struct {
		name string
		enum *Enum
		text string
		want *res // nil: no match
	}{
		{"qualified", status, "aws.acm.Certificate.Status.issued", &res{"ISSUED", "aws.acm.Certificate.Status.issued", FormQualified, false}},
		{"qualified, capitalised member (core fixtures)", status, "aws.acm.Certificate.Status.Issued", &res{"ISSUED", "aws.acm.Certificate.Status.issued", FormQualified, false}},
		{"Kind.member", status, "Status.issued", &res{"ISSUED", "aws.acm.Certificate.Status.issued", FormKind, false}},
		{"bare", status, "issued", &res{"ISSUED", "aws.acm.Certificate.Status.issued", FormBare, false}},
		{"bare wire by case", status, "ISSUED", &res{"ISSUED", "aws.acm.Certificate.Status.issued", FormBare, false}},
		{"underscore", status, "pending_validation", &res{"PENDING_VALIDATION", "aws.acm.Certificate.Status.pending_validation", FormBare, false}},
		{"hyphen for underscore", status, "Status.pending-validation", &res{"PENDING_VALIDATION", "aws.acm.Certificate.Status.pending_validation", FormKind, false}},
		{"mixed case wire", status, "Pending_Validation", &res{"PENDING_VALIDATION", "aws.acm.Certificate.Status.pending_validation", FormBare, false}},
		{"no such member", status, "aws.acm.Certificate.Status.done", nil},
		{"member of another enum", status, "dns", nil},
		{"another enum's qualified value", status, "aws.acm.Certificate.ValidationMethod.dns", nil},
		{"wrong Kind", status, "Type.issued", nil},
		{"other provider prefix", status, "awscc.acm.Certificate.Status.issued", &res{"ISSUED", "aws.acm.Certificate.Status.issued", FormOtherProvider, false}},
		{"empty", status, "", nil},
		{"nil enum", nil, "issued", nil},

		{"region qualified", region, "aws.Region.us_east_1", &res{"us-east-1", "aws.Region.us_east_1", FormQualified, false}},
		{"region awscc prefix", region, "awscc.Region.us_east_1", &res{"us-east-1", "aws.Region.us_east_1", FormProvider, false}},
		{"region Kind.member", region, "Region.ap_northeast_1", &res{"ap-northeast-1", "aws.Region.ap_northeast_1", FormKind, false}},
		{"region bare", region, "eu_west_3", &res{"eu-west-3", "aws.Region.eu_west_3", FormBare, false}},
		{"region hyphens", region, "aws.Region.us-west-2", &res{"us-west-2", "aws.Region.us_west_2", FormQualified, false}},
		{"open: any value the transform spells", region, "aws.Region.xx_future_9", &res{"xx-future-9", "aws.Region.xx_future_9", FormQualified, false}},
		{"region wrong Kind", region, "Location.us_east_1", nil},
		{"region: zone identity", region, "aws.AvailabilityZone.ZoneName.us_east_1a", nil},
		{"zone qualified", zone, "aws.AvailabilityZone.ZoneName.ap_northeast_1a", &res{"ap-northeast-1a", "aws.AvailabilityZone.ZoneName.ap_northeast_1a", FormQualified, false}},
		{"zone Kind.member", zone, "ZoneName.us_east_1a", &res{"us-east-1a", "aws.AvailabilityZone.ZoneName.us_east_1a", FormKind, false}},
		{"zone with region identity", zone, "aws.Region.us_east_1", nil},

		{"awscc enum under aws.", tenancy, "aws.ec2.Vpc.InstanceTenancy.dedicated", &res{"dedicated", "aws.ec2.Vpc.InstanceTenancy.dedicated", FormQualified, false}},
		{"awscc enum, Kind.member", tenancy, "InstanceTenancy.default", &res{"default", "aws.ec2.Vpc.InstanceTenancy.default", FormKind, false}},
		{"awscc enum, old awscc. prefix", tenancy, "awscc.ec2.Vpc.InstanceTenancy.dedicated", &res{"dedicated", "aws.ec2.Vpc.InstanceTenancy.dedicated", FormOtherProvider, false}},
		{"old awscc.ec2.Eip.Domain.vpc", domain, "awscc.ec2.Eip.Domain.vpc", &res{"vpc", "aws.ec2.Eip.Domain.vpc", FormOtherProvider, false}},
		{"old lower-case type in the path", tenancy, "aws.ec2.vpc.InstanceTenancy.default", &res{"default", "aws.ec2.Vpc.InstanceTenancy.default", FormTypeCase, false}},
		{"old prefix and old lower-case type", tenancy, "awscc.ec2.vpc.InstanceTenancy.default", &res{"default", "aws.ec2.Vpc.InstanceTenancy.default", FormOtherProvider, false}},
		{"old lower-case type, another Kind", tenancy, "aws.ec2.vpc.Tenancy.default", nil},
		{"zone: the identity without its Kind", zone, "aws.AvailabilityZone.ap_northeast_1a", nil},
		{"Eip domain qualified", domain, "aws.ec2.Eip.Domain.vpc", &res{"vpc", "aws.ec2.Eip.Domain.vpc", FormQualified, false}},

		{"dotted wire, qualified alias", vpn, "aws.ec2.VpnGateway.Type.ipsec_1", &res{"ipsec.1", "aws.ec2.VpnGateway.Type.ipsec_1", FormQualified, false}},
		{"dotted wire, Kind.member", vpn, "Type.ipsec.1", &res{"ipsec.1", "aws.ec2.VpnGateway.Type.ipsec_1", FormKind, true}},
		{"dotted wire, bare", vpn, "ipsec.1", &res{"ipsec.1", "aws.ec2.VpnGateway.Type.ipsec_1", FormBare, true}},
		{"dotted wire, old prefix", vpn, "awscc.ec2.VpnGateway.Type.ipsec.1", &res{"ipsec.1", "aws.ec2.VpnGateway.Type.ipsec_1", FormOtherProvider, true}},
		{"design example tls alias", tls, "tlsv1_2_2021", &res{"TLSv1.2_2021", "aws.cloudfront.Distribution.DistributionConfig.ViewerCertificate.MinimumProtocolVersion.tlsv1_2_2021", FormBare, false}},
		{"tls wire", tls, "TLSv1.2_2021", &res{"TLSv1.2_2021", "aws.cloudfront.Distribution.DistributionConfig.ViewerCertificate.MinimumProtocolVersion.tlsv1_2_2021", FormBare, true}},
		{"design example sni_only", ssl, "sni_only", &res{"sni-only", "aws.cloudfront.Distribution.DistributionConfig.ViewerCertificate.SslSupportMethod.sni_only", FormBare, false}},
		{"sni-only wire", ssl, "sni-only", &res{"sni-only", "aws.cloudfront.Distribution.DistributionConfig.ViewerCertificate.SslSupportMethod.sni_only", FormBare, false}},
		{"wire differing by more than case", owner, "BucketOwnerEnforced", nil},
		{"its alias", owner, "bucket_owner_enforced", &res{"BucketOwnerEnforced", "aws.s3.Bucket.OwnershipControls.OwnershipControlsRule.ObjectOwnership.bucket_owner_enforced", FormBare, false}},

		{"namespace-less: Kind.member is the qualified form", bare, "Bare.x_y", &res{"X-Y", "Bare.x_y", FormQualified, false}},
		{"namespace-less, bare", bare, "x-y", &res{"X-Y", "Bare.x_y", FormBare, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ok := tt.enum.Resolve(tt.text)
			var got *res
			if ok {
				got = &res{m.Value.Wire, m.Value.Qualified, m.Form, m.Wire}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Resolve(%q) (-want +got):\n%s", tt.text, diff)
			}
			v, ok2 := tt.enum.Match(tt.text)
			if ok2 != ok || v != m.Value {
				t.Errorf("Match(%q) = %+v, %v; Resolve gave %+v, %v", tt.text, v, ok2, m.Value, ok)
			}
		})
	}
}

// TestEnumMatchString covers quoted strings: for a closed enum the value to
// suggest ("ISSUED" → aws.acm.Certificate.Status.issued), for an open enum
// the accepted value.
func TestEnumMatchString(t *testing.T) {
	idx := defaultIndex(t)
	status := enumAt(t, idx, "aws.acm.Certificate", "status")
	region := enumAt(t, idx, "awscc.ec2.VpcPeeringConnection", "peer_region")
	vpn := enumAt(t, idx, "awscc.ec2.VpnGateway", "type")
	tests := []struct {
		enum *Enum
		s    string
		want string // Qualified; "" for no match
	}{
		{status, "ISSUED", "aws.acm.Certificate.Status.issued"},
		{status, "issued", "aws.acm.Certificate.Status.issued"},
		{status, "Pending-Validation", "aws.acm.Certificate.Status.pending_validation"},
		{status, "DONE", ""},
		{status, "", ""},
		{region, "us-east-1", "aws.Region.us_east_1"},
		{region, "ap_northeast_1", ""}, // a wire value has hyphens
		{region, "not a region", ""},
		{vpn, "ipsec.1", "aws.ec2.VpnGateway.Type.ipsec_1"},
		{nil, "x", ""},
	}
	for _, tt := range tests {
		v, ok := tt.enum.MatchString(tt.s)
		if got := v.Qualified; got != tt.want || ok != (tt.want != "") {
			t.Errorf("MatchString(%q) = %q, %v; want %q", tt.s, got, ok, tt.want)
		}
	}
	if status.Open || !region.Open {
		t.Errorf("Open: status %v, region %v", status.Open, region.Open)
	}
	want := []string{
		"aws.acm.Certificate.Status.expired", "aws.acm.Certificate.Status.failed", "aws.acm.Certificate.Status.inactive",
		"aws.acm.Certificate.Status.issued", "aws.acm.Certificate.Status.pending_validation",
		"aws.acm.Certificate.Status.revoked", "aws.acm.Certificate.Status.validation_timed_out",
	}
	if diff := cmp.Diff(want, status.Spellings()); diff != "" {
		t.Errorf("Spellings (-want +got):\n%s", diff)
	}
}

// TestEnumSpelling: a member a name spells is written qualified (or bare, with no namespace),
// digits first included; one no name spells is written as its wire value, a string.
func TestEnumSpelling(t *testing.T) {
	for _, tc := range []struct {
		v        EnumValue
		nameable bool
		want     string
	}{
		{EnumValue{Wire: "DNS", DSL: "dns", Qualified: "aws.acm.Certificate.ValidationMethod.dns"}, true, "aws.acm.Certificate.ValidationMethod.dns"},
		{EnumValue{Wire: "2012-10-17", DSL: "2012_10_17", Qualified: "aws.iam.PolicyDocument.Version.2012_10_17"}, true, "aws.iam.PolicyDocument.Version.2012_10_17"},
		{EnumValue{Wire: "dedicated", DSL: "dedicated"}, true, "dedicated"},
		{EnumValue{Wire: "aws:kms", DSL: "aws:kms", Qualified: "aws.s3.X.SseAlgorithm.aws:kms"}, false, "'aws:kms'"},
		{EnumValue{Wire: `it's\`, DSL: `it's\`}, false, `'it\'s\\'`},
		{EnumValue{Wire: "x"}, false, "'x'"},
	} {
		if got := tc.v.Nameable(); got != tc.nameable {
			t.Errorf("%+v: Nameable() = %v", tc.v, got)
		}
		if diff := cmp.Diff(tc.want, tc.v.Spelling()); diff != "" {
			t.Errorf("%+v: Spelling() (-want +got):\n%s", tc.v, diff)
		}
	}
}
