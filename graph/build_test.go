package graph

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// edgeList writes a graph's edges as "from -kind-> to [attr] (via ...)".
func edgeList(g *Graph) []string {
	var out []string
	for _, e := range g.Edges {
		s := fmt.Sprintf("%s -%s-> %s", e.From, e.Kind, e.To)
		if e.Attr != "" {
			s += " [" + e.Attr + "]"
		}
		if len(e.Via) > 0 {
			s += " (via " + strings.Join(e.Via, " ") + ")"
		}
		if e.Cycle {
			s += " cycle"
		}
		out = append(out, s)
	}
	return out
}

func nodeList(g *Graph) []string {
	var out []string
	for _, n := range g.Nodes {
		out = append(out, n.Kind.String()+" "+n.ID)
	}
	return out
}

func TestBuild(t *testing.T) {
	for _, tt := range []struct {
		name   string
		files  map[string]string
		expand bool
		nodes  []string
		edges  []string
		cycles [][]string
		left   int
	}{
		{
			name: "values are gone through, the attribute read is kept",
			files: map[string]string{"main.crn": "let vpc = awscc.ec2.Vpc { cidr_block = '10.0.0.0/16' }\n" +
				"let id = vpc.vpc_id\nlet ids = [id]\n" +
				"awscc.ec2.Subnet {\n  vpc_id     = vpc.vpc_id\n  cidr_block = '10.0.1.0/24'\n  tags = { n = ids[0] }\n}\n"},
			nodes: []string{"resource vpc", "resource awscc.ec2.Subnet@main.crn:4"},
			edges: []string{"awscc.ec2.Subnet@main.crn:4 -reference-> vpc [vpc_id]", "awscc.ec2.Subnet@main.crn:4 -reference-> vpc (via ids id)"},
		},
		{
			name: "data sources, directives, provider instances, upstream state",
			files: map[string]string{"main.crn": "let us = provider aws { region = aws.Region.us_west_2 }\n" +
				"let me = read aws.sts.CallerIdentity {}\n" +
				"let orgs = upstream_state { source = '../orgs' }\n" +
				"let role = aws.iam.Role { name = me.account_id }\n" +
				"let b = aws.s3.Bucket {\n  bucket = orgs.bucket_name\n  directives {\n    depends_on = [role]\n    provider   = us\n  }\n}\n"},
			nodes: []string{"provider us", "data_source me", "upstream_state orgs", "resource role", "resource b"},
			edges: []string{"role -reference-> me [account_id]", "b -reference-> orgs [bucket_name]", "b -depends_on-> role", "b -provider-> us"},
		},
		{
			name: "a cycle is marked, and the waits on it",
			files: map[string]string{"main.crn": "let a = aws.s3.Bucket { bucket = b.bucket }\nlet b = aws.s3.Bucket { bucket = a.bucket }\n" +
				"let w = wait a {\n  until = a.bucket == 'x'\n}\nlet c = aws.s3.Bucket { bucket = w.bucket }\n"},
			nodes:  []string{"resource a", "resource b", "wait w", "resource c"},
			edges:  []string{"a -reference-> b [bucket] cycle", "b -reference-> a [bucket] cycle", "w -wait_target-> a", "c -reference-> w [bucket]"},
			cycles: [][]string{{"a", "b"}},
		},
		{
			name: "a module instance is one node, or a cluster",
			files: map[string]string{
				"main.crn": "let net = use { source = './net' }\nlet main = net { cidr = '10.0.0.0/16' }\nlet s = aws.s3.Bucket { bucket = main.vpc_id }\n",
				"net/main.crn": "arguments {\n  cidr: String\n}\nlet vpc = awscc.ec2.Vpc { cidr_block = cidr }\n" +
					"attributes {\n  vpc_id: String = vpc.vpc_id\n}\n",
			},
			expand: true,
			nodes:  []string{"module main", "resource s", "resource main.vpc"},
			edges:  []string{"s -reference-> main [vpc_id]"},
		},
		{
			name:  "what does not parse is left out",
			files: map[string]string{"main.crn": "let a = aws.s3.Bucket { bucket = 'x' }\nlet = \nlet b = aws.s3.Bucket { bucket = a.bucket }\n"},
			nodes: []string{"resource a", "resource b"},
			edges: []string{"b -reference-> a [bucket]"},
			left:  1,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := testutil.Config(t, tt.files, testutil.Root)
			g := Build(cfg, testutil.EmbeddedIndex(t), Options{ExpandModules: tt.expand})
			if diff := cmp.Diff(tt.nodes, nodeList(g)); diff != "" {
				t.Errorf("nodes (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.edges, edgeList(g)); diff != "" {
				t.Errorf("edges (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.cycles, g.Cycles); diff != "" {
				t.Errorf("cycles (-want +got):\n%s", diff)
			}
			if len(g.LeftOut) != tt.left {
				t.Errorf("left out %v, want %d statements", g.LeftOut, tt.left)
			}
			// Every format writes whatever the graph holds.
			var b bytes.Buffer
			for _, w := range []func(*bytes.Buffer) error{
				func(b *bytes.Buffer) error { return g.WriteDOT(b) }, func(b *bytes.Buffer) error { return g.WriteMermaid(b) },
				func(b *bytes.Buffer) error { return g.WriteJSON(b) }, func(b *bytes.Buffer) error { return g.WriteOrder(b) },
			} {
				if err := w(&b); err != nil {
					t.Error(err)
				}
			}
		})
	}
}
