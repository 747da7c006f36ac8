package grammar

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// parseClean parses src, checks the parse invariants and that there is no syntax error, and
// returns the file.
func parseClean(t *testing.T, src string) *File {
	t.Helper()
	f := fresh().Parse(src)
	checkFile(t, src, f)
	if len(f.Errors) > 0 {
		t.Fatalf("unexpected syntax errors in %q:\n%s", src, strings.Join(formatErrors(src, f.Errors), "\n"))
	}
	for i, st := range f.Stmts {
		if bad := badNodes(st.Node); len(bad) > 0 {
			t.Errorf("statement %d holds %T at %v", i, bad[0], bad[0].Pos())
		}
	}
	return f
}

// dumpFile dumps every statement of f, one per line.
func dumpFile(f *File) []string {
	out := make([]string, len(f.Stmts))
	for i, st := range f.Stmts {
		out[i] = dump(st.Node)
	}
	return out
}

// TestParseShapes checks the syntax tree of every statement kind and expression form of the
// language (docs/language.md), written as S-expressions by dump.
func TestParseShapes(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		// ---- let ----
		{"let int", `let a = 1`, []string{`(let a 1)`}},
		{"let discard", `let _ = 'x'`, []string{`(let _ 'x')`}},
		{"let names with digits and underscores", `let web_2 = web1`, []string{`(let web_2 web1)`}},
		{"let value on the next line", "let a =\n  'x'", []string{`(let a 'x')`}},
		{"statements without newlines", `let a = 1 let b = a`, []string{`(let a 1)`, `(let b a)`}},

		// ---- resources ----
		{"let resource", "let vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n  enable_dns = true\n}",
			[]string{`(let vpc (res awscc.ec2.Vpc {cidr_block='10.0.0.0/16' enable_dns=true}))`}},
		{"anonymous resource", "aws.s3.Bucket {\n  bucket = 'logs'\n}", []string{`(res aws.s3.Bucket {bucket='logs'})`}},
		{"one-line resource", `aws.s3.Bucket { bucket = 'a' acl = private }`, []string{`(res aws.s3.Bucket {bucket='a' acl=private})`}},
		{"empty resource", `aws.s3.Bucket {}`, []string{`(res aws.s3.Bucket {})`}},
		{"quoted keys", "aws.iam.Role {\n  'aws:SourceArn' = arn\n  \"x.y\" = 1\n}",
			[]string{`(res aws.iam.Role {'aws:SourceArn'=arn 'x.y'=1})`}},
		{"nested blocks", "aws.s3.Bucket {\n  rule {\n    id = 'a'\n    filter {\n      prefix = 'logs/'\n    }\n  }\n  rule {\n    id = 'b'\n  }\n}",
			[]string{`(res aws.s3.Bucket {rule{id='a' filter{prefix='logs/'}} rule{id='b'}})`}},
		{"local let in a resource", "aws.s3.Bucket {\n  let prefix = 'app'\n  bucket = prefix\n}",
			[]string{`(res aws.s3.Bucket {(let prefix 'app') bucket=prefix})`}},
		{"directives", "let b = aws.s3.Bucket {\n  bucket = 'a'\n  directives {\n    depends_on = [role, key]\n    prevent_destroy = true\n    provider = us\n  }\n}",
			[]string{`(let b (res aws.s3.Bucket {bucket='a' directives{depends_on=[role key] prevent_destroy=true provider=us}}))`}},
		{"keyword-named attributes", "aws.x.Y {\n  timeout = 5\n  wait = 1\n  for = 2\n  provider = p\n}",
			[]string{`(res aws.x.Y {timeout=5 wait=1 for=2 provider=p})`}},

		// ---- read, module calls, use, upstream_state ----
		{"read", "let zone = read aws.route53.HostedZone {\n  name = 'example.com'\n}",
			[]string{`(let zone (read aws.route53.HostedZone {name='example.com'}))`}},
		{"use", `let net = use { source = './modules/net' }`, []string{`(let net (use {source='./modules/net'}))`}},
		{"module call", "net {\n  vpc_cidr = '10.0.0.0/16'\n}", []string{`(module net {vpc_cidr='10.0.0.0/16'})`}},
		{"bound module call", `let web = net { vpc_cidr = cidr }`, []string{`(let web (module net {vpc_cidr=cidr}))`}},
		{"upstream_state", `let orgs = upstream_state { source = '../organizations' }`,
			[]string{`(let orgs (upstream_state {source='../organizations'}))`}},

		// ---- provider, backend ----
		{"provider block", "provider aws {\n  region = aws.Region.ap_northeast_1\n  default_tags = { env = 'dev' }\n}",
			[]string{`(provider aws {region=aws.Region.ap_northeast_1 default_tags=(map {env='dev'})})`}},
		{"provider instance", `let us = provider aws { region = aws.Region.us_east_1 }`,
			[]string{`(let us (provider-instance aws {region=aws.Region.us_east_1}))`}},
		{"empty provider instance", `let x = provider aws {}`, []string{`(let x (provider-instance aws {}))`}},
		{"backend", "backend s3 {\n  bucket = 'state'\n  key    = 'prod/terraform.tfstate'\n}",
			[]string{`(backend s3 {bucket='state' key='prod/terraform.tfstate'})`}},

		// ---- arguments, attributes, exports ----
		{"arguments", "arguments {\n  name: String\n  count: Int = 2\n  env: 'dev' | 'prod' = 'dev'\n  cidrs: list(Ipv4Cidr)\n  tags: map(String) = {}\n  vpc: awscc.ec2.Vpc\n  owner: struct { name: String, age: Int }\n  nested: list(map(list(String)))\n}",
			[]string{`(arguments (param name String) (param count Int = 2) (param env 'dev' | 'prod' = 'dev') (param cidrs list(Ipv4Cidr)) (param tags map(String) = (map {})) (param vpc awscc.ec2.Vpc) (param owner struct{name: String, age: Int}) (param nested list(map(list(String)))))`}},
		{"argument with a detail block", "arguments {\n  port: Int {\n    description = 'the port'\n    default = 8080\n    validation {\n      condition = port >= 1 && port <= 65535\n      error_message = 'bad port'\n    }\n    validation {\n      condition = port != 22\n      error_message = 'not ssh'\n    }\n  }\n}",
			[]string{`(arguments (param port Int {description='the port' default=8080 validation{condition=(&& (>= port 1) (<= port 65535)) error_message='bad port'} validation{condition=(!= port 22) error_message='not ssh'}}))`}},
		{"argument default referencing an earlier argument", "arguments {\n  a: String\n  b: String = a\n}",
			[]string{`(arguments (param a String) (param b String = a))`}},
		{"multi-line union type", "arguments {\n  env: 'dev'\n    | 'prod'\n}",
			[]string{`(arguments (param env 'dev' | 'prod'))`}},
		// A bare `struct` (accepted by Carina, see the corpus) has the same atom as `struct {}`.
		{"bare struct type", "exports {\n  vpc: struct = {\n    vpc_id = 'x'\n  }\n}",
			[]string{`(exports (out vpc: struct{} = (map {vpc_id='x'})))`}},
		{"bare struct type with a detail block", "arguments {\n  cfg: struct {\n    description = 'x'\n  }\n}",
			[]string{`(arguments (param cfg struct{} {description='x'}))`}},
		{"empty struct type, string-literal union", "arguments {\n  a: struct {}\n  b: \"x\" | 'y' | Int\n}",
			[]string{`(arguments (param a struct{}) (param b "x" | 'y' | Int))`}},
		{"attributes", "attributes {\n  vpc_id = vpc.vpc_id\n  cidr: Ipv4Cidr = vpc.cidr_block\n}",
			[]string{`(attributes (out vpc_id = vpc.vpc_id) (out cidr: Ipv4Cidr = vpc.cidr_block))`}},
		{"exports", "exports {\n  account_id: String = acct.id\n  names = ['a', 'b']\n}",
			[]string{`(exports (out account_id: String = acct.id) (out names = ['a' 'b']))`}},

		// ---- import, removed, moved ----
		{"import", "import {\n  to = aws.s3.Bucket 'logs'\n  id = 'logs-bucket'\n}",
			[]string{`(import {to=(addr aws.s3.Bucket 'logs') id='logs-bucket'})`}},
		{"import with interpolated id, attributes in any order", "import {\n  id = \"${vpc.id}|x\"\n  to = awscc.ec2.Route 'r'\n}",
			[]string{`(import {id=(tmpl "" ${vpc.id} "|x") to=(addr awscc.ec2.Route 'r')})`}},
		{"removed", `removed { from = aws.s3.Bucket 'old' }`, []string{`(removed {from=(addr aws.s3.Bucket 'old')})`}},
		{"moved", "moved {\n  from = aws.s3.Bucket 'old'\n  to   = aws.s3.Bucket \"new\"\n}",
			[]string{`(moved {from=(addr aws.s3.Bucket 'old') to=(addr aws.s3.Bucket "new")})`}},

		// ---- require ----
		{"require", `require length(subnets) > 0, 'need subnets'`,
			[]string{`(require (> (call length subnets) 0) 'need subnets')`}},
		{"require with combinators and null", `require !(a == null) || b != 'x' && c <= 3, "msg"`,
			[]string{`(require (|| (! (paren (== a null))) (&& (!= b 'x') (<= c 3))) "msg")`}},
		{"require with every comparison", `require a < 1 && b > 2 && c >= 3 && d <= 4 && e == 5 && f != 6, 'm'`,
			[]string{`(require (&& (&& (&& (&& (&& (< a 1) (> b 2)) (>= c 3)) (<= d 4)) (== e 5)) (!= f 6)) 'm')`}},
		{"require with float, duration, bool and string", `require f(a.b[0]) == 1.5 || t == 30s || ok == false, 'm'`,
			[]string{`(require (|| (|| (== (call f (index a.b 0)) (float 1.5)) (== t (dur 30s 30s))) (== ok false)) 'm')`}},

		// ---- fn ----
		{"fn", "fn tag(name: String, env = 'dev', n: Int = 1): String {\n  let prefix = upper(env)\n  \"${prefix}-${name}\"\n}",
			[]string{`(fn tag (name: String env = 'dev' n: Int = 1): String {(let prefix (call upper env)) (tmpl "" ${prefix} "-" ${name} "")})`}},
		{"fn without params", "fn zero() { 0 }", []string{`(fn zero () {0})`}},
		{"fn with untyped params", "fn pick(a, b) {\n  a ?? b\n}", []string{`(fn pick (a b) {(?? a b)})`}},

		// ---- for ----
		{"for over a list", "for name in names {\n  aws.s3.Bucket {\n    bucket = name\n  }\n}",
			[]string{`(for name in names {(res aws.s3.Bucket {bucket=name})})`}},
		{"for with index", "let bs = for (i, name) in ['a', 'b'] {\n  let n = name\n  aws.s3.Bucket {\n    bucket = \"${n}-${i}\"\n  }\n}",
			[]string{`(let bs (for (i name) in ['a' 'b'] {(let n name) (res aws.s3.Bucket {bucket=(tmpl "" ${n} "-" ${i} "")})}))`}},
		{"for over a map", "for k, v in tags {\n  net { name = k }\n}",
			[]string{`(for k v in tags {(module net {name=k})})`}},
		{"for over a call, discards", "for _, _ in keys(m) {\n  read aws.x.Y { id = 1 }\n}",
			[]string{`(for _ _ in (call keys m) {(read aws.x.Y {id=1})})`}},
		{"for over a parenthesised map", "for k, v in ({ a = 1, b = 2 }) {\n  net { name = k }\n}",
			[]string{`(for k v in (paren (map {a=1, b=2})) {(module net {name=k})})`}},
		{"for over a dotted reference", "for s in orgs.accounts {\n  net { id = s.id }\n}",
			[]string{`(for s in orgs.accounts {(module net {id=s.id})})`}},

		// ---- if ----
		{"if", "if enabled {\n  aws.s3.Bucket { bucket = 'a' }\n}",
			[]string{`(if enabled {(res aws.s3.Bucket {bucket='a'})})`}},
		{"if else value", `let x = if prod { 3 } else { 1 }`, []string{`(let x (if prod {3} else {1}))`}},
		{"if with lets", "let x = if a {\n  let y = 1\n  y\n} else {\n  let z = 2\n  z\n}",
			[]string{`(let x (if a {(let y 1) y} else {(let z 2) z}))`}},
		{"if on a call", "if contains(envs, 'prod') {\n  net { a = 1 }\n}",
			[]string{`(if (call contains envs 'prod') {(module net {a=1})})`}},

		// ---- wait ----
		{"wait", "let cert_issued = wait cert {\n  until      = cert.status == aws.acm.Certificate.Status.Issued\n  depends_on = [validation_record]\n  timeout    = 75min\n}",
			[]string{`(let cert_issued (wait cert {until=(== cert.status aws.acm.Certificate.Status.Issued) depends_on=[validation_record] timeout=(dur 75min 4500s)}))`}},
		{"discarded wait", "let _ = wait cert { until = cert.ready == true }",
			[]string{`(let _ (wait cert {until=(== cert.ready true)}))`}},

		// ---- pipes, compose, coalesce, calls ----
		{"pipe", `let a = names |> join(',')`, []string{`(let a (|> names (call join ',')))`}},
		{"pipe chain", `let a = x |> split(',') |> join('-') |> upper()`,
			[]string{`(let a (|> (|> (|> x (call split ',')) (call join '-')) (call upper)))`}},
		{"compose", `let f = split(',') >> join('-')`, []string{`(let f (>> (call split ',') (call join '-')))`}},
		{"compose then pipe", `let a = f >> g |> h()`, []string{`(let a (|> (>> f g) (call h)))`}},
		{"coalesce", `let a = vpc.id ?? 'none'`, []string{`(let a (?? vpc.id 'none'))`}},
		{"coalesce of pipes", `let a = x |> f() ?? y |> g()`, []string{`(let a (?? (|> x (call f)) (|> y (call g))))`}},
		{"calls", `let a = cidr_subnet(vpc.cidr, 8, 1)`, []string{`(let a (call cidr_subnet vpc.cidr 8 1))`}},
		{"call across lines", "let a = join(\n  ',',\n  names\n)", []string{`(let a (call join ',' names))`}},
		{"call on the next line", "let a = f\n(1)", []string{`(let a (call f 1))`}},
		{"nested calls", `let a = upper(lower(trim(x)))`, []string{`(let a (call upper (call lower (call trim x))))`}},

		// ---- lists and maps ----
		{"lists", `let a = [1, 'two', [3], {}]`, []string{`(let a [1 'two' [3] (map {})])`}},
		{"empty list and trailing comma", "let a = []\nlet b = [\n  1,\n  2,\n]", []string{`(let a [])`, `(let b [1 2])`}},
		{"map with commas and quoted keys", `let m = { a = 1, 'b.c' = 2 d = 3 }`,
			[]string{`(let m (map {a=1, 'b.c'=2 d=3}))`}},
		{"map with nested blocks", "let doc = {\n  version = '2012-10-17'\n  statement {\n    effect = allow\n  }\n  statement {\n    effect = deny\n  }\n}",
			[]string{`(let doc (map {version='2012-10-17' statement{effect=allow} statement{effect=deny}}))`}},
		{"map of maps", `let m = { a = { b = { c = 1 } } }`, []string{`(let m (map {a=(map {b=(map {c=1})})}))`}},

		// ---- references ----
		{"dotted reference", `let a = cert.domain_validation_options`, []string{`(let a cert.domain_validation_options)`}},
		{"subscripts", `let a = cert.domain_validation_options[0].resource_record.name`,
			[]string{`(let a (field (index cert.domain_validation_options 0) resource_record.name))`}},
		{"subscript chain", `let a = m['k'][0].b['c']`, []string{`(let a (index (field (index (index m 'k') 0) b) 'c'))`}},
		{"subscript on a bare name", `let a = xs[1]`, []string{`(let a (index xs 1))`}},
		{"numeric tails", "let v = aws.iam.PolicyDocument.Version.2012_10_17\nlet t = Type.ipsec.1",
			[]string{`(let v aws.iam.PolicyDocument.Version.2012_10_17)`, `(let t Type.ipsec.1)`}},
		{"enum identifiers", `aws.s3.Bucket { acl = private versioning = aws.s3.Bucket.VersioningStatus.Enabled }`,
			[]string{`(res aws.s3.Bucket {acl=private versioning=aws.s3.Bucket.VersioningStatus.Enabled})`}},
		{"true-prefixed dotted and indexed names", "let a = trueish.attr\nlet b = false_list[0]",
			[]string{`(let a trueish.attr)`, `(let b (index false_list 0))`}},

		// ---- literals ----
		{"numbers", "let a = 0\nlet b = -42\nlet c = 9223372036854775807\nlet d = -9223372036854775808",
			[]string{`(let a 0)`, `(let b -42)`, `(let c 9223372036854775807)`, `(let d -9223372036854775808)`}},
		{"floats", "let a = 1.5\nlet b = -0.25\nlet c = 10.0", []string{`(let a (float 1.5))`, `(let b (float -0.25))`, `(let c (float 10))`}},
		{"bools", "let a = true\nlet b = false", []string{`(let a true)`, `(let b false)`}},
		{"null outside validate is a name", `let a = null`, []string{`(let a null)`}},
		{"strings", `let a = 'single' let b = "double" let c = '' let d = ""`,
			[]string{`(let a 'single')`, `(let b "double")`, `(let c '')`, `(let d "")`}},
		{"escapes", `let a = "q\" b\\ n\n r\r t\t d\$" let b = 'it\'s \\ x'`,
			[]string{`(let a "q\" b\\ n\n r\r t\t d$")`, `(let b 'it\'s \\ x')`}},
		{"dollar without brace", `let a = "costs $5"`, []string{`(let a "costs $5")`}},
		{"single quotes do not interpolate", `let a = '${x}'`, []string{`(let a '${x}')`}},
		{"multi-line double-quoted string", "let a = \"line 1\nline 2\"\nlet b = 1", []string{`(let a "line 1\nline 2")`, `(let b 1)`}},
		{"interpolation", `let a = "${env}-app-${region}"`, []string{`(let a (tmpl "" ${env} "-app-" ${region} ""))`}},
		{"interpolation with calls and nested strings", `let a = "x${f("y")}z${g(1,'q')}"`,
			[]string{`(let a (tmpl "x" ${(call f "y")} "z" ${(call g 1 'q')} ""))`}},
		{"interpolation with inner interpolation", `let a = "a${f("b${c}")}d"`,
			[]string{`(let a (tmpl "a" ${(call f (tmpl "b" ${c} ""))} "d"))`}},
		{"interpolation with spaces inside the braces", `let a = "${ x }"`, []string{`(let a (tmpl "" ${x} ""))`}},
		{"interpolation of a subscript", `let a = "${m['k'][0].b}"`, []string{`(let a (tmpl "" ${(field (index (index m 'k') 0) b)} ""))`}},
		{"empty interpolation", `let a = "x${}y"`, []string{`(let a (tmpl "x" ${(empty)} "y"))`}},
		{"escapes around interpolation", `let a = "\"${x}\"\n"`, []string{`(let a (tmpl "\"" ${x} "\"\n"))`}},
		{"heredoc", "let a = <<EOT\n  hello ${name}\nEOT\nlet b = 1",
			[]string{`(let a (doc "  hello ${name}\n"))`, `(let b 1)`}},
		{"indented heredoc", "let a = <<-EOT\n    {\n      \"a\": 1\n    }\n    EOT\nlet b = 1",
			[]string{`(let a (doc "{\n  \"a\": 1\n}\n"))`, `(let b 1)`}},
		{"quoted heredoc", "let a = <<'EOT'\nraw ${x}\nEOT", []string{`(let a (doc "raw ${x}\n"))`}},
		{"indented quoted heredoc", "let a = <<-'END_1'\n  a\n\n  b\n  END_1", []string{`(let a (doc "a\n\nb\n"))`}},
		{"empty heredoc", "let a = <<EOT\nEOT", []string{`(let a (doc ""))`}},
		{"heredoc in a block", "aws.iam.Policy {\n  policy = <<EOT\n{}\nEOT\n  name = 'p'\n}",
			[]string{`(res aws.iam.Policy {policy=(doc "{}\n") name='p'})`}},

		{"a nested block in a map holds lets", "let p = {\n  statement {\n    let e = 'Allow'\n    effect = e\n  }\n}",
			[]string{`(let p (map {statement{(let e 'Allow') effect=e}}))`}},
		{"comparisons in a call in a condition", "require contains_all(a == 1, b != 2), 'm'",
			[]string{`(require (call contains_all (== a 1) (!= b 2)) 'm')`}},

		// ---- durations: every unit ----
		{"duration units", "let a = [1s, 2sec, 3second, 4seconds, 5m, 6min, 7minute, 8minutes, 9h, 10hr, 11hour, 12hours, 0s]",
			[]string{`(let a [(dur 1s 1s) (dur 2sec 2s) (dur 3second 3s) (dur 4seconds 4s) (dur 5m 300s) (dur 6min 360s) (dur 7minute 420s) (dur 8minutes 480s) (dur 9h 32400s) (dur 10hr 36000s) (dur 11hour 39600s) (dur 12hours 43200s) (dur 0s 0s)])`}},
		{"largest duration", `let a = 18446744073709551615s`, []string{`(let a (dur 18446744073709551615s 18446744073709551615s))`}},

		// ---- comments and layout ----
		{"comments everywhere", "# top\n// also\nlet a = /* inline */ 1 # trailing\n/* block /* nested */ */\nlet b = [\n  1, # one\n  2, // two\n]",
			[]string{`(let a 1)`, `(let b [1 2])`}},
		{"CRLF line endings", "let a = 1\r\nlet b = {\r\n  x = 'y'\r\n}\r\n", []string{`(let a 1)`, `(let b (map {x='y'}))`}},
		{"lone CR line endings", "let a = 1\rlet b = 'x'\r", []string{`(let a 1)`, `(let b 'x')`}},
		{"BOM-free unicode in strings and comments", "# 日本語\nlet a = 'こんにちは 🌍'", []string{`(let a 'こんにちは 🌍')`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parseClean(t, tc.src)
			if diff := cmp.Diff(tc.want, dumpFile(f)); diff != "" {
				t.Errorf("%q (-want +got):\n%s", tc.src, diff)
			}
		})
	}
}

