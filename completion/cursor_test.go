package completion

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// describeFrame renders a frame as kind(head path key).
func describeFrame(f *frame) string {
	var parts []string
	if f.head != "" {
		parts = append(parts, f.head)
	}
	if f.read {
		parts = append(parts, "read")
	}
	if len(f.path) > 0 {
		parts = append(parts, "path="+strings.Join(f.path, "."))
	}
	if f.key != "" && len(f.path) == 0 {
		parts = append(parts, "key="+f.key)
	}
	if f.name != "" {
		parts = append(parts, "name="+f.name)
	}
	if len(f.locals) > 0 {
		parts = append(parts, "locals="+strings.Join(f.locals, ","))
	}
	s := frameName(f.kind)
	if len(parts) > 0 {
		s += "(" + strings.Join(parts, " ") + ")"
	}
	return s
}

func frameName(k frameKind) string {
	return [...]string{
		fStmt: "stmt", fResource: "resource", fNested: "nested", fMap: "map", fList: "list", fParen: "paren",
		fWait: "wait", fProvider: "provider", fBackend: "backend", fUse: "use", fUpstream: "upstream_state",
		fModuleCall: "module-call", fDirectives: "directives", fArguments: "arguments", fParamBody: "param-body",
		fValidation: "validation", fOutputs: "outputs", fState: "state", fForBody: "for-body", fIfBody: "if-body",
		fFnBody: "fn-body", fFnParams: "fn-params", fTypeParen: "type-paren", fStructType: "struct-type",
		fInterp: "interpolation",
	}[k]
}

func posName(p position) string {
	s := [...]string{posNone: "none", posKey: "key", posValue: "value", posType: "type", posAfter: "after"}[p.kind]
	if p.key != "" {
		s += " " + p.key
	}
	if len(p.rhs) > 0 {
		s += fmt.Sprintf(" +%d", len(p.rhs))
	}
	return s
}

// where is what locate finds, in words.
type where struct {
	Frames string // the open frames, outermost first
	Pos    string // where in the innermost frame's item
	Word   string
	String bool // in a string
}

func describe(t *testing.T, text string) where {
	t.Helper()
	src, off := testutil.Cut(t, text)
	if off < 0 {
		t.Fatalf("no cursor marker in %q", text)
	}
	f := g.NewParser().Parse(src)
	cur, ok := locate(f, int32(off))
	if !ok {
		return where{Frames: "none"}
	}
	var frames []string
	for _, fr := range cur.frames {
		frames = append(frames, describeFrame(fr))
	}
	return where{
		Frames: strings.Join(frames, " > "),
		Pos:    posName(cur.position(cur.top())),
		Word:   cur.text,
		String: cur.inStr >= 0,
	}
}

