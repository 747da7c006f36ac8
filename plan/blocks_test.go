package plan

import (
	"context"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// plannedBodies plans a configuration and returns each resource's desired attributes as
// `name: Debug text` and the plan's Unsupported messages.
func plannedBodies(t *testing.T, srcs map[string]string, withSchemas bool) ([][]string, []string) {
	t.Helper()
	ctx := context.Background()
	ws := workspace.New(workspace.OSFS{})
	cfg, err := ws.Config(ctx, writeTree(t, srcs))
	if err != nil {
		t.Fatal(err)
	}
	var sources schema.Sources
	idx, err := ws.Schemas(ctx, &sources, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	var sch Schemas
	if withSchemas {
		sch = IndexSchemas{idx}
	}
	p, err := Compute(ctx, Input{Config: cfg, Info: cfg.Types(idx), Schemas: sch})
	if err != nil {
		t.Fatal(err)
	}
	var bodies [][]string
	for _, r := range p.Resources {
		var attrs []string
		for _, a := range r.Desired {
			d, _ := debugValue(a.Value)
			attrs = append(attrs, a.Name+": "+d)
		}
		bodies = append(bodies, attrs)
	}
	var notes []string
	for _, u := range p.Unsupported {
		notes = append(notes, u.Message)
	}
	return bodies, notes
}

// TestBlockAttributes plans nested blocks as the attributes Carina's parser makes of them: each
// configuration plans as the one written with list attributes in Carina's order (the blocks of
// a name a list of maps, after the attributes; with a schema, under the attribute whose block
// name they use, moved to the end), and with no Unsupported note.
func TestBlockAttributes(t *testing.T) {
	const table = "awscc.dynamodb.Table {\n  table_name = 'x'\n%s}\n"
	tests := []struct {
		name       string
		blocks, as string
		sch        bool
	}{
		{"no schema: a list of maps under the block's name",
			"awscc.ec2.Subnet {\n  tag {\n    key = 'a'\n  }\n  cidr_block = '10.0.1.0/24'\n}\n",
			"awscc.ec2.Subnet {\n  cidr_block = '10.0.1.0/24'\n  tag = [{ key = 'a' }]\n}\n", false},
		{"no schema: repeated blocks in order, names by first block",
			"aws.s3.Bucket {\n  b {\n    k = 1\n  }\n  a {\n    k = 2\n  }\n  b {\n    k = 3\n  }\n  bucket_name = 'x'\n}\n",
			"aws.s3.Bucket {\n  bucket_name = 'x'\n  b = [{ k = 1 }, { k = 3 }]\n  a = [{ k = 2 }]\n}\n", false},
		{"no schema: nested blocks inside a block, after its attributes",
			"aws.s3.Bucket {\n  rule {\n    inner {\n      v = 'i'\n    }\n    id = 'r'\n  }\n}\n",
			"aws.s3.Bucket {\n  rule = [{ id = 'r', inner = [{ v = 'i' }] }]\n}\n", false},
		{"no schema: a block takes an attribute's place",
			"aws.s3.Bucket {\n  tag = 'x'\n  bucket_name = 'b'\n  tag {\n    k = 1\n  }\n}\n",
			"aws.s3.Bucket {\n  tag = [{ k = 1 }]\n  bucket_name = 'b'\n}\n", false},
		{"no schema: a local let inside a block",
			"aws.s3.Bucket {\n  rule {\n    let n = 'v'\n    id = n\n  }\n}\n",
			"aws.s3.Bucket {\n  rule = [{ id = 'v' }]\n}\n", false},
		{"schema: block names renamed and moved to the end",
			fmtTable(table, "  attribute_definition {\n    attribute_name = 'pk'\n    attribute_type = s\n  }\n  key_schema {\n    attribute_name = 'pk'\n    key_type = hash\n  }\n  billing_mode = pay_per_request\n"),
			fmtTable(table, "  billing_mode = pay_per_request\n  key_schema = [{ attribute_name = 'pk', key_type = hash }]\n  attribute_definitions = [{ attribute_name = 'pk', attribute_type = s }]\n"), true},
		{"schema: a field's block name inside a struct renamed",
			"awscc.s3.Bucket {\n  bucket_name = 'b'\n  lifecycle_configuration = {\n    rule {\n      id = 'a'\n      status = 'Enabled'\n    }\n  }\n}\n",
			"awscc.s3.Bucket {\n  bucket_name = 'b'\n  lifecycle_configuration = {\n    rules = [{ id = 'a', status = 'Enabled' }]\n  }\n}\n", true},
		{"no schema: no rename",
			fmtTable(table, "  attribute_definition {\n    attribute_name = 'pk'\n    attribute_type = s\n  }\n"),
			fmtTable(table, "  attribute_definition = [{ attribute_name = 'pk', attribute_type = s }]\n"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, notes := plannedBodies(t, map[string]string{"main.crn": tt.blocks}, tt.sch)
			want, _ := plannedBodies(t, map[string]string{"main.crn": tt.as}, tt.sch)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("desired (-want +got):\n%s", diff)
			}
			if len(notes) > 0 {
				t.Errorf("unsupported: %q", notes)
			}
			// Carina's fallback name hashes the values: a block's is its list's.
			ids, wantIDs := anonymousIDs(t, tt.blocks, tt.sch), anonymousIDs(t, tt.as, tt.sch)
			if diff := cmp.Diff(wantIDs, ids); diff != "" || slices.Contains(ids, "(unresolved)") {
				t.Errorf("identities %q, want %q resolved", ids, wantIDs)
			}
		})
	}
}

func fmtTable(format, items string) string {
	return format[:len(format)-len("%s}\n")] + items + "}\n"
}

// TestBlockRefused notes what Carina's validation refuses instead of planning it.
func TestBlockRefused(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"a block for a struct attribute",
			"awscc.dynamodb.Table {\n  table_name = 'x'\n  time_to_live_specification {\n    enabled = true\n  }\n}\n",
			[]string{"a block for a struct attribute: Carina rejects it (write `name = { ... }`)"}},
		{"a block name and its attribute both written",
			"awscc.dynamodb.Table {\n  table_name = 'x'\n  attribute_definitions = [{ attribute_name = 'a', attribute_type = s }]\n  attribute_definition {\n    attribute_name = 'pk'\n    attribute_type = s\n  }\n}\n",
			[]string{"both attribute_definition and attribute_definitions are written: Carina refuses the configuration"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := plannedBodies(t, map[string]string{"main.crn": tt.src}, true)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("unsupported (-want +got):\n%s", diff)
			}
		})
	}
}

