package plan

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
	"github.com/google/go-cmp/cmp"
)

// planOf plans a one-file configuration against a state file's text ("" for none), with the
// embedded schemas.
func planOf(t *testing.T, src, stateJSON string) *Plan {
	t.Helper()
	return computeOf(t, src, stateJSON, Compute)
}

// computeOf is planOf with the plan's computation given: Compute or ComputeDestroy.
func computeOf(t *testing.T, src, stateJSON string, compute func(context.Context, Input) (*Plan, error)) *Plan {
	t.Helper()
	dir := "/cfg"
	f := &workspace.File{Path: filepath.Join(dir, "main.crn"), AST: grammar.NewParser().Parse(src), Lines: source.NewLines(src)}
	cfg := workspace.Build(dir, []*workspace.File{f})
	var sources schema.Sources
	idx, err := sources.ForConfig(cfg.Pins())
	if err != nil {
		t.Fatal(err)
	}
	var st *state.File
	if stateJSON != "" {
		if st, err = state.Read("carina.state.json", []byte(stateJSON)); err != nil {
			t.Fatal(err)
		}
	}
	p, err := compute(context.Background(), Input{Config: cfg, Info: cfg.Types(idx), Schemas: IndexSchemas{idx}, State: st})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// stateOf writes a state file of rows: each "type identity attrs-json [explicit keys...]".
func stateOf(rows ...string) string {
	var out []string
	for _, r := range rows {
		parts := strings.SplitN(r, " ", 3)
		out = append(out, fmt.Sprintf(`{"resource_type": %q, "identity": %q, "provider": "awscc", "identifier": "id-%s", "binding": %q, "attributes": %s}`,
			parts[0], parts[1], parts[1], parts[1], parts[2]))
	}
	return `{"version": 10, "serial": 1, "lineage": "l", "carina_version": "0.4.0", "resources": [` + strings.Join(out, ",") + `]}`
}

// opsOf summarises a plan: per resource "op identity changed..." and the errors.
func opsOf(p *Plan) []string {
	var out []string
	for _, r := range p.Resources {
		s := r.Op.String() + " " + r.Identity
		for _, c := range r.Changes {
			s += " " + c.Name
			if c.Forces {
				s += "!"
			}
		}
		if r.Deposed != nil {
			s += " deposed:" + r.Deposed.Identifier
		}
		out = append(out, s)
	}
	for _, e := range p.Errors {
		out = append(out, "error: "+e.Message)
	}
	return out
}

const vpc = `let vpc = awscc.ec2.Vpc {
  cidr_block = '10.0.0.0/16'
  enable_dns_support = true
  tags = { Name = 'main' }
}
`

func TestCompute(t *testing.T) {
	tests := []struct {
		name, src, state string
		want             []string
	}{
		{"nothing applied: create", vpc, "", []string{"create vpc"}},
		{"applied: no change", vpc,
			stateOf(`ec2.Vpc vpc {"cidr_block": "10.0.0.0/16", "enable_dns_support": true, "tags": {"Name": "main"}, "vpc_id": "vpc-1"}`),
			[]string{"no-op vpc"}},
		{"a tag changed: update", vpc,
			stateOf(`ec2.Vpc vpc {"cidr_block": "10.0.0.0/16", "enable_dns_support": true, "tags": {"Name": "old"}}`),
			[]string{"update vpc tags"}},
		{"cidr_block is create-only: replace", vpc,
			stateOf(`ec2.Vpc vpc {"cidr_block": "10.9.0.0/16", "enable_dns_support": false, "tags": {"Name": "main"}}`),
			[]string{"replace vpc cidr_block! enable_dns_support"}},
		{"gone from the configuration: delete", "",
			stateOf(`ec2.Vpc vpc {"cidr_block": "10.0.0.0/16"}`),
			[]string{"delete vpc"}},
		{"prevent_destroy on a replace: refused", strings.Replace(vpc, "tags", "directives {\n    prevent_destroy = true\n  }\n  tags", 1),
			stateOf(`ec2.Vpc vpc {"cidr_block": "10.9.0.0/16", "enable_dns_support": true, "tags": {"Name": "main"}}`),
			[]string{"replace vpc cidr_block!", "error: awscc.ec2.Vpc vpc: resource has prevent_destroy set, but the plan would replace it (which requires destroying the old resource)"}},
		{"an anonymous resource takes its state row", "awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n}\n",
			stateOf(`ec2.Vpc ec2_vpc_fb75c929 {"cidr_block": "10.0.0.0/16"}`),
			[]string{"no-op ec2_vpc_fb75c929"}},
		{"a reference to an applied resource reads its state", vpc + "let sn = awscc.ec2.Subnet {\n  vpc_id = vpc.vpc_id\n  cidr_block = '10.0.1.0/24'\n}\n",
			stateOf(`ec2.Vpc vpc {"cidr_block": "10.0.0.0/16", "enable_dns_support": true, "tags": {"Name": "main"}, "vpc_id": "vpc-1"}`,
				`ec2.Subnet sn {"cidr_block": "10.0.1.0/24", "vpc_id": "vpc-1"}`),
			[]string{"no-op vpc", "no-op sn"}},
		{"an enum identifier against its wire value", "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n  instance_tenancy = awscc.ec2.Vpc.InstanceTenancy.dedicated\n}\n",
			stateOf(`ec2.Vpc vpc {"cidr_block": "10.0.0.0/16", "instance_tenancy": "dedicated"}`),
			[]string{"no-op vpc"}},
		{"moved: the row under its new name", "moved {\n  from = awscc.ec2.Vpc 'old'\n  to = awscc.ec2.Vpc 'vpc'\n}\n" + vpc,
			stateOf(`ec2.Vpc old {"cidr_block": "10.0.0.0/16", "enable_dns_support": true, "tags": {"Name": "main"}}`),
			[]string{"move vpc"}},
		{"moved with a change: an update", "moved {\n  from = awscc.ec2.Vpc 'old'\n  to = awscc.ec2.Vpc 'vpc'\n}\n" + vpc,
			stateOf(`ec2.Vpc old {"cidr_block": "10.0.0.0/16", "enable_dns_support": true, "tags": {"Name": "x"}}`),
			[]string{"update vpc tags"}},
		{"removed: forgotten, not deleted", "removed {\n  from = awscc.ec2.Vpc 'gone'\n}\n",
			stateOf(`ec2.Vpc gone {"cidr_block": "10.0.0.0/16"}`),
			[]string{"remove gone"}},
		{"import: adopted, not created", "import {\n  to = awscc.ec2.Vpc 'vpc'\n  id = 'vpc-123'\n}\n" + vpc, "",
			[]string{"import vpc"}},
		{"import already done: the block is spent", "import {\n  to = awscc.ec2.Vpc 'vpc'\n  id = 'vpc-123'\n}\n" + vpc,
			stateOf(`ec2.Vpc vpc {"cidr_block": "10.0.0.0/16", "enable_dns_support": true, "tags": {"Name": "main"}}`),
			[]string{"no-op vpc"}},
		// The schema decides a list's order: client_id_list is a set, secondary_private_ip_addresses
		// keeps its order (insertionOrder).
		{"a list the schema leaves unordered, reordered: no change", "let p = awscc.iam.OidcProvider {\n  client_id_list = ['a', 'b']\n}\n",
			stateOf(`iam.OidcProvider p {"client_id_list": ["b", "a"]}`),
			[]string{"no-op p"}},
		{"a list the schema leaves unordered, changed: update", "let p = awscc.iam.OidcProvider {\n  client_id_list = ['a', 'b']\n}\n",
			stateOf(`iam.OidcProvider p {"client_id_list": ["b", "c"]}`),
			[]string{"update p client_id_list"}},
		{"an ordered list reordered: update", "let n = awscc.ec2.NatGateway {\n  secondary_private_ip_addresses = ['10.0.0.1', '10.0.0.2']\n}\n",
			stateOf(`ec2.NatGateway n {"secondary_private_ip_addresses": ["10.0.0.2", "10.0.0.1"]}`),
			[]string{"update n secondary_private_ip_addresses"}},
		{"an ordered list in order: no change", "let n = awscc.ec2.NatGateway {\n  secondary_private_ip_addresses = ['10.0.0.1', '10.0.0.2']\n}\n",
			stateOf(`ec2.NatGateway n {"secondary_private_ip_addresses": ["10.0.0.1", "10.0.0.2"]}`),
			[]string{"no-op n"}},
		// The hash of "s3cret" for tags of awscc.ec2.Vpc vpc, from libargon2 (secret_test.go).
		{"a secret against its stored hash: unchanged", "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n  tags = { P = secret('s3cret') }\n}\n",
			stateOf(`ec2.Vpc vpc {"cidr_block": "10.0.0.0/16", "tags": {"P": "_secret:argon2:c88eda42e2f00921179f25eb258d20d2b20cf69540128ab2cf7d513783823238"}}`),
			[]string{"no-op vpc"}},
		{"a secret against another's hash: update", "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n  tags = { P = secret('x') }\n}\n",
			stateOf(`ec2.Vpc vpc {"cidr_block": "10.0.0.0/16", "tags": {"P": "_secret:argon2:c88eda42e2f00921179f25eb258d20d2b20cf69540128ab2cf7d513783823238"}}`),
			[]string{"update vpc tags"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, opsOf(planOf(t, tt.src, tt.state))); diff != "" {
				t.Errorf("plan (-want +got):\n%s", diff)
			}
		})
	}
}

