package workspace

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDeps(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		deps  []string
		refs  []string // when set, every reference
	}{
		{
			name: "value references, once each, in order of first reference",
			files: map[string]string{"main.crn": `let env = 'dev'
let vpc = awscc.ec2.Vpc { cidr_block = '10.0.0.0/16' }
let subnet = awscc.ec2.Subnet {
  vpc_id = vpc.vpc_id
  cidr_block = vpc.cidr_block
  tags = { Env = env, Name = "${env}-${vpc.vpc_id}" }
}
`},
			deps: []string{"subnet -> vpc, env"},
		},
		{
			name: "directives depends_on and provider are edges with their own roles",
			files: map[string]string{
				"main.crn": `let us = provider aws { region = aws.Region.us_west_2 }
let role = aws.iam.Role { name = 'r' }
let key = aws.kms.Key { description = 'k' }
let bucket = aws.s3.Bucket {
  name = 'b'
  directives {
    depends_on = [role, key]
    provider = us
  }
}
`,
			},
			deps: []string{"bucket -> role, key, us"},
			refs: []string{
				"main.crn:1 aws.Region.us_west_2 -> <nil>",
				"main.crn:7 role (directive depends_on) -> main.crn:2 resource",
				"main.crn:7 key (directive depends_on) -> main.crn:3 resource",
				"main.crn:8 us (directive provider) -> main.crn:1 provider instance",
			},
		},
		{
			name: "a depends_on attribute outside directives is a plain value",
			files: map[string]string{"main.crn": `let role = aws.iam.Role { name = 'r' }
let bucket = aws.s3.Bucket {
  depends_on = [role]
}
`},
			deps: []string{"bucket -> role"},
			refs: []string{"main.crn:3 role -> main.crn:1 resource"},
		},
		{
			name: "wait target and depends_on, no duplicate with the until reference",
			files: map[string]string{"main.crn": `let cert = aws.acm.Certificate { domain_name = 'x' }
let rec = aws.route53.RecordSet { name = cert.arn }
let ready = wait cert {
  until = cert.status == 'ISSUED'
  depends_on = [rec, rec]
}
let dist = awscc.cloudfront.Distribution { arn = ready.certificate_arn }
`},
			deps: []string{
				"rec -> cert",
				"ready -> cert, rec",
				"dist -> ready",
			},
		},
		{
			name: "local names, loop variables, functions and unresolved names are not edges",
			files: map[string]string{"main.crn": `let names = ['a']
fn up(s: String): String {
  upper(s)
}
let buckets = for n in names {
  let full = up(n)
  aws.s3.Bucket { name = full  kind = standard }
}
`},
			deps: []string{"buckets -> names"},
		},
		{
			name: "module calls depend on the module alias and their argument values",
			files: map[string]string{"main.crn": `let net = use { source = './modules/net' }
let cidr = '10.0.0.0/16'
let web = net { vpc_cidr = cidr }
`},
			deps: []string{"web -> net, cidr"},
		},
		{
			// References in arguments (defaults, and validation conditions that read the argument
			// itself) belong to no declaration: they make no edges, so no false cycle.
			name: "arguments make no edges",
			files: map[string]string{"main.crn": `arguments {
  env: String = 'dev'
  subnets: list(String) {
    default = [env]
    validation {
      condition = length(subnets) > 0
      error_message = 'need subnets'
    }
  }
}
let vpc = awscc.ec2.Vpc { cidr_block = env  tags = { Subnets = subnets } }
`},
			deps: []string{"vpc -> env, subnets"},
		},
		{
			name: "edges cross files; anonymous statements have none",
			files: map[string]string{
				"a.crn": "let vpc = awscc.ec2.Vpc { cidr_block = '10.0.0.0/16' }\n",
				"b.crn": "awscc.ec2.Subnet { vpc_id = vpc.vpc_id }\nlet s = awscc.ec2.Subnet { vpc_id = vpc.vpc_id }\n",
			},
			deps: []string{"s -> vpc"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := loadDir(t, tt.files)
			noSyntaxErrors(t, c)
			if diff := cmp.Diff(tt.deps, describeDeps(c)); diff != "" {
				t.Errorf("deps (-want +got):\n%s", diff)
			}
			if tt.refs != nil {
				if diff := cmp.Diff(tt.refs, describeRefs(c)); diff != "" {
					t.Errorf("refs (-want +got):\n%s", diff)
				}
			}
			for from, to := range c.Deps {
				seen := map[*Decl]bool{}
				for _, d := range to {
					if seen[d] {
						t.Errorf("duplicate edge %s -> %s", from.Name, d.Name)
					}
					seen[d] = true
					if !d.TopLevel || !from.TopLevel {
						t.Errorf("edge %s -> %s between non-top-level declarations", from.Name, d.Name)
					}
				}
			}
		})
	}
}
