package state

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkRead reads a state file of 2,000 resources (about 1.3 MB).
func BenchmarkRead(b *testing.B) {
	var rows []string
	for i := range 2000 {
		rows = append(rows, fmt.Sprintf(`{"resource_type": "ec2.Subnet", "identity": "s%d", "provider": "awscc", "identifier": "subnet-%d",
  "attributes": {"cidr_block": "10.%d.%d.0/24", "vpc_id": "vpc-1", "tags": {"Name": "subnet-%d", "Env": "prod"}, "map_public_ip_on_launch": false},
  "explicit": {"kind": "struct", "children": {"cidr_block": {"kind": "leaf"}, "vpc_id": {"kind": "leaf"}, "tags": {"kind": "leaf"}}},
  "binding": "s%d", "dependency_bindings": ["vpc"], "directives": {}, "prefixes": {}, "name_overrides": {}, "protected": false}`, i, i, i/256, i%256, i, i))
	}
	src := []byte(doc(10, strings.Join(rows, ",\n")))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read("bench.json", src); err != nil {
			b.Fatal(err)
		}
	}
}