func TestComputeExports(t *testing.T) {
	src := vpc + "exports {\n  cidr = vpc.cidr_block\n  name: String = 'x'\n  id = vpc.vpc_id\n}\n"
	st := strings.Replace(stateOf(`ec2.Vpc vpc {"cidr_block": "10.0.0.0/16", "enable_dns_support": true, "tags": {"Name": "main"}, "vpc_id": "vpc-1"}`),
		`"resources"`, `"exports": {"cidr": "10.0.0.0/16", "name": "y", "gone": 1}, "resources"`, 1)
	var got []string
	for _, e := range planOf(t, src, st).Exports {
		line := e.Name + ":"
		if e.HasOld {
			line += " " + storedExportText(e.Old)
		}
		if e.HasNew {
			line += " → " + exportText(e.New)
		}
		got = append(got, line)
	}
	want := []string{"gone: 1", "id: → 'vpc-1'", "name: 'y' → 'x'"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("export changes (-want +got):\n%s", diff)
	}
}

func TestComputeDeposed(t *testing.T) {
	st := `{"version": 9, "serial": 1, "lineage": "l", "carina_version": "0.4.0", "resources": [{"resource_type": "ec2.Vpc", "identity": "vpc", "provider": "awscc", "identifier": "vpc-new", "binding": "vpc",
	  "attributes": {"cidr_block": "10.0.0.0/16"}, "deposed": [{"key": "k1", "identifier": "vpc-old", "attributes": {"cidr_block": "10.1.0.0/16"}, "dependency_bindings": []}]}]}`
	got := opsOf(planOf(t, "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n}\n", st))
	if diff := cmp.Diff([]string{"no-op vpc", "delete vpc deposed:vpc-old"}, got); diff != "" {
		t.Errorf("plan (-want +got):\n%s", diff)
	}
}