// TestTypeExtent checks where a type annotation's tokens end: the parser hands them all to
// participle, so a loose extent costs quadratic time on long one-line parameter lists.
func TestTypeExtent(t *testing.T) {
	tests := []struct{ after, want string }{
		{"String = 1", "String"},
		{"String, b: Int", "String"},
		{"String b: Int", "String"},
		{"String) {", "String"},
		{"'a' | 'b' = 'a'", "'a' | 'b'"},
		{"list(map(String)) = {}", "list(map(String))"},
		{"list(String, sep) {", "list(String"},
		{"list(String\n  b: Int", "list(String"},
		{"struct { a: Int, b: list(String) } = x", "struct { a: Int, b: list(String) }"},
		{"Int {\n  description = 'x'\n}\nb: Int", "Int {\n  description = 'x'\n}"},
		{"'a' |\n  'b'\nc: Int", "'a' |\n  'b'"},
		{"awscc.ec2.Vpc | String\nc: Int", "awscc.ec2.Vpc | String"},
		{"list(, a: list(, a: list(", "list("},
	}
	for _, tc := range tests {
		src := "x: " + tc.after
		p := newParser(src, Lex(src), nil)
		end := typeExtent(p.toks, 2)
		got := ""
		if end > 2 {
			got = src[p.toks[2].Start:p.toks[end-1].End]
		}
		if got != tc.want {
			t.Errorf("type extent in %q = %q, want %q", src, got, tc.want)
		}
	}
}

