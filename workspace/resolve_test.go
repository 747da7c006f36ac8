package workspace

import (
	"maps"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A directory of several files is one configuration: a name declared in one file is resolved
// from the others, and every file directly in the directory (and no other) takes part.
func TestDirectoryIsOneConfiguration(t *testing.T) {
	c := loadDir(t, map[string]string{
		"a.crn": "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n}\n",
		"b.crn": "# the subnet lives in another file\n" +
			"let subnet = awscc.ec2.Subnet {\n  vpc_id = vpc.vpc_id\n  cidr_block = cidr\n}\n",
		"c.crn":          "let cidr = '10.0.1.0/24'\n",
		"notes.txt":      "let ignored = 1\n",
		"sub/inner.crn":  "let inner = 1\n",
		"sub/deeper.crn": "let deeper = vpc\n",
	})
	noSyntaxErrors(t, c)

	if diff := cmp.Diff([]string{"a.crn", "b.crn", "c.crn"}, fileNames(c)); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"cidr", "subnet", "vpc"}, bindingNames(c)); diff != "" {
		t.Errorf("bindings (-want +got):\n%s", diff)
	}
	want := []string{
		"b.crn:3 vpc.vpc_id -> a.crn:1 resource",
		"b.crn:4 cidr -> c.crn:1 value",
	}
	if diff := cmp.Diff(want, describeRefs(c)); diff != "" {
		t.Errorf("refs (-want +got):\n%s", diff)
	}

	r := refAt(t, c, "b.crn", "vpc")
	if r.Decl == nil {
		t.Fatal("vpc is unresolved")
	}
	if r.Decl != c.Lookup("vpc") {
		t.Errorf("Ref.Decl is not the binding Lookup returns")
	}
	if got, want := r.Decl.File.Path, filepath.Join(c.Dir, "a.crn"); got != want {
		t.Errorf("Decl.File = %s, want %s", got, want)
	}
	if got := spanText(r.Decl.File, r.Decl.NameSpan); got != "vpc" {
		t.Errorf("Decl.NameSpan text = %q, want vpc", got)
	}
	if got := r.Decl.ResourceType(); got != "awscc.ec2.Vpc" {
		t.Errorf("ResourceType = %q", got)
	}
	if r.Owner == nil || r.Owner.Name != "subnet" {
		t.Errorf("Owner = %v, want subnet", r.Owner)
	}
	if c.File(r.File.Path) != r.File {
		t.Errorf("Config.File(%s) does not return the reference's file", r.File.Path)
	}
	if got := c.RefsTo(r.Decl); len(got) != 1 || got[0] != r {
		t.Errorf("RefsTo(vpc) = %v, want the one reference", got)
	}
	if c.IsModule {
		t.Errorf("IsModule = true for a configuration without arguments or attributes")
	}
}