// TestComputeUnsupported: what is not planned is named, never guessed.
func TestComputeUnsupported(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"data source", "let d = read awscc.s3.Bucket {\n  bucket_name = 'b'\n}\n", "data sources"},
		{"for bound to _", "let _ = for x in ['a', 'b'] {\n  awscc.s3.Bucket { bucket_name = x }\n}\n", "bound to `_`"},
		{"module not loaded", "let m = use { source = './nowhere' }\nlet i = m {}\n", "not loaded"},
		{"if on a value known after apply", "let v = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n}\nlet b = if v.vpc_id == 'x' {\n  awscc.s3.Bucket { bucket_name = 'b' }\n}\n", "condition is not known"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := planOf(t, tt.src, "")
			var got []string
			for _, u := range p.Unsupported {
				got = append(got, u.Message)
			}
			if !slices.ContainsFunc(got, func(m string) bool { return strings.Contains(m, tt.want) }) {
				t.Errorf("unsupported = %q, want one saying %q", got, tt.want)
			}
		})
	}
}

func TestComputeCancelled(t *testing.T) {
	f := &workspace.File{Path: "/cfg/main.crn", AST: grammar.NewParser().Parse(vpc), Lines: source.NewLines(vpc)}
	cfg := workspace.Build("/cfg", []*workspace.File{f})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compute(ctx, Input{Config: cfg, Info: cfg.Types(nil)}); err != context.Canceled {
		t.Errorf("Compute(cancelled) = %v, want context.Canceled", err)
	}
}

// TestComputeUpstream: an upstream_state's export is read from that configuration's state file;
// one it does not publish is known after the upstream's apply.
func TestComputeUpstream(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"net/main.crn":          "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n}\n",
		"net/carina.state.json": `{"version": 10, "serial": 1, "lineage": "l", "carina_version": "x", "resources": [], "exports": {"vpc": {"vpc_id": "vpc-9"}, "ids": ["a", "b"]}}`,
		"app/main.crn": "let net = upstream_state {\n  source = '../net'\n}\n" +
			"let sg = awscc.ec2.SecurityGroup {\n  group_description = \"in ${net.vpc.vpc_id}\"\n  vpc_id = net.vpc.vpc_id\n  tags = { A = net.ids[1], B = net.vpc.missing }\n}\n",
	}
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := planDir(t, filepath.Join(dir, "app"), nil)
	var got []string
	for _, a := range p.Resources[0].Desired {
		got = append(got, a.Name+" = "+a.Value.Display())
	}
	want := []string{`group_description = "in vpc-9"`, `vpc_id = "vpc-9"`, `tags = {A: "b", B: (known after upstream apply: net.vpc.missing)}`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("values (-want +got):\n%s", diff)
	}
}

// TestWriteOnlyNeverShown: a stored write-only attribute is compared but displayed as (secret).
func TestWriteOnlyNeverShown(t *testing.T) {
	st := strings.Replace(stateOf(`ec2.Vpc vpc {"cidr_block": "10.0.0.0/16", "enable_dns_support": true, "tags": {"Name": "main", "Pw": "hunter2"}}`),
		`"binding": "vpc",`, `"binding": "vpc", "write_only_attributes": ["tags"],`, 1)
	p := planOf(t, vpc, st)
	var buf strings.Builder
	if err := Write(&buf, p, Options{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "hunter2") || !strings.Contains(buf.String(), "- Pw: (secret)") {
		t.Errorf("the write-only value shows, or its removal does not:\n%s", buf.String())
	}
}
