package schema

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// found is what a test compares about a looked-up member; a member Lookup makes up (a list's
// element, a map's value) has no display of the file's.
type found struct {
	Name, Display              string
	ReadOnly, DeferredPopulate bool
	Enum                       string // identity, when an enum
}

func foundOf(r *Resource, m *Member) found {
	f := found{Name: m.Name, Display: m.Display, ReadOnly: m.ReadOnly, DeferredPopulate: m.DeferredPopulate}
	if e := r.EnumOf(m); e != nil {
		f.Enum = e.Identity
	}
	return f
}

func TestLookup(t *testing.T) {
	idx := defaultIndex(t)
	mini := NewIndex(mustLoadFile(t, "testdata/mini.json"))
	const cert = "aws.acm.Certificate"
	const dist = "awscc.cloudfront.Distribution"
	const waf = "awscc.wafv2.WebAcl"
	tests := []struct {
		idx  *Index
		head string
		path string // dotted; "[0]" and "0" are index segments
		want *found // nil: not found
	}{
		// The wait design example (wait.md).
		{idx, cert, "domain_name", &found{Name: "domain_name", Display: "String"}},
		{idx, cert, "validation_method", &found{Name: "validation_method", Display: "aws.acm.Certificate.ValidationMethod", Enum: "aws.acm.Certificate.ValidationMethod"}},
		{idx, cert, "status", &found{Name: "status", Display: "aws.acm.Certificate.Status", ReadOnly: true, DeferredPopulate: true, Enum: "aws.acm.Certificate.Status"}},
		{idx, cert, "certificate_arn", &found{Name: "certificate_arn", Display: "aws.Arn", ReadOnly: true}},
		{idx, cert, "domain_validation_options.[0].resource_record.name", &found{Name: "name", Display: "String"}},
		{idx, cert, "domain_validation_options.0.resource_record.value", &found{Name: "value", Display: "String"}},
		{idx, cert, "domain_validation_options.resource_record.type", &found{Name: "type", Display: "aws.acm.Certificate.DomainValidation.ResourceRecord.Type", Enum: "aws.acm.Certificate.DomainValidation.ResourceRecord.Type"}},
		{idx, cert, "domain_validation_options.resource_record", &found{Name: "resource_record", Display: "Struct(ResourceRecord)", DeferredPopulate: true}},
		{idx, cert, "domain_validation_options.[0]", &found{Name: "domain_validation_options", ReadOnly: true}},
		{idx, cert, "renewal_summary.renewal_status", &found{Name: "renewal_status", Display: "aws.acm.Certificate.RenewalSummary.RenewalStatus", Enum: "aws.acm.Certificate.RenewalSummary.RenewalStatus"}},
		{idx, cert, "domain_validation_options.nope", nil},
		{idx, cert, "status.issued", nil},
		{idx, cert, "nope", nil},
		{idx, cert, "domain_name.[0]", nil},
		{idx, "aws.route53.RecordSet", "hosted_zone_id", &found{Name: "hosted_zone_id", Display: "String"}},
		{idx, "aws.route53.RecordSet", "type", &found{Name: "type", Display: "aws.route53.RecordSet.Type", Enum: "aws.route53.RecordSet.Type"}},
		{idx, "aws.route53.RecordSet", "ttl", &found{Name: "ttl", Display: "Int"}},
		{idx, "aws.route53.RecordSet", "resource_records", &found{Name: "resource_records", Display: "List<String>"}},
		{idx, dist, "distribution_config.enabled", &found{Name: "enabled", Display: "Bool"}},
		{idx, dist, "distribution_config.default_cache_behavior.viewer_protocol_policy", &found{Name: "viewer_protocol_policy",
			Display: "aws.cloudfront.Distribution.DistributionConfig.DefaultCacheBehavior.ViewerProtocolPolicy",
			Enum:    "aws.cloudfront.Distribution.DistributionConfig.DefaultCacheBehavior.ViewerProtocolPolicy"}},
		{idx, dist, "distribution_config.viewer_certificate.acm_certificate_arn", &found{Name: "acm_certificate_arn", Display: "aws.Arn"}},
		{idx, dist, "distribution_config.viewer_certificate.minimum_protocol_version", &found{Name: "minimum_protocol_version",
			Display: "aws.cloudfront.Distribution.DistributionConfig.ViewerCertificate.MinimumProtocolVersion",
			Enum:    "aws.cloudfront.Distribution.DistributionConfig.ViewerCertificate.MinimumProtocolVersion"}},
		// Lists of structs.
		{idx, dist, "distribution_config.origins.[0].domain_name", &found{Name: "domain_name", Display: "String"}},
		{idx, dist, "distribution_config.origins.custom_origin_config.origin_ssl_protocols", &found{Name: "origin_ssl_protocols",
			Display: "List<aws.cloudfront.Distribution.DistributionConfig.Origin.CustomOriginConfig.OriginSslProtocols>"}},
		// Maps: a segment after a map is a key.
		{idx, "awscc.s3.Bucket", "tags.Name", &found{Name: "Name"}},
		{idx, "awscc.s3.Bucket", "tags.[Name]", &found{Name: "tags"}},
		// WAFv2: refs resolved lazily through the cyclic Statement shape.
		{idx, waf, "rules.statement.byte_match_statement.search_string", &found{Name: "search_string", Display: "String"}},
		{idx, waf, "rules.[0].statement.not_statement.statement.not_statement.statement.geo_match_statement.country_codes", &found{Name: "country_codes", Display: "List<String>"}},
		{idx, waf, "rules.statement.and_statement.statements.[1].or_statement.statements.and_statement.statements.byte_match_statement.positional_constraint", &found{
			Name:    "positional_constraint",
			Display: "aws.wafv2.WebAcl.Rule.Statement.AndStatement.Statement.ByteMatchStatement.PositionalConstraint",
			Enum:    "aws.wafv2.WebAcl.Rule.Statement.AndStatement.Statement.ByteMatchStatement.PositionalConstraint"}},
		{idx, waf, "rules.statement.not_statement.statement.nope", nil},
		// The fixture: unions, a list of a cyclic ref, ref-typed fields.
		{mini, "demo.svc.Thing", "either.[0]", &found{Name: "either"}},
		{mini, "demo.svc.Thing", "rules.when.all.[0].all.op", &found{Name: "op", Display: "demo.svc.Thing.Cond.Op", Enum: "demo.svc.Thing.Cond.Op"}},
		{mini, "demo.svc.Thing", "rules.when.all.when", nil},
		{mini, "demo.svc.Thing", "state", &found{Name: "state", Display: "demo.svc.Thing.State", ReadOnly: true, DeferredPopulate: true, Enum: "demo.svc.Thing.State"}},
	}
	for _, tt := range tests {
		t.Run(tt.head+" "+tt.path, func(t *testing.T) {
			r := tt.idx.Resource(tt.head)
			if r == nil {
				t.Fatalf("no resource %s", tt.head)
			}
			m, ok := r.Lookup(strings.Split(tt.path, "."))
			var got *found
			if ok {
				f := foundOf(r, m)
				got = &f
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Lookup (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWalk(t *testing.T) {
	r := defaultIndex(t).Resource("aws.acm.Certificate")
	ms, ok := r.Walk([]string{"domain_validation_options", "0", "resource_record", "name"})
	if !ok {
		t.Fatal("not found")
	}
	var got []found
	for _, m := range ms {
		got = append(got, foundOf(r, m))
	}
	want := []found{
		{Name: "domain_validation_options", Display: "List<Struct(DomainValidation)>", ReadOnly: true},
		{Name: "domain_validation_options", ReadOnly: true},
		{Name: "resource_record", Display: "Struct(ResourceRecord)", DeferredPopulate: true},
		{Name: "name", Display: "String"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Walk (-want +got):\n%s", diff)
	}
	if _, ok := r.Walk(nil); ok {
		t.Error("Walk(nil) found something")
	}
	var nilRes *Resource
	if _, ok := nilRes.Lookup([]string{"x"}); ok {
		t.Error("nil resource found something")
	}
}

func TestResolveCycle(t *testing.T) {
	r := &Resource{Defs: map[string]*Type{
		"A": {Kind: KindRef, Ref: "B"},
		"B": {Kind: KindRef, Ref: "A"},
		"C": {Kind: KindStruct, Name: "C"},
	}}
	if got := r.Resolve(&Type{Kind: KindRef, Ref: "A"}); got != nil {
		t.Errorf("a ref cycle resolved to %v", got)
	}
	if got := r.Resolve(&Type{Kind: KindRef, Ref: "C"}); got == nil || got.Name != "C" {
		t.Errorf("Resolve(C) = %v", got)
	}
	if got := r.Resolve(&Type{Kind: KindRef, Ref: "missing"}); got != nil {
		t.Errorf("a dangling ref resolved to %v", got)
	}
	// A union that is its own member through refs does not loop.
	u := &Type{Kind: KindUnion}
	r.Defs["U"] = u
	u.Members = []*Type{{Kind: KindRef, Ref: "U"}, {Kind: KindRef, Ref: "A"}}
	r.Attributes = map[string]*Member{"u": {Name: "u", Type: &Type{Kind: KindRef, Ref: "U"}}}
	if _, ok := r.Lookup([]string{"u", "x"}); ok {
		t.Error("lookup through a cyclic union found something")
	}
	if _, ok := r.Lookup([]string{"u", "[0]"}); ok {
		t.Error("index through a cyclic union found something")
	}
}