// Names resolve through the scopes they stand in: block-local lets, for, if, fn bodies,
// arguments, then the configuration's top level; anything else is unresolved.
func TestScopes(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		refs  []string // the refs named in names, or all of them
		names []string
	}{
		{
			name: "block-local let: later items and nested blocks, not earlier items",
			files: map[string]string{"main.crn": `let bucket = aws.s3.Bucket {
  before = prefix
  let prefix = 'logs'
  name = prefix
  tags = {
    Name = prefix
  }
  lifecycle {
    rule = prefix
  }
}
let other = prefix
`},
			refs: []string{
				"main.crn:2 prefix -> <nil>",
				"main.crn:4 prefix -> main.crn:3 local let",
				"main.crn:6 prefix -> main.crn:3 local let",
				"main.crn:9 prefix -> main.crn:3 local let",
				"main.crn:12 prefix -> <nil>",
			},
		},
		{
			name: "block-local let shadows a top-level binding only after it",
			files: map[string]string{
				"a.crn": "let name = 'top'\n",
				"b.crn": `let bucket = aws.s3.Bucket {
  first = name
  let name = name
  second = name
}
`,
			},
			names: []string{"name"},
			refs: []string{
				"b.crn:2 name -> a.crn:1 value",
				"b.crn:3 name -> a.crn:1 value", // its own right-hand side sees the outer name
				"b.crn:4 name -> b.crn:3 local let",
			},
		},
		{
			name: "nested block lets do not leak to the enclosing block",
			files: map[string]string{"main.crn": `let r = aws.s3.Bucket {
  rule {
    let inner = 1
    x = inner
  }
  y = inner
}
`},
			refs: []string{
				"main.crn:4 inner -> main.crn:3 local let",
				"main.crn:6 inner -> <nil>",
			},
		},
		{
			name: "for x in xs: the variable only in the body",
			files: map[string]string{"main.crn": `let names = ['a', 'b']
let buckets = for x in names {
  let full = "b-${x}"
  aws.s3.Bucket {
    name = full
    tag = x
  }
}
let after = x
`},
			refs: []string{
				"main.crn:2 names -> main.crn:1 value",
				"main.crn:3 x -> main.crn:2 loop variable",
				"main.crn:5 full -> main.crn:3 local let",
				"main.crn:6 x -> main.crn:2 loop variable",
				"main.crn:9 x -> <nil>",
			},
		},
		{
			name: "for (i, x) in xs: both variables in the body",
			files: map[string]string{"main.crn": `let vpcs = for (i, env) in ['dev', 'stg'] {
  awscc.ec2.Vpc {
    cidr_block = cidr_subnet('10.0.0.0/8', 8, i)
    tags = { Environment = env }
  }
}
let leak = [i, env]
`},
			names: []string{"i", "env"},
			refs: []string{
				"main.crn:3 i -> main.crn:1 loop variable",
				"main.crn:4 env -> main.crn:1 loop variable",
				"main.crn:7 i -> <nil>",
				"main.crn:7 env -> <nil>",
			},
		},
		{
			name: "for k, v in m: both variables in the body, iterable outside it",
			files: map[string]string{"main.crn": `let cidrs = { dev = '10.0.0.0/16' }
let vpcs = for name, cidr in cidrs {
  awscc.ec2.Vpc {
    cidr_block = cidr
    tags = { Name = name }
  }
}
for _, cidr in cidrs {
  awscc.ec2.Vpc { cidr_block = cidr }
}
let leak = name
`},
			refs: []string{
				"main.crn:2 cidrs -> main.crn:1 value",
				"main.crn:4 cidr -> main.crn:2 loop variable",
				"main.crn:5 name -> main.crn:2 loop variable",
				"main.crn:8 cidrs -> main.crn:1 value",
				"main.crn:9 cidr -> main.crn:8 loop variable",
				"main.crn:11 name -> <nil>",
			},
		},
		{
			name: "fn params and body lets, not visible outside",
			files: map[string]string{"main.crn": `let suffix = 'vpc'
fn tag_name(env: String, service: String = suffix): String {
  let base = join('-', [env, service])
  join('-', [base, suffix])
}
let name = tag_name('dev')
let leak = [env, base]
`},
			refs: []string{
				"main.crn:2 suffix -> main.crn:1 value",
				"main.crn:3 join (call) -> <nil>",
				"main.crn:3 env -> main.crn:2 parameter",
				"main.crn:3 service -> main.crn:2 parameter",
				"main.crn:4 join (call) -> <nil>",
				"main.crn:4 base -> main.crn:3 local let",
				"main.crn:4 suffix -> main.crn:1 value",
				"main.crn:6 tag_name (call) -> main.crn:2 function",
				"main.crn:7 env -> <nil>",
				"main.crn:7 base -> <nil>",
			},
		},
		{
			name: "if and else bodies each have their own lets",
			files: map[string]string{"main.crn": `let prod = true
let bucket = if prod {
  let size = 3
  aws.s3.Bucket { replicas = size }
} else {
  aws.s3.Bucket { replicas = size }
}
`},
			refs: []string{
				"main.crn:2 prod -> main.crn:1 value",
				"main.crn:4 size -> main.crn:3 local let",
				"main.crn:6 size -> <nil>",
			},
		},
		{
			name: "arguments are bindings, visible in every file and in later defaults",
			files: map[string]string{
				"args.crn": `arguments {
  vpc_cidr: String = '10.0.0.0/16'
  subnet_cidr: String = cidr_subnet(vpc_cidr, 8, 1)
}
`,
				"main.crn": "let vpc = awscc.ec2.Vpc {\n  cidr_block = vpc_cidr\n}\n",
			},
			names: []string{"vpc_cidr", "subnet_cidr"},
			refs: []string{
				"args.crn:3 vpc_cidr -> args.crn:2 argument",
				"main.crn:2 vpc_cidr -> args.crn:2 argument",
			},
		},
		{
			name: "a name declared in several files: the file's own declaration wins, else the first",
			files: map[string]string{
				"a.crn": "let dup = 1\nlet fa = dup\n",
				"b.crn": "let dup = 2\nlet fb = dup\n",
				"c.crn": "let fc = dup\n",
			},
			refs: []string{
				"a.crn:2 dup -> a.crn:1 value",
				"b.crn:2 dup -> b.crn:1 value",
				"c.crn:1 dup -> a.crn:1 value",
			},
		},
		{
			name: "enum values and provider namespaces are unresolved",
			files: map[string]string{"main.crn": `provider aws {
  region = aws.Region.us_east_1
}
let cert = aws.acm.Certificate {
  domain_name       = 'example.com'
  validation_method = dns
}
`},
			refs: []string{
				"main.crn:2 aws.Region.us_east_1 -> <nil>",
				"main.crn:6 dns -> <nil>",
			},
		},
		{
			name: "references inside interpolations, indexes and operators",
			files: map[string]string{"main.crn": `let env = 'dev'
let names = ['a']
let i = 0
let x = "${env}-${names[i]}"
let y = names[i].id ?? env
`},
			refs: []string{
				"main.crn:4 env -> main.crn:1 value",
				"main.crn:4 names -> main.crn:2 value",
				"main.crn:4 i -> main.crn:3 value",
				"main.crn:5 names -> main.crn:2 value",
				"main.crn:5 i -> main.crn:3 value",
				"main.crn:5 env -> main.crn:1 value",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := loadDir(t, tt.files)
			noSyntaxErrors(t, c)
			if diff := cmp.Diff(tt.refs, describeRefs(c, tt.names...)); diff != "" {
				t.Errorf("refs (-want +got):\n%s", diff)
			}
		})
	}
}

