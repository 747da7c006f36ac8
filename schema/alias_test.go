package schema

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPascalHead(t *testing.T) {
	tests := []struct {
		head string
		want string
		ok   bool
	}{
		{"aws.route53.record_set", "aws.route53.RecordSet", true},
		{"aws.s3.bucket", "aws.s3.Bucket", true},
		{"aws.ec2.egress_only_internet_gateway", "aws.ec2.EgressOnlyInternetGateway", true},
		{"aws.sts.caller_identity", "aws.sts.CallerIdentity", true},
		{"aws.ec2.vpc_endpoint", "aws.ec2.VpcEndpoint", true},
		{"aws.s3.Bucket", "aws.s3.Bucket", false},
		{"awscc.ec2.Vpc", "awscc.ec2.Vpc", false},
	}
	for _, tt := range tests {
		got, ok := PascalHead(tt.head)
		if got != tt.want || ok != tt.ok {
			t.Errorf("PascalHead(%q) = %q, %v; want %q, %v", tt.head, got, ok, tt.want, tt.ok)
		}
	}
}

// TestLowerCaseAliases loads a file in the style of the provider-aws v0.5.0
// index: aws.route53.record_set also answers as aws.route53.RecordSet, with
// the enum re-namespaced to the PascalCase head.
func TestLowerCaseAliases(t *testing.T) {
	p := mustLoadFile(t, "testdata/aws-v05-mini.json")
	idx := NewIndex(p)

	var got []string
	for _, head := range idx.ResourceTypes("aws") {
		got = append(got, head+" <- "+idx.Resource(head).AliasOf)
	}
	for _, head := range idx.DataSourceTypes("aws") {
		got = append(got, "read "+head+" <- "+idx.DataSource(head).AliasOf)
	}
	want := []string{
		"aws.iam.Role <- ", // the file's own entry, not an alias of aws.iam.role
		"aws.iam.role <- ",
		"aws.route53.RecordSet <- aws.route53.record_set",
		"aws.route53.record_set <- ",
		"read aws.sts.CallerIdentity <- aws.sts.caller_identity",
		"read aws.sts.caller_identity <- ",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("heads (-want +got):\n%s", diff)
	}
	if d := idx.Resource("aws.iam.Role").Description; d != "new" {
		t.Errorf("aws.iam.Role is %q, want the file's own entry", d)
	}

	rs := idx.Resource("aws.route53.RecordSet")
	if rs.SchemaType != "route53.RecordSet" {
		t.Errorf("SchemaType = %q", rs.SchemaType)
	}
	for _, name := range []string{"hosted_zone_id", "name", "type", "ttl", "resource_records"} {
		if _, ok := rs.Lookup([]string{name}); !ok {
			t.Errorf("aws.route53.RecordSet has no %s", name)
		}
	}
	typ, _ := rs.Lookup([]string{"type"})
	e := rs.EnumOf(typ)
	if e == nil {
		t.Fatal("type is not an enum")
	}
	wantEnum := &Enum{Identity: "aws.route53.RecordSet.RecordType", Namespace: "aws.route53.RecordSet", Name: "RecordType", Values: []EnumValue{
		{Wire: "A", DSL: "a", Qualified: "aws.route53.RecordSet.RecordType.a"},
		{Wire: "CNAME", DSL: "cname", Qualified: "aws.route53.RecordSet.RecordType.cname"},
	}}
	if diff := cmp.Diff(wantEnum, e); diff != "" {
		t.Errorf("re-namespaced enum (-want +got):\n%s", diff)
	}
	if typ.Display != "aws.route53.RecordSet.RecordType" || typ.Type.Identity != wantEnum.Identity {
		t.Errorf("display %q identity %q not re-namespaced", typ.Display, typ.Type.Identity)
	}
	if p.Enums[wantEnum.Identity] != e {
		t.Error("the re-namespaced enum is not registered in Provider.Enums")
	}
	for _, text := range []string{"cname", "CNAME", "RecordType.cname", "aws.route53.RecordSet.RecordType.cname"} {
		if v, ok := e.Match(text); !ok || v.Wire != "CNAME" {
			t.Errorf("Match(%q) = %+v, %v", text, v, ok)
		}
	}
	// The lower-case original keeps its own identities.
	old, _ := idx.Resource("aws.route53.record_set").Lookup([]string{"type"})
	if old.Type.Enum.Identity != "aws.route53.record_set.RecordType" {
		t.Errorf("original enum identity changed to %q", old.Type.Enum.Identity)
	}

	// Over the embedded set, the older file's aliases do not replace the
	// current entries, but its lower-case heads are added.
	var d Defaults
	both, err := d.With(p)
	if err != nil {
		t.Fatal(err)
	}
	if r := both.Resource("aws.route53.RecordSet"); r.AliasOf != "" || r.Origin != "embedded:aws.json" {
		t.Errorf("aws.route53.RecordSet from %q (alias of %q), want embedded:aws.json", r.Origin, r.AliasOf)
	}
	if both.Resource("aws.route53.record_set") == nil {
		t.Error("the older file's lower-case head is missing")
	}
}
