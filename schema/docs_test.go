package schema

import (
	"testing"
)

func TestDocsURL(t *testing.T) {
	idx := defaultIndex(t)
	tests := []struct {
		head string
		read bool
		want string
	}{
		{"awscc.ec2.Vpc", false, "https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-ec2-vpc.html"},
		{"awscc.elasticloadbalancingv2.LoadBalancer", false, "https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-elasticloadbalancingv2-loadbalancer.html"},
		// Derived, not checked: the repository index holds no acm page (TestDocsURLChecked).
		{"aws.acm.Certificate", false, "https://github.com/carina-rs/carina-provider-aws/blob/main/generated-docs/aws/acm/certificate.md"},
		{"aws.route53.RecordSet", false, "https://github.com/carina-rs/carina-provider-aws/blob/main/generated-docs/aws/route53/record_set.md"},
	}
	for _, tt := range tests {
		if got := idx.Declared(tt.head, tt.read).DocsURL(); got != tt.want {
			t.Errorf("%s: DocsURL() = %q, want %q", tt.head, got, tt.want)
		}
	}
}

// TestDocsURLChecked holds the links whose pages were checked (2026-11, without network access:
// against an index of public GitHub repositories and stored web pages). See "Documentation
// links" in docs/design/schemas.md for what each was checked against and what is unverified.
func TestDocsURLChecked(t *testing.T) {
	idx := defaultIndex(t)
	const (
		awsDocs = "https://github.com/carina-rs/carina-provider-aws/blob/main/generated-docs/aws/"
		cfn     = "https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-"
	)
	tests := []struct {
		head string
		read bool
		want string
	}{
		// Every aws page the repository index holds: generated-docs/aws/<service>/<name>.md of
		// carina-rs/carina-provider-aws, whose default branch is main (its workflows run on
		// pushes to main).
		{"aws.iam.Role", false, awsDocs + "iam/role.md"},
		{"aws.identitystore.User", true, awsDocs + "identitystore/user.md"},
		{"aws.logs.LogGroup", false, awsDocs + "logs/log_group.md"},
		{"aws.route53.RecordSet", false, awsDocs + "route53/record_set.md"},
		{"aws.sts.CallerIdentity", true, awsDocs + "sts/caller_identity.md"},
		// CloudFormation page names: the stored AWS pages of AWS::EC2::VPC and
		// AWS::ElasticLoadBalancingV2::LoadBalancer, and links in public repositories for the others.
		{"awscc.ec2.Vpc", false, cfn + "ec2-vpc.html"},
		{"awscc.elasticloadbalancingv2.LoadBalancer", false, cfn + "elasticloadbalancingv2-loadbalancer.html"},
		{"awscc.ec2.SecurityGroup", false, cfn + "ec2-securitygroup.html"},
		{"awscc.ec2.SecurityGroupIngress", false, cfn + "ec2-securitygroupingress.html"},
		{"awscc.ec2.SubnetRouteTableAssociation", false, cfn + "ec2-subnetroutetableassociation.html"},
		{"awscc.ec2.VpcGatewayAttachment", false, cfn + "ec2-vpcgatewayattachment.html"},
		{"awscc.ec2.Eip", false, cfn + "ec2-eip.html"},
		{"awscc.ec2.IpamPool", false, cfn + "ec2-ipampool.html"},
		{"awscc.iam.OidcProvider", false, cfn + "iam-oidcprovider.html"},
		{"awscc.wafv2.WebAcl", false, cfn + "wafv2-webacl.html"},
		{"awscc.s3.Bucket", false, cfn + "s3-bucket.html"},
	}
	for _, tt := range tests {
		if got := idx.Declared(tt.head, tt.read).DocsURL(); got != tt.want {
			t.Errorf("%s: DocsURL() = %q, want %q", tt.head, got, tt.want)
		}
	}
}

// TestDocsURLAwsccGenerated: carina-rs/carina-provider-awscc generates pages too, in the aws
// repository's layout (generated-docs/awscc/<service>/<name>.md); the repository index holds one
// at the path derived from the source file of each of the 46 awscc types. awscc types link to
// CloudFormation all the same (issue #20): these pairs only record that the derivation holds there.
func TestDocsURLAwsccGenerated(t *testing.T) {
	idx := defaultIndex(t)
	const base = "https://github.com/carina-rs/carina-provider-awscc/blob/main/generated-docs/awscc/"
	for head, want := range map[string]string{
		"awscc.ec2.Vpc": "ec2/vpc.md",
		"awscc.elasticloadbalancingv2.LoadBalancer": "elasticloadbalancingv2/load_balancer.md",
		"awscc.iam.OidcProvider":                    "iam/oidc_provider.md",
		"awscc.wafv2.WebAcl":                        "wafv2/web_acl.md",
		"awscc.cloudfront.Distribution":             "cloudfront/distribution.md",
	} {
		r := idx.Declared(head, false)
		if got := generatedDocsURL(r.Provider, r.SourceRepo, r.SourceFile); got != base+want {
			t.Errorf("%s: %q, want %q", head, got, base+want)
		}
	}
}

func TestDocsURLWithoutSource(t *testing.T) {
	tests := []struct {
		name string
		r    *Resource
		want string
	}{
		{"nil", nil, ""},
		{"awscc without a cloud type", &Resource{Provider: "awscc"}, ""},
		{"awscc, not AWS::Service::Type", &Resource{Provider: "awscc", CloudType: "Custom::Thing"}, ""},
		{"no repository", &Resource{Provider: "aws", SourceFile: "carina-provider-aws/src/schemas/generated/s3/bucket.rs"}, ""},
		{"a file outside the generated schemas", &Resource{Provider: "aws", SourceRepo: "carina-rs/carina-provider-aws", SourceFile: "src/lib.rs"}, ""},
		{"a path that climbs", &Resource{Provider: "aws", SourceRepo: "carina-rs/carina-provider-aws", SourceFile: "x/src/schemas/generated/../secret.rs"}, ""},
		{"another provider's own pages", &Resource{Provider: "gcp", SourceRepo: "o/carina-provider-gcp", SourceFile: "p/src/schemas/generated/compute/network.rs"},
			"https://github.com/o/carina-provider-gcp/blob/main/generated-docs/gcp/compute/network.md"},
	}
	for _, tt := range tests {
		if got := tt.r.DocsURL(); got != tt.want {
			t.Errorf("%s: DocsURL() = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestDocsURLEmbedded: every type of the embedded schemas names its page (the files give a cloud
// type for every awscc type, a source file and repository for every aws type).
func TestDocsURLEmbedded(t *testing.T) {
	idx := defaultIndex(t)
	n := 0
	for _, p := range idx.Providers() {
		for _, head := range append(idx.ResourceTypes(p), idx.DataSourceTypes(p)...) {
			n++
			if idx.Declared(head, false).DocsURL() == "" {
				t.Errorf("%s has no documentation link", head)
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d types: are the schemas there?", n)
	}
}