// TestModuleBlockAttributes: a module's resource plans its nested blocks as a root resource
// does, its values from the call's arguments.
func TestModuleBlockAttributes(t *testing.T) {
	module := func(items string) map[string]string {
		return map[string]string{
			"main.crn":     "let m = use { source = './mod' }\nlet a = m { name = 'x' }\n",
			"mod/main.crn": "arguments {\n  name: String\n}\nlet t = awscc.dynamodb.Table {\n  table_name = name\n" + items + "}\n",
		}
	}
	tests := []struct {
		name, blocks, as string
		sch              bool
	}{
		{"schema", "  attribute_definition {\n    attribute_name = name\n    attribute_type = s\n  }\n  billing_mode = pay_per_request\n",
			"  billing_mode = pay_per_request\n  attribute_definitions = [{ attribute_name = name, attribute_type = s }]\n", true},
		{"no schema", "  key_schema {\n    attribute_name = name\n  }\n  billing_mode = pay_per_request\n",
			"  billing_mode = pay_per_request\n  key_schema = [{ attribute_name = name }]\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, notes := plannedBodies(t, module(tt.blocks), tt.sch)
			want, _ := plannedBodies(t, module(tt.as), tt.sch)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("desired (-want +got):\n%s", diff)
			}
			if len(got) != 1 || len(got[0]) != 3 || len(notes) > 0 {
				t.Errorf("got %q, unsupported %q; want one resource of three attributes, no note", got, notes)
			}
		})
	}
}
