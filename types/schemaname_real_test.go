package types

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/schema"
)

// TestSchemaNameMatchesFiles checks SchemaName against the schema files' display field, Carina's
// own name of each attribute's type, for every member of the shared schemas: the messages that
// quote Carina's name schema types as it does.
func TestSchemaNameMatchesFiles(t *testing.T) {
	for _, file := range []string{"aws.json", "awscc.json"} {
		path := filepath.Join(corpus.Shared(t, "schemas"), file)
		if _, err := os.Stat(path); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing (CI=true: the conformance inputs are required): %v", path, err)
			}
			t.Skipf("skipping: %s is missing", path)
		}
		p, err := schema.LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		n, bad := 0, 0
		var check func(where string, m *schema.Member)
		var walk func(where string, ty *schema.Type)
		walk = func(where string, ty *schema.Type) {
			switch ty.Kind {
			case schema.KindList:
				walk(where, ty.Element)
			case schema.KindMap:
				walk(where, ty.Value)
			case schema.KindUnion:
				for _, u := range ty.Members {
					walk(where, u)
				}
			case schema.KindStruct:
				for name, f := range ty.Fields() {
					check(where+"."+name, f)
				}
			}
		}
		check = func(where string, m *schema.Member) {
			if m.Display == "" {
				walk(where, m.Type)
				return
			}
			n++
			if got := SchemaName(m.Type); got != m.Display {
				bad++
				if bad <= 10 {
					t.Errorf("%s %s: SchemaName = %q, display %q", file, where, got, m.Display)
				}
			}
			walk(where, m.Type)
		}
		for head, r := range p.Resources {
			for name, m := range r.Attributes {
				check(head+"."+name, m)
			}
			for name, d := range r.Defs {
				walk(head+" defs."+name, d)
			}
		}
		if bad > 0 || n == 0 {
			t.Errorf("%s: %d of %d displays differ", file, bad, n)
		}
		t.Logf("%s: %d displays", file, n)
	}
}