func TestLocate(t *testing.T) {
	tests := []struct {
		name, text string
		want       where
	}{
		{"empty file", "<|>", where{Frames: "stmt", Pos: "key"}},
		{"after a statement", "let a = 1\n<|>", where{Frames: "stmt", Pos: "key"}},
		{"typed type", "let a = 1\naws.s3.Bu<|>", where{Frames: "stmt", Pos: "key", Word: "aws.s3.Bu"}},
		{"let rhs", "let x = <|>", where{Frames: "stmt", Pos: "value"}},
		{"wait target", "let w = wait ce<|>", where{Frames: "stmt", Pos: "value +1", Word: "ce"}},
		{"unclosed resource", "let x = aws.acm.Certificate {\n  <|>", where{Frames: "stmt > resource(aws.acm.Certificate name=x)", Pos: "key"}},
		{"resource then next let", "let x = aws.acm.Certificate {\n  dom<|>\n\nlet y = 1\n",
			where{Frames: "stmt > resource(aws.acm.Certificate name=x)", Pos: "key", Word: "dom"}},
		{"data source", "let b = read aws.s3.Bucket {\n  <|>\n}", where{Frames: "stmt > resource(aws.s3.Bucket read name=b)", Pos: "key"}},
		{"anonymous resource", "aws.s3.Bucket {\n  bucket = <|>\n}", where{Frames: "stmt > resource(aws.s3.Bucket)", Pos: "value bucket"}},
		{"wait key unclosed", "let w = wait cert {\n  unt<|>", where{Frames: "stmt > wait(cert name=w)", Pos: "key", Word: "unt"}},
		{"until dot", "let w = wait cert {\n  until = cert.<|>", where{Frames: "stmt > wait(cert name=w)", Pos: "value until", Word: "cert."}},
		{"until rhs", "let w = wait cert {\n  until = cert.status == <|>\n}", where{Frames: "stmt > wait(cert name=w)", Pos: "value until +2"}},
		{"until after lhs", "let w = wait cert {\n  until = cert.status <|>\n}", where{Frames: "stmt > wait(cert name=w)", Pos: "after until +1"}},
		{"until next line", "let w = wait cert {\n  until = cert.status == X\n  <|>\n}", where{Frames: "stmt > wait(cert name=w)", Pos: "key"}},
		{"indexed lhs", "let w = wait cert {\n  until = cert.opts[0].rec.<|>", where{Frames: "stmt > wait(cert name=w)", Pos: "value until", Word: "cert.opts[0].rec."}},
		{"timeout digits", "let w = wait cert {\n  timeout = 75<|>\n}", where{Frames: "stmt > wait(cert name=w)", Pos: "value timeout", Word: "75"}},
		{"wait depends_on", "let w = wait cert {\n  depends_on = [a, <|>]\n}", where{Frames: "stmt > wait(cert name=w) > list(key=depends_on)", Pos: "key"}},
		{"nested block", "let c = aws.acm.Certificate {\n  options {\n    <|>\n  }\n}", where{Frames: "stmt > resource(aws.acm.Certificate name=c) > nested(aws.acm.Certificate path=options)", Pos: "key"}},
		{"nested map", "let d = awscc.cloudfront.Distribution {\n  distribution_config = {\n    viewer_certificate = {\n      <|>",
			where{Frames: "stmt > resource(awscc.cloudfront.Distribution name=d) > map(awscc.cloudfront.Distribution path=distribution_config) > map(awscc.cloudfront.Distribution path=distribution_config.viewer_certificate)", Pos: "key"}},
		{"list of structs", "let t = awscc.dynamodb.Table {\n  key_schema = [{\n    <|>",
			where{Frames: "stmt > resource(awscc.dynamodb.Table name=t) > list(awscc.dynamodb.Table path=key_schema) > map(awscc.dynamodb.Table path=key_schema)", Pos: "key"}},
		{"directives", "let b = aws.s3.Bucket {\n  directives {\n    depends_on = [<|>", where{Frames: "stmt > resource(aws.s3.Bucket name=b) > directives(key=directives) > list(key=depends_on)", Pos: "key"}},
		{"provider", "provider aws {\n  region = <|>\n}", where{Frames: "stmt > provider(aws)", Pos: "value region"}},
		{"named provider", "let us = provider aws {\n  <|>\n}", where{Frames: "stmt > provider(aws name=us)", Pos: "key"}},
		{"use source", "let n = use {\n  source = './mo<|>'\n}", where{Frames: "stmt > use(name=n)", Pos: "value source", String: true}},
		{"upstream", "let o = upstream_state {\n  <|>\n}", where{Frames: "stmt > upstream_state(name=o)", Pos: "key"}},
		{"module call", "let n = net {\n  cidr = <|>\n}", where{Frames: "stmt > module-call(net name=n)", Pos: "value cidr"}},
		{"anonymous module call", "net {\n  <|>\n}", where{Frames: "stmt > module-call(net)", Pos: "key"}},
		{"arguments type", "arguments {\n  cidr: <|>\n}", where{Frames: "stmt > arguments", Pos: "type"}},
		{"arguments default", "arguments {\n  cidr: String = <|>\n}", where{Frames: "stmt > arguments", Pos: "value"}},
		{"param body", "arguments {\n  env: String {\n    <|>\n  }\n}", where{Frames: "stmt > arguments > param-body(key=env)", Pos: "key"}},
		{"validation", "arguments {\n  env: String {\n    validation {\n      <|>", where{Frames: "stmt > arguments > param-body(key=env) > validation(key=validation)", Pos: "key"}},
		{"type paren", "arguments {\n  cidrs: list(<|>\n}", where{Frames: "stmt > arguments > type-paren", Pos: "key"}},
		{"struct type", "arguments {\n  cfg: struct {\n    a: <|>", where{Frames: "stmt > arguments > struct-type", Pos: "type"}},
		{"exports", "exports {\n  id: String = <|>\n}", where{Frames: "stmt > outputs", Pos: "value"}},
		{"fn params", "fn f(a: <|>", where{Frames: "stmt > fn-params", Pos: "type"}},
		{"fn return", "fn f(a): <|>", where{Frames: "stmt", Pos: "type"}},
		{"fn body", "fn f(a, b: Int = 1) {\n  <|>\n}", where{Frames: "stmt > fn-body(locals=a,b)", Pos: "key"}},
		{"for in", "let b = for x in <|>", where{Frames: "stmt", Pos: "value +3"}},
		{"for body", "let b = for (i, x) in xs {\n  let y = 1\n  <|>\n}", where{Frames: "stmt > for-body(name=b locals=i,x,y)", Pos: "key"}},
		{"for map body", "for k, v in m {\n  <|>\n}", where{Frames: "stmt > for-body(locals=k,v)", Pos: "key"}},
		{"if body", "let b = if c {\n  <|>\n}", where{Frames: "stmt > if-body(name=b)", Pos: "key"}},
		{"else body", "let b = if c {\n  x {}\n} else {\n  <|>\n}", where{Frames: "stmt > if-body(name=b)", Pos: "key"}},
		{"import", "import {\n  to = <|>\n}", where{Frames: "stmt > state(import)", Pos: "value to"}},
		{"interpolation", "let b = aws.s3.Bucket {\n  bucket = \"a-${<|>\n}", where{Frames: "stmt > resource(aws.s3.Bucket name=b) > interpolation", Pos: "key"}},
		{"closed interpolation", "let b = aws.s3.Bucket {\n  bucket = \"a-${x}-<|>\"\n}", where{Frames: "none"}},
		{"heredoc", "let x = <<EOT\n  a <|>\nEOT\n", where{Frames: "none"}},
		{"call args", "let x = join(',', <|>)", where{Frames: "stmt > paren", Pos: "key"}},
		{"index", "let x = a.b[<|>]", where{Frames: "stmt > paren", Pos: "key"}},
		{"quoted key", "let p = aws.s3.BucketPolicy {\n  'aws:x' = 1\n  <|>\n}", where{Frames: "stmt > resource(aws.s3.BucketPolicy name=p)", Pos: "key"}},
		{"comment", "# let x = <|>", where{Frames: "none"}},
		{"block comment", "/* let x = <|> */", where{Frames: "none"}},
		{"local let value", "aws.s3.Bucket {\n  let n = 'x'\n  bucket = <|>\n}", where{Frames: "stmt > resource(aws.s3.Bucket locals=n)", Pos: "value bucket"}},
		{"local let being typed", "aws.s3.Bucket {\n  let n = <|>\n}", where{Frames: "stmt > resource(aws.s3.Bucket)", Pos: "value"}},
		{"comma in map", "let m = { a = 1, <|> }", where{Frames: "stmt > map", Pos: "key"}},
		{"pipe", "let x = 'a' |> <|>", where{Frames: "stmt", Pos: "value +2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, describe(t, tt.text)); diff != "" {
				t.Errorf("locate(%q) (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

func TestPlain(t *testing.T) {
	tests := []struct{ in, want string }{
		{"let ${1:name} = $0", "let name = "},
		{waitSnippet, "let name = wait target {\n  until = target.attr == value\n}"},
		{"a \\$ b \\} c \\\\", "a $ b } c \\"},
		{"${1:x\\}y}z", "x}yz"},
		{"$12end", "end"},
		{"${ not a placeholder", "${ not a placeholder"},
		{"plain text", "plain text"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, plain(tt.in)); diff != "" {
			t.Errorf("plain(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestEscape(t *testing.T) {
	for _, s := range []string{"a$b", "x}y", `back\slash`, "${1:x}", "plain"} {
		if got := plain(escape(s)); got != s {
			t.Errorf("plain(escape(%q)) = %q", s, got)
		}
	}
}

func TestFormatDuration(t *testing.T) {
	tests := []struct {
		secs uint64
		want string
	}{{4500, "75min"}, {300, "5min"}, {3600, "1h"}, {7200, "2h"}, {90, "90s"}, {30, "30s"}, {5400, "90min"}}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, formatDuration(tt.secs)); diff != "" {
			t.Errorf("formatDuration(%d) (-want +got):\n%s", tt.secs, diff)
		}
	}
}

func TestWordStart(t *testing.T) {
	tests := []struct{ text, want string }{
		{"x = cert.st<|>", "cert.st"},
		{"x = cert.<|>", "cert."},
		{"x = cert.opts[0].rec.na<|>", "cert.opts[0].rec.na"},
		{"x = m['k'].v<|>", "m['k'].v"},
		{"x = [a<|>", "a"},
		{"x = [<|>", ""},
		{"t = 75<|>", "75"},
		{"x = .a<|>", "a"},
		{"<|>", ""},
	}
	for _, tt := range tests {
		src, off := testutil.Cut(t, tt.text)
		got := src[wordStartAt(src, off):off]
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("word at %q (-want +got):\n%s", tt.text, diff)
		}
	}
}
