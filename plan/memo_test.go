package plan

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
	"github.com/google/go-cmp/cmp"
)

// memoConfig is a configuration whose statements read each other through lets, resource
// attributes, a wait, a function and directives: what an edit reaches beyond its statement.
const memoConfig = `provider aws {
  region = 'us-east-1'
}

let env = 'dev'
let cidr = '10.0.0.0/16'

fn tagged(name) {
  { Name = name, Env = env }
}

let vpc = awscc.ec2.Vpc {
  cidr_block = cidr
  tags = tagged('main')
}

let subnet = awscc.ec2.Subnet {
  vpc_id = vpc.vpc_id
  cidr_block = '10.0.1.0/24'
  tags = { Name = "sub-${env}" }
}

let cert = aws.acm.Certificate {
  domain_name = 'example.com'
  validation_method = aws.acm.Certificate.ValidationMethod.dns
}

let cert_issued = wait cert {
  until = cert.status == aws.acm.Certificate.Status.issued
}

let zone = aws.route53.HostedZone {
  name = cert_issued.domain_name
}

awscc.ec2.InternetGateway {
  tags = { Name = env }
  directives {
    prevent_destroy = true
  }
}
`

const memoState = `{"version": 10, "serial": 1, "lineage": "l", "carina_version": "0.4.0", "resources": [
{"resource_type": "ec2.Vpc", "identity": "vpc", "provider": "awscc", "identifier": "vpc-1", "binding": "vpc", "attributes": {"cidr_block": "10.0.0.0/16", "vpc_id": "vpc-1", "tags": {"Name": "main", "Env": "dev"}}},
{"resource_type": "ec2.Subnet", "identity": "subnet", "provider": "awscc", "identifier": "subnet-1", "binding": "subnet", "attributes": {"cidr_block": "10.0.1.0/24", "vpc_id": "vpc-1", "tags": {"Name": "sub-dev"}}},
{"resource_type": "acm.Certificate", "identity": "cert", "provider": "aws", "identifier": "arn-1", "binding": "cert", "attributes": {"domain_name": "example.com", "validation_method": "DNS", "status": "ISSUED"}},
{"resource_type": "route53.HostedZone", "identity": "zone", "provider": "aws", "identifier": "z-1", "binding": "zone", "attributes": {"name": "example.com"}}
]}`

