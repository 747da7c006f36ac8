package plan

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
)

// BenchmarkCompute plans 500 subnets, each reading one VPC, against their state (every tenth
// changed): the cost of a whole plan, which the server would pay per configuration.
func BenchmarkCompute(b *testing.B) {
	var src strings.Builder
	var rows []string
	src.WriteString("let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n}\n")
	rows = append(rows, `{"resource_type": "ec2.Vpc", "identity": "vpc", "provider": "awscc", "identifier": "vpc-1", "binding": "vpc", "attributes": {"cidr_block": "10.0.0.0/16", "vpc_id": "vpc-1"}}`)
	for i := range 500 {
		fmt.Fprintf(&src, "let s%d = awscc.ec2.Subnet {\n  vpc_id = vpc.vpc_id\n  cidr_block = '10.0.%d.0/24'\n  tags = { Name = 's%d' }\n}\n", i, i%256, i)
		name := fmt.Sprintf("s%d", i)
		if i%10 == 0 {
			name += "-old"
		}
		rows = append(rows, fmt.Sprintf(`{"resource_type": "ec2.Subnet", "identity": "s%d", "provider": "awscc", "identifier": "subnet-%d", "binding": "s%d",
  "attributes": {"cidr_block": "10.0.%d.0/24", "vpc_id": "vpc-1", "tags": {"Name": %q}}}`, i, i, i, i%256, name))
	}
	f := &workspace.File{Path: "/cfg/main.crn", AST: grammar.NewParser().Parse(src.String()), Lines: source.NewLines(src.String())}
	cfg := workspace.Build("/cfg", []*workspace.File{f})
	var sources schema.Sources
	idx, err := sources.ForConfig(cfg.Pins())
	if err != nil {
		b.Fatal(err)
	}
	st, err := state.Read("s.json", []byte(`{"version": 10, "serial": 1, "lineage": "l", "carina_version": "x", "resources": [`+strings.Join(rows, ",")+`]}`))
	if err != nil {
		b.Fatal(err)
	}
	info := cfg.Types(idx)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		p, err := Compute(ctx, Input{Config: cfg, Info: info, Schemas: IndexSchemas{idx}, State: st})
		if err != nil || p.Summary().Update != 50 {
			b.Fatalf("%v %+v", err, p.Summary())
		}
	}
}

// BenchmarkSecretHash is one Argon2id hash with Carina's parameters: what comparing one
// configured secret with its stored hash costs when the cache does not know it.
func BenchmarkSecretHash(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		argonHex(`"my-secret-password"`, "carina:awscc.ec2.Vpc:vpc:tags")
	}
}

// BenchmarkSecretReplan plans secretConfig's two resources (three secrets against their stored
// values, two of them hashes) again and again, as the server does on every keystroke: with a
// memo, the hashes are the cache's after the first plan; without one, each plan hashes both.
func BenchmarkSecretReplan(b *testing.B) {
	src := secretConfig("s3cret", "s3cret", "plain")
	st, err := state.Read("s.json", []byte(secretState))
	if err != nil {
		b.Fatal(err)
	}
	f := &workspace.File{Path: "/cfg/main.crn", AST: grammar.NewParser().Parse(src), Lines: source.NewLines(src)}
	cfg := workspace.Build("/cfg", []*workspace.File{f})
	var sources schema.Sources
	idx, err := sources.ForConfig(cfg.Pins())
	if err != nil {
		b.Fatal(err)
	}
	info := cfg.Types(idx)
	for _, memo := range []bool{true, false} {
		b.Run(fmt.Sprintf("memo=%v", memo), func(b *testing.B) {
			var m *Memo
			if memo {
				m = NewMemo()
			}
			b.ReportAllocs()
			for b.Loop() {
				p, err := Compute(context.Background(), Input{Config: cfg, Info: info, Schemas: IndexSchemas{idx}, State: st, Memo: m})
				if err != nil || p.Summary().Update != 0 {
					b.Fatalf("%v %+v", err, p.Summary())
				}
			}
		})
	}
}