// TestDeepNesting checks that absurdly deep nesting cannot overflow the stack of the recursive
// descent (which would crash the server): past maxNesting levels the parser reports it once and
// gives up on the statement, and the next statement still parses.
func TestDeepNesting(t *testing.T) {
	const n = 100000
	tests := []struct{ name, src string }{
		{"lists", "let a = " + strings.Repeat("[", n)},
		{"maps", "let a = " + strings.Repeat("{a = ", n)},
		{"calls", "let a = " + strings.Repeat("f(", n)},
		{"parentheses", "let a = " + strings.Repeat("(", n)},
		{"nested blocks", "aws.s3.Bucket {\n" + strings.Repeat("a {\n", n)},
		{"negations", "require " + strings.Repeat("!", n) + "a, 'm'"},
		{"for bodies", "let a = " + strings.Repeat("for x in xs {", n)},
		{"types", "arguments {\n  a: " + strings.Repeat("list(", n)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.src + "\nlet ok = 1\n"
			f := fresh().Parse(src)
			checkTokens(t, src, f.Tokens)
			deep := 0
			for _, e := range f.Errors {
				if strings.HasPrefix(e.Msg, "nesting too deep") {
					deep++
				}
			}
			if deep != 1 {
				t.Errorf("%d nesting errors, want 1; errors: %v", deep, f.Errors[:min(len(f.Errors), 5)])
			}
			last := f.Stmts[len(f.Stmts)-1]
			if got := dump(last.Node); got != "(let ok 1)" || len(last.Errors) != 0 {
				t.Errorf("the statement after the deep one: %s %v", got, last.Errors)
			}
		})
	}
	// Nesting up to the limit is fine.
	src := "let a = " + strings.Repeat("[", maxNesting-10) + strings.Repeat("]", maxNesting-10)
	if f := fresh().Parse(src); len(f.Errors) != 0 {
		t.Errorf("%d levels: %v", maxNesting-10, f.Errors[0])
	}
}

// TestParseString parses texts as one string literal: what is valid as a value parses without
// errors, broken interpolations and trailing text do not.
func TestParseString(t *testing.T) {
	tests := []struct {
		text  string
		value string // Value of the literal; "" for a template
		bad   bool   // syntax errors expected
	}{
		{text: `"a"`, value: "a"},
		{text: `'a ${b}'`, value: "a ${b}"},
		{text: `"team-${caller.account_id}"`},
		{text: `"${"`, bad: true},
		{text: `"x${"`, bad: true},
		{text: `"${x"`, bad: true},
		{text: `"${f(x, y)}"`, bad: true},
		{text: `"a" b`, value: "a", bad: true},
		{text: `b`, bad: true},
		{text: `"a\q"`, bad: true},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			s, errs := ParseString(tt.text)
			if bad := len(errs) > 0; bad != tt.bad {
				t.Errorf("errors %v, want errors: %t", errs, tt.bad)
			}
			if tt.value != "" && (s == nil || s.Value != tt.value) {
				t.Errorf("literal %+v, want value %q", s, tt.value)
			}
		})
	}
}