// TestMemoAgreesWithFresh edits a configuration step by step, each step a random change of one
// literal (or of a statement's presence), and holds that the plan computed with the memo of the
// earlier steps equals the plan computed from nothing, in every output form.
func TestMemoAgreesWithFresh(t *testing.T) {
	// Two state files, one with the subnet's cidr_block and the certificate's status and
	// validation_method changed: a step may read either, as the server reads the file again
	// when it changes.
	var states [2]*state.File
	for i, text := range []string{memoState, strings.NewReplacer(`"10.0.1.0/24"`, `"10.0.9.0/24"`, `"ISSUED"`, `"PENDING_VALIDATION"`, `"DNS"`, `"EMAIL"`).Replace(memoState)} {
		st, err := state.Read("carina.state.json", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		states[i] = st
	}
	var sources schema.Sources
	parser := grammar.NewParser() // shared across versions, as the server's: unchanged statements keep their parse
	memo := NewMemo()
	edits := []func(string, *rand.Rand) string{
		func(s string, r *rand.Rand) string {
			return strings.Replace(s, "'dev'", fmt.Sprintf("'e%d'", r.IntN(3)), 1)
		},
		func(s string, r *rand.Rand) string {
			return strings.Replace(s, "'10.0.0.0/16'", fmt.Sprintf("'10.%d.0.0/16'", r.IntN(2)), 1)
		},
		func(s string, r *rand.Rand) string { return strings.Replace(s, "'example.com'", "'example.org'", 1) },
		func(s string, r *rand.Rand) string { return strings.Replace(s, "'example.org'", "'example.com'", 1) },
		func(s string, r *rand.Rand) string { return strings.Replace(s, "Name = name", "Name = 'fixed'", 1) },
		func(s string, r *rand.Rand) string { return strings.Replace(s, "Name = 'fixed'", "Name = name", 1) },
		func(s string, r *rand.Rand) string {
			return strings.Replace(s, "prevent_destroy = true", "prevent_destroy = false", 1)
		},
		func(s string, r *rand.Rand) string {
			return strings.Replace(s, "prevent_destroy = false", "prevent_destroy = true", 1)
		},
		func(s string, r *rand.Rand) string {
			return strings.Replace(s, "\nlet env", "\n# a comment\nlet env", 1)
		},
		func(s string, r *rand.Rand) string { return strings.Replace(s, "let cidr = ", "let cidr2 = ", 1) },
		func(s string, r *rand.Rand) string { return strings.Replace(s, "let cidr2 = ", "let cidr = ", 1) },
		func(s string, r *rand.Rand) string { return strings.Replace(s, "vpc.vpc_id", "vpc.cidr_block", 1) },
		func(s string, r *rand.Rand) string { return strings.Replace(s, "vpc.cidr_block", "vpc.vpc_id", 1) },
	}
	rng := rand.New(rand.NewPCG(1, 2))
	src := memoConfig
	reused := 0
	for step := range 300 {
		if step > 0 {
			src = edits[rng.IntN(len(edits))](src, rng)
		}
		st := states[rng.IntN(4)/3] // mostly the first
		plan := func(p *grammar.Parser, m *Memo) string {
			f := &workspace.File{Path: filepath.Join("/cfg", "main.crn"), AST: p.Parse(src), Lines: source.NewLines(src)}
			cfg := workspace.Build("/cfg", []*workspace.File{f})
			idx, err := sources.ForConfig(cfg.Pins())
			if err != nil {
				t.Fatal(err)
			}
			pl, err := Compute(context.Background(), Input{Config: cfg, Info: cfg.Types(idx), Schemas: IndexSchemas{idx}, State: st, Memo: m})
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := Write(&b, pl, Options{DeleteAttributes: true, Exports: true}); err != nil {
				t.Fatal(err)
			}
			if err := WriteJSON(&b, pl); err != nil {
				t.Fatal(err)
			}
			for _, u := range pl.Unsupported {
				b.WriteString(u.Message + "\n")
			}
			for _, e := range pl.Errors {
				b.WriteString(e.Message + "\n")
			}
			return b.String()
		}
		got := plan(parser, memo)
		_, r := memo.Stats()
		reused += r
		want := plan(grammar.NewParser(), nil)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("step %d: the plan with the memo differs from a fresh one (-fresh +memo):\n%s\nsource:\n%s", step, diff, src)
		}
	}
	if reused == 0 {
		t.Fatal("the memo reused nothing: the test checks nothing")
	}
}

// TestMemoEvaluatesWhatAnEditReaches holds what an edit evaluates again: the edited statement
// and those reading what changed, nothing else.
func TestMemoEvaluatesWhatAnEditReaches(t *testing.T) {
	var sources schema.Sources
	parser := grammar.NewParser()
	memo := NewMemo()
	run := func(src string) (int, int) {
		f := &workspace.File{Path: "/cfg/main.crn", AST: parser.Parse(src), Lines: source.NewLines(src)}
		cfg := workspace.Build("/cfg", []*workspace.File{f})
		idx, err := sources.ForConfig(cfg.Pins())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Compute(context.Background(), Input{Config: cfg, Info: cfg.Types(idx), Schemas: IndexSchemas{idx}, Memo: memo}); err != nil {
			t.Fatal(err)
		}
		return memo.Stats()
	}
	type counts struct{ Evaluated, Reused int }
	tests := []struct {
		name string
		edit func(string) string
		want counts
	}{
		{"nothing", func(s string) string { return s }, counts{0, 5}},
		{"a comment between statements", func(s string) string { return strings.Replace(s, "\nlet vpc", "\n# note\nlet vpc", 1) }, counts{0, 5}},
		{"one resource's literal", func(s string) string { return strings.Replace(s, "'10.0.1.0/24'", "'10.0.2.0/24'", 1) }, counts{1, 4}},
		// env is read by vpc (through the function), subnet and the gateway.
		{"a let three statements read", func(s string) string { return strings.Replace(s, "'dev'", "'prod'", 1) }, counts{3, 2}},
		// vpc's vpc_id is not written: subnet's read of it does not change.
		{"an attribute nobody reads", func(s string) string { return strings.Replace(s, "tagged('main')", "tagged('other')", 1) }, counts{1, 4}},
		// zone reads cert's domain_name through the wait.
		{"an attribute read through a wait", func(s string) string { return strings.Replace(s, "'example.com'", "'example.org'", 1) }, counts{2, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(memoConfig) // the memo of the configuration as written
			e, r := run(tt.edit(memoConfig))
			if diff := cmp.Diff(tt.want, counts{e, r}); diff != "" {
				t.Errorf("statements (-want +got):\n%s", diff)
			}
		})
	}
}
