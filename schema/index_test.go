package schema

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func res(head, origin string, wait Wait) *Resource {
	provider, _, _ := strings.Cut(head, ".")
	return &Resource{Type: head, Provider: provider, Kind: KindResource, Origin: origin, Wait: wait}
}

func prov(name, origin string, rs ...*Resource) *Provider {
	p := &Provider{Name: name, Origin: origin, Resources: map[string]*Resource{}, DataSources: map[string]*Resource{}}
	for _, r := range rs {
		p.Resources[r.Type] = r
	}
	return p
}

func TestIndexOverride(t *testing.T) {
	w := func(secs uint64, src string) WaitSetting { return WaitSetting{Secs: secs, Source: src} }
	first := prov("x", "first",
		res("x.a.One", "first", Wait{}),
		res("x.a.Two", "first", Wait{Timeout: w(4500, "design"), Interval: w(5, "design")}),
		res("x.a.Three", "first", Wait{}),
	)
	aliased := res("x.a.Three", "second", Wait{})
	aliased.AliasOf = "x.a.three"
	second := prov("x", "second",
		res("x.a.One", "second", Wait{}),
		res("x.a.Two", "second", Wait{Interval: w(10, "second")}),
		aliased,
		res("x.a.Four", "second", Wait{}),
	)
	idx := NewIndex(first, nil, second)

	type row struct {
		Origin string
		Wait   Wait
	}
	got := map[string]row{}
	for _, head := range idx.ResourceTypes("x") {
		r := idx.Resource(head)
		got[head] = row{r.Origin, r.Wait}
	}
	want := map[string]row{
		"x.a.One":   {"second", Wait{}},
		"x.a.Two":   {"second", Wait{Timeout: w(4500, "design"), Interval: w(10, "second")}},
		"x.a.Three": {"first", Wait{}}, // an alias does not replace a real entry
		"x.a.Four":  {"second", Wait{}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("override (-want +got):\n%s", diff)
	}
	// The merged wait is on a copy: the sources are unchanged.
	if second.Resources["x.a.Two"].Wait.Timeout.Secs != 0 {
		t.Error("NewIndex changed a source's resource")
	}
	// Order matters: the other way round, first wins.
	if got := NewIndex(second, first).Resource("x.a.One").Origin; got != "first" {
		t.Errorf("reversed order: x.a.One from %q, want first", got)
	}
}

func TestIndexLookups(t *testing.T) {
	idx := defaultIndex(t)
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"resource", idx.Resource("awscc.ec2.Vpc") != nil, true},
		{"resource unknown", idx.Resource("awscc.ec2.Instance") == nil, true},
		{"resource is not a data source", idx.DataSource("awscc.ec2.Vpc") == nil, true},
		{"data source", idx.DataSource("aws.sts.CallerIdentity") != nil, true},
		{"data source is not a resource", idx.Resource("aws.sts.CallerIdentity") == nil, true},
		{"both kinds", idx.Resource("aws.s3.Bucket") != nil && idx.DataSource("aws.s3.Bucket") != nil, true},
		{"providers", idx.Providers(), []string{"aws", "awscc"}},
		{"has aws", idx.HasProvider("aws"), true},
		{"has awscc", idx.HasProvider("awscc"), true},
		{"has google", idx.HasProvider("google"), false},
		{"data source types", idx.DataSourceTypes("aws"), []string{"aws.iam.Roles", "aws.identitystore.User", "aws.s3.Bucket", "aws.sts.CallerIdentity"}},
		{"no awscc data sources", len(idx.DataSourceTypes("awscc")), 0},
		{"awscc resource types", len(idx.ResourceTypes("awscc")), 46},
		{"aws resource types", len(idx.ResourceTypes("aws")), 40},
		{"all resource types", len(idx.ResourceTypes("")), 86},
		{"first aws type", idx.ResourceTypes("aws")[0], "aws.acm.Certificate"},
		{"fold lower-case head", fold(idx, "aws.sts.caller_identity"), "aws.sts.CallerIdentity"},
		{"fold old awscc head", fold(idx, "awscc.identitystore.group_membership"), "awscc.identitystore.GroupMembership"},
		{"fold known head", fold(idx, "awscc.ec2.Vpc"), ""},
		{"fold nothing", fold(idx, "awscc.ec2.Instance"), ""},
		{"enum", idx.Enum("aws.acm.Certificate.Status").Name, "Status"},
		{"aws regions", len(idx.Regions("aws")), 38},
		{"awscc region prefix", idx.Regions("awscc")[0].Qualified, "awscc.Region.af_south_1"},
		{"aws region prefix", idx.Regions("aws")[0].Qualified, "aws.Region.af_south_1"},
		{"no regions", len(idx.Regions("google")), 0},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

func fold(idx *Index, head string) string {
	h, _ := idx.FoldHead(head)
	return h
}

func TestNilIndex(t *testing.T) {
	var idx *Index
	if idx.Resource("aws.s3.Bucket") != nil || idx.DataSource("aws.s3.Bucket") != nil || idx.Enum("aws.Region") != nil {
		t.Error("nil index found something")
	}
	if idx.HasProvider("aws") || idx.Providers() != nil || idx.ResourceTypes("") != nil || idx.DataSourceTypes("") != nil || idx.Regions("aws") != nil {
		t.Error("nil index lists something")
	}
	if _, ok := idx.FoldHead("aws.s3.bucket"); ok {
		t.Error("nil index folds")
	}
	if to, iv, src := idx.WaitDefaults("aws.acm.Certificate"); to != 300 || iv != 5 || src != FallbackSource {
		t.Errorf("nil index WaitDefaults = %d, %d, %q", to, iv, src)
	}
}