// Each kind of let right-hand side gives its declaration kind; `_` is declared but not bound.
func TestDeclKinds(t *testing.T) {
	tests := []struct {
		src  string
		kind DeclKind
	}{
		{"let x = aws.s3.Bucket { name = 'b' }", Resource},
		{"let x = read aws.s3.Bucket { name = 'b' }", DataSource},
		{"let x = wait cert { until = cert.status == 'ISSUED' }", Wait},
		{"let x = use { source = './modules/net' }", Module},
		{"let x = net { cidr = '10.0.0.0/16' }", ModuleCall},
		{"let x = upstream_state { source = '../org' }", Upstream},
		{"let x = provider aws { region = aws.Region.us_west_2 }", Provider},
		{"let x = for n in ['a'] { aws.s3.Bucket { name = n } }", ForEach},
		{"let x = if true { aws.s3.Bucket { name = 'a' } }", Conditional},
		{"let x = 'plain'", Value},
		{"let x = 42", Value},
		{"let x = [1, 2]", Value},
		{"let x = { a = 1 }", Value},
		{"let x = join('-', ['a', 'b'])", Value},
		{"let x = other.attr", Value},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			c := loadDir(t, map[string]string{"main.crn": tt.src + "\n"})
			noSyntaxErrors(t, c)
			d := c.Lookup("x")
			if d == nil {
				t.Fatalf("x is not bound; decls: %q", describeDecls(c))
			}
			if d.Kind != tt.kind {
				t.Errorf("Kind = %v, want %v", d.Kind, tt.kind)
			}
			if !d.TopLevel || d.Value == nil || d.Stmt == nil || d.Node == nil {
				t.Errorf("TopLevel=%v Value=%v Stmt=%v Node=%v: want a top-level let with a value", d.TopLevel, d.Value, d.Stmt, d.Node)
			}
			if got := spanText(d.File, d.NameSpan); got != "x" {
				t.Errorf("NameSpan text = %q", got)
			}
		})
	}

	t.Run("declarations other than lets", func(t *testing.T) {
		c := loadDir(t, map[string]string{
			"main.crn": `arguments {
  cidr: String
}
fn double(n: Int): Int {
  let m = n
  m
}
let r = aws.s3.Bucket {
  let local = 1
  name = local
}
let _ = aws.s3.Bucket { name = 'discarded' }
let _ = wait r { until = r.status == 'ok' }
let l = for v in [1] { aws.s3.Bucket { name = v } }
`})
		noSyntaxErrors(t, c)
		want := []string{
			"cidr: main.crn:2 argument (top)",
			"double: main.crn:4 function (top)",
			"r: main.crn:8 resource (top)",
			"_: main.crn:12 resource (top)",
			"_: main.crn:13 wait (top)",
			"l: main.crn:14 for expression (top)",
			"n: main.crn:4 parameter",
			"m: main.crn:5 local let",
			"local: main.crn:9 local let",
			"v: main.crn:14 loop variable",
		}
		if diff := cmp.Diff(want, describeDecls(c)); diff != "" {
			t.Errorf("decls (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{"cidr", "l", "r"}, bindingNames(c)); diff != "" {
			t.Errorf("bindings (-want +got); _ must not be bound:\n%s", diff)
		}
		if diff := cmp.Diff([]string{"double"}, keys(c.Functions)); diff != "" {
			t.Errorf("functions (-want +got):\n%s", diff)
		}
		if !c.IsModule {
			t.Errorf("IsModule = false for a configuration with arguments")
		}
	})

	t.Run("kind names", func(t *testing.T) {
		for k := Value; k <= Param; k++ {
			if s := k.String(); s == "" || s == "unknown" {
				t.Errorf("DeclKind(%d).String() = %q", k, s)
			}
		}
		if s := DeclKind(200).String(); s != "unknown" {
			t.Errorf("DeclKind(200).String() = %q, want unknown", s)
		}
	})
}

