package schema

import (
	"strings"
	"testing"
)

// TestDesignExample checks every attribute and enum value of the wait design
// example (shared/docs/wait.md) against the embedded set: it must check clean.
func TestDesignExample(t *testing.T) {
	idx := defaultIndex(t)
	tests := []struct {
		head, path string
		value      string // an enum value to match; "" for none
	}{
		{"aws.acm.Certificate", "domain_name", ""},
		{"aws.acm.Certificate", "validation_method", "dns"},
		{"aws.route53.RecordSet", "hosted_zone_id", ""},
		{"aws.route53.RecordSet", "name", ""},
		{"aws.acm.Certificate", "domain_validation_options.0.resource_record.name", ""},
		{"aws.route53.RecordSet", "type", "cname"},
		{"aws.route53.RecordSet", "ttl", ""},
		{"aws.route53.RecordSet", "resource_records", ""},
		{"aws.acm.Certificate", "domain_validation_options.0.resource_record.value", ""},
		{"aws.acm.Certificate", "status", "aws.acm.Certificate.Status.Issued"},
		{"awscc.cloudfront.Distribution", "distribution_config.enabled", ""},
		{"awscc.cloudfront.Distribution", "distribution_config.default_cache_behavior.target_origin_id", ""},
		{"awscc.cloudfront.Distribution", "distribution_config.default_cache_behavior.viewer_protocol_policy", "redirect_to_https"},
		{"awscc.cloudfront.Distribution", "distribution_config.viewer_certificate.acm_certificate_arn", ""},
		{"aws.acm.Certificate", "certificate_arn", ""}, // cert_issued.certificate_arn
		{"awscc.cloudfront.Distribution", "distribution_config.viewer_certificate.ssl_support_method", "sni_only"},
		{"awscc.cloudfront.Distribution", "distribution_config.viewer_certificate.minimum_protocol_version", "tlsv1_2_2021"},
	}
	for _, tt := range tests {
		r := idx.Resource(tt.head)
		if r == nil {
			t.Errorf("no resource %s", tt.head)
			continue
		}
		m, ok := r.Lookup(strings.Split(tt.path, "."))
		if !ok {
			t.Errorf("%s has no %s", tt.head, tt.path)
			continue
		}
		if tt.value == "" {
			continue
		}
		if _, ok := r.EnumOf(m).Match(tt.value); !ok {
			t.Errorf("%s %s: %s does not match %s", tt.head, tt.path, tt.value, m.Display)
		}
	}

	r := idx.Resource("aws.acm.Certificate")
	status, _ := r.Lookup([]string{"status"})
	if !status.ReadOnly || !status.DeferredPopulate {
		t.Errorf("status: read-only %v, deferred %v", status.ReadOnly, status.DeferredPopulate)
	}
	if v, ok := r.EnumOf(status).MatchString("ISSUED"); !ok || v.Qualified != "aws.acm.Certificate.Status.issued" {
		t.Errorf(`"ISSUED" suggests %q, %v`, v.Qualified, ok)
	}
}
