package schema

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWaitDefaults(t *testing.T) {
	idx := defaultIndex(t)
	mini := NewIndex(mustLoadFile(t, "testdata/mini.json"))
	type got struct {
		Timeout, Interval uint64
		Source            string
	}
	tests := []struct {
		name string
		idx  *Index
		head string
		want got
	}{
		// No provider declares wait defaults (schemas.md §3): the ACM certificate waits 5 min
		// unless the wait says otherwise, as in Carina.
		{"ACM certificate: Carina's default", idx, "aws.acm.Certificate", got{300, 5, FallbackSource}},
		{"no wait defaults: fallback", idx, "awscc.ec2.Vpc", got{300, 5, FallbackSource}},
		{"data source", idx, "aws.sts.CallerIdentity", got{300, 5, FallbackSource}},
		{"unknown head", idx, "awscc.ec2.Instance", got{300, 5, FallbackSource}},
		{"unknown provider", idx, "google.compute.Instance", got{300, 5, FallbackSource}},
		{"own timeout, provider interval", mini, "demo.svc.Thing", got{900, 10, "timeout: demo.svc.Thing schema (testdata/mini.json); interval: " + FallbackSource}},
		{"provider wait_defaults", mini, "demo.svc.Lookup", got{600, 10, FallbackSource}},
		{"nil index", nil, "aws.acm.Certificate", got{300, 5, FallbackSource}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			to, iv, src := tt.idx.WaitDefaults(tt.head)
			if diff := cmp.Diff(tt.want, got{to, iv, src}); diff != "" {
				t.Errorf("WaitDefaults(%q) (-want +got):\n%s", tt.head, diff)
			}
		})
	}
	// The provider's own entry is the one the index serves.
	if r := idx.Resource("aws.acm.Certificate"); r.Origin != "embedded:aws.json" || r.Wait != (Wait{}) {
		t.Errorf("aws.acm.Certificate from %s with %+v", r.Origin, r.Wait)
	}
}