// Outputs are collected from attributes (module outputs) and exports blocks, and their values'
// references resolve like any other.
func TestOutputs(t *testing.T) {
	c := loadDir(t, map[string]string{
		"main.crn": "let vpc = awscc.ec2.Vpc { cidr_block = '10.0.0.0/16' }\n",
		"out.crn": `attributes {
  vpc_id: String = vpc.vpc_id
}
exports {
  cidr = vpc.cidr_block
}
`,
	})
	noSyntaxErrors(t, c)
	type out struct {
		Name    string
		Exports bool
		File    string
	}
	var got []out
	for _, o := range c.Outputs {
		got = append(got, out{o.Name, o.Exports, filepath.Base(o.File.Path)})
	}
	want := []out{{"vpc_id", false, "out.crn"}, {"cidr", true, "out.crn"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
	wantRefs := []string{
		"out.crn:2 vpc.vpc_id -> main.crn:1 resource",
		"out.crn:5 vpc.cidr_block -> main.crn:1 resource",
	}
	if diff := cmp.Diff(wantRefs, describeRefs(c)); diff != "" {
		t.Errorf("refs (-want +got):\n%s", diff)
	}
	if !c.IsModule {
		t.Errorf("IsModule = false for a configuration with attributes")
	}
}

// keys returns the sorted keys of m.
func keys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
