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
		{"aws.acm.Certificate", false, "https://github.com/carina-rs/carina-provider-aws/blob/main/generated-docs/aws/acm/certificate.md"},
		{"aws.route53.RecordSet", false, "https://github.com/carina-rs/carina-provider-aws/blob/main/generated-docs/aws/route53/record_set.md"},
	}
	for _, tt := range tests {
		if got := idx.Declared(tt.head, tt.read).DocsURL(); got != tt.want {
			t.Errorf("%s: DocsURL() = %q, want %q", tt.head, got, tt.want)
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
