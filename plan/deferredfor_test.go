package plan

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDeferredFor: a for over what is known only after apply plans a template under what it
// waits for; one known at parse time is left unsupported, never guessed.
func TestDeferredFor(t *testing.T) {
	const cert = "let cert = aws.acm.Certificate {\n  domain_name = 'a.example.com'\n}\n"
	tests := []struct {
		name        string
		src         string
		state       string // "" for none
		want        string // the plan's lines after "Execution Plan:"
		unsupported int
	}{
		{"over a resource's attribute, bound", cert + "let recs = for o in cert.domain_validation_options {\n  aws.route53.RecordSet {\n    name = o.resource_record.name\n    ttl = 60\n    resource_records = [o.resource_record.value]\n  }\n}\n", "",
			`  + aws.acm.Certificate cert
      domain_name: "a.example.com"
        │
        └─ + aws.route53.RecordSet recs[*] (N records after cert applies)
              <- for o in cert.domain_validation_options
              name: (known after cert applies)
              resource_records: (known after cert applies)
              ttl: 60

Plan: 1 to add, 0 to change, 0 to destroy.
       N to add after cert applies.`, 0},
		{"a list of an unknown and a constant stays a list", cert + "for o in cert.domain_validation_options {\n  aws.route53.RecordSet {\n    resource_records = [o.resource_record.value, 'x']\n  }\n}\n", "",
			`  + aws.acm.Certificate cert
      domain_name: "a.example.com"
        │
        └─ + aws.route53.RecordSet (N records after cert applies)
              <- for o in cert.domain_validation_options
              resource_records: [(known after cert applies), "x"]

Plan: 1 to add, 0 to change, 0 to destroy.
       N to add after cert applies.`, 0},
		{"over a list known at parse time: expanded, not a template", "for n in ['a', 'b'] {\n  aws.s3.Bucket {\n    bucket = n\n  }\n}\n", "", `  + aws.s3.Bucket _for0[0]
      bucket: "a"
  + aws.s3.Bucket _for0[1]
      bucket: "b"

Plan: 2 to add, 0 to change, 0 to destroy.`, 0},
		{"the items of an earlier apply are replaced", cert + "let recs = for o in cert.domain_validation_options {\n  aws.route53.RecordSet {\n    ttl = 60\n  }\n}\n",
			stateOf(`route53.RecordSet recs[0] {"ttl": 60}`),
			`  + aws.acm.Certificate cert
      domain_name: "a.example.com"
        │
        └─ +/- aws.route53.RecordSet recs[*] (N records after cert applies)
              <- for o in cert.domain_validation_options
              ttl: 60

Plan: 1 to add, 0 to change, 0 to destroy.
       N to replace after cert applies.`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := planOf(t, tt.src, tt.state)
			if len(p.Unsupported) != tt.unsupported {
				t.Fatalf("unsupported: %v, want %d", p.Unsupported, tt.unsupported)
			}
			if tt.want == "" {
				return
			}
			var b bytes.Buffer
			if err := Write(&b, p, Options{}); err != nil {
				t.Fatal(err)
			}
			got := strings.TrimSpace(strings.TrimPrefix(b.String(), "Execution Plan:\n\n"))
			if diff := cmp.Diff(strings.TrimSpace(tt.want), got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
