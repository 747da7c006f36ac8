package schema

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMembers checks the one member walk every feature uses: the names that may follow a path,
// through lists, unions, refs and singular block names; nothing after a map or a scalar.
func TestMembers(t *testing.T) {
	idx := defaultIndex(t)
	tests := []struct {
		head, path string // path dotted; "" is the resource's attributes
		some       []string
		none       bool
	}{
		{"aws.acm.Certificate", "", []string{"domain_name", "status", "validation_method"}, false},
		{"aws.acm.Certificate", "domain_validation_options", []string{"domain_name", "resource_record", "validation_status"}, false},
		{"aws.acm.Certificate", "domain_validation_options.0.resource_record", []string{"name", "type", "value"}, false},
		{"awscc.dynamodb.Table", "attribute_definitions", []string{"attribute_name", "attribute_type"}, false},
		{"awscc.dynamodb.Table", "attribute_definition", []string{"attribute_name", "attribute_type"}, false}, // the block name
		{"awscc.cloudfront.Distribution", "distribution_config.origin", []string{"domain_name", "id"}, false},
		{"awscc.cloudfront.Distribution", "distribution_config.origins", []string{"domain_name", "id"}, false},
		{"aws.s3.Bucket", "tags", nil, true},              // a map: its keys are free
		{"aws.acm.Certificate", "domain_name", nil, true}, // a string
		{"aws.acm.Certificate", "nope", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.head+":"+tt.path, func(t *testing.T) {
			rs := idx.Resource(tt.head)
			if rs == nil {
				t.Fatalf("no schema for %s", tt.head)
			}
			var path []string
			if tt.path != "" {
				path = strings.Split(tt.path, ".")
			}
			ms := rs.Members(path)
			if tt.none {
				if len(ms) != 0 {
					t.Errorf("Members = %v, want none", slices.Sorted(maps.Keys(ms)))
				}
				return
			}
			for _, n := range tt.some {
				if ms[n] == nil {
					t.Errorf("Members lacks %q: %v", n, slices.Sorted(maps.Keys(ms)))
				}
			}
		})
	}
}

// TestNamed finds a member by its name or its singular block name.
func TestNamed(t *testing.T) {
	rs := defaultIndex(t).Resource("awscc.dynamodb.Table")
	got := map[string]string{}
	for _, n := range []string{"attribute_definitions", "attribute_definition", "table_name", "nope"} {
		if m := Named(rs.Attributes, n); m != nil {
			got[n] = m.Name
		}
	}
	want := map[string]string{"attribute_definitions": "attribute_definitions", "attribute_definition": "attribute_definitions", "table_name": "table_name"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Named (-want +got):\n%s", diff)
	}
}

// TestDeclared looks a head up with the one fallback rule.
func TestDeclared(t *testing.T) {
	idx := defaultIndex(t)
	tests := []struct {
		head string
		read bool
		want ResourceKind
	}{
		{"aws.s3.Bucket", false, KindResource},
		{"aws.s3.Bucket", true, KindDataSource},
		{"aws.sts.CallerIdentity", true, KindDataSource},
		{"aws.sts.CallerIdentity", false, KindDataSource}, // only a data source: the fallback
		{"aws.acm.Certificate", true, KindResource},       // only a resource: the fallback
	}
	for _, tt := range tests {
		rs := idx.Declared(tt.head, tt.read)
		if rs == nil || rs.Kind != tt.want {
			t.Errorf("Declared(%s, read=%t) = %v, want a %s", tt.head, tt.read, rs, tt.want)
		}
	}
	if idx.Declared("aws.nope.Nope", false) != nil || (*Index)(nil).Declared("aws.s3.Bucket", false) != nil {
		t.Error("an unknown head or a nil index gave a schema")
	}
}

// TestListBlockName gives the block name of lists of structs only, at any depth, through old
// head spellings; not of a struct or a list of maps that declares one, not without a schema.
func TestListBlockName(t *testing.T) {
	idx := defaultIndex(t)
	tests := []struct {
		head string
		read bool
		path string // dotted, "" for the resource's attributes
		key  string
		want string
	}{
		{"awscc.ec2.Ipam", false, "", "operating_regions", "operating_region"},
		{"awscc.ec2.Ipam", false, "", "operating_region", "operating_region"},  // named by its block name
		{"awscc.ec2.ipam", false, "", "operating_regions", "operating_region"}, // an older spelling
		{"awscc.iam.Role", false, "assume_role_policy_document", "statement", "statement"},
		{"awscc.s3.Bucket", false, "lifecycle_configuration.rules", "transitions", "transition"},
		{"awscc.s3.Bucket", false, "lifecycle_configuration.rule", "transitions", "transition"},
		{"awscc.s3.Bucket", false, "lifecycle_configuration", "tag_filters", ""},  // not there
		{"awscc.s3.Bucket", false, "analytics_configurations", "tag_filters", ""}, // a list of maps
		{"aws.s3.BucketLifecycleConfiguration", false, "rules", "filter", ""},     // a struct
		{"awscc.ec2.Vpc", false, "", "tags", ""},                                  // a map
		{"awscc.ec2.Vpc", false, "", "cidr_block", ""},
		{"awscc.ec2.Nope", false, "", "operating_regions", ""},
	}
	for _, tt := range tests {
		var path []string
		if tt.path != "" {
			path = strings.Split(tt.path, ".")
		}
		if got := idx.ListBlockName(tt.head, tt.read, path, tt.key); got != tt.want {
			t.Errorf("ListBlockName(%s, %q, %s) = %q, want %q", tt.head, tt.path, tt.key, got, tt.want)
		}
	}
	if got := (*Index)(nil).ListBlockName("awscc.ec2.Ipam", false, nil, "operating_regions"); got != "" {
		t.Errorf("a nil index gave %q", got)
	}
}

// TestComplete: the embedded awscc index lists every type of its provider, the aws one does not;
// a file says so with complete_type_list, and an index that adds types keeps the provider complete.
func TestComplete(t *testing.T) {
	idx := defaultIndex(t)
	got := map[string]bool{"aws": idx.Complete("aws"), "awscc": idx.Complete("awscc"), "nope": idx.Complete("nope")}
	if diff := cmp.Diff(map[string]bool{"aws": false, "awscc": true, "nope": false}, got); diff != "" {
		t.Errorf("Complete (-want +got):\n%s", diff)
	}
	p, err := Load("x.json", strings.NewReader(`{"format": "carina-schema-index", "format_version": 1, "provider": "demo", "complete_type_list": true, "resources": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	q, err := Load("y.json", strings.NewReader(`{"format": "carina-schema-index", "format_version": 1, "provider": "demo", "resources": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Complete || q.Complete {
		t.Errorf("complete_type_list: Complete = %t and %t, want true and false", p.Complete, q.Complete)
	}
	if !NewIndex(p, q).Complete("demo") || NewIndex(q).Complete("demo") || (*Index)(nil).Complete("demo") {
		t.Error("Complete of a combined index is wrong")
	}
}
