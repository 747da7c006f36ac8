package cursor

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// where is what a Slot says, in words.
type where struct {
	In     string // the container, with what it belongs to
	Pos    string // where in the container's current item: key, value, type, after; the key; +N entries after "="
	Word   string
	String bool   // in a string
	Locals string // names in scope
}

func inName(s Slot) string {
	names := [...]string{InNothing: "none", InStatement: "stmt", InBlock: "block", InBody: "body", InList: "list",
		InArgs: "args", InParams: "params", InDecls: "decls", InStruct: "struct", InTypeArgs: "type-args"}
	out := names[s.In]
	var parts []string
	if b := s.Block; b != nil {
		if b.Construct != nil {
			parts = append(parts, b.Construct.Name)
		}
		for _, p := range []string{b.Head, b.TargetN, b.ModName, b.Kind} {
			if p != "" {
				parts = append(parts, p)
			}
		}
		if b.Read {
			parts = append(parts, "read")
		}
		if b.Map {
			parts = append(parts, "map")
		}
		if len(b.Path) > 0 {
			parts = append(parts, "path="+strings.Join(b.Path, "."))
		}
		if b.Place == grammar.InLet && b.Construct != nil && b.Construct.ID == grammar.ProviderConstruct {
			parts = append(parts, "named")
		}
	}
	if len(parts) > 0 {
		out += "(" + strings.Join(parts, " ") + ")"
	}
	return out
}

func posName(s Slot) string {
	p := [...]string{PosNone: "none", PosKey: "key", PosValue: "value", PosType: "type", PosAfter: "after"}[s.Pos]
	if s.Key != "" {
		p += " " + s.Key
	}
	if len(s.Rhs) > 0 && s.In != InList {
		p += fmt.Sprintf(" +%d", len(s.Rhs))
	}
	return p
}

func describe(t *testing.T, text string) where {
	t.Helper()
	src, off := testutil.Cut(t, text)
	if off < 0 {
		t.Fatalf("no cursor marker in %q", text)
	}
	cfg := testutil.Config(t, map[string]string{"main.crn": src}, testutil.Root)
	f := cfg.File(testutil.Abs("main.crn"))
	s := SlotAt(cfg, f, off, nil)
	if s.In == InNothing {
		return where{In: "none"}
	}
	return where{In: inName(s), Pos: posName(s), Word: s.Text, String: s.StringTok.Kind == grammar.String, Locals: strings.Join(s.Locals, ",")}
}

// TestSlot checks where completion finds itself, from the recovered tree and the brackets open at
// the cursor.
func TestSlot(t *testing.T) {
	for _, tt := range slotCases() {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, describe(t, tt.text)); diff != "" {
				t.Errorf("SlotAt(%q) (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

type slotCase struct {
	name, text string
	want       where
}

func slotCases() []slotCase {
	return []slotCase{
		{"empty file", "<|>", where{In: "stmt", Pos: "key"}},
		{"after a statement", "let a = 1\n<|>", where{In: "stmt", Pos: "key"}},
		{"typed type", "let a = 1\naws.s3.Bu<|>", where{In: "stmt", Pos: "key", Word: "aws.s3.Bu"}},
		{"let rhs", "let x = <|>", where{In: "stmt", Pos: "value"}},
		{"wait target", "let w = wait ce<|>", where{In: "stmt", Pos: "value +1", Word: "ce"}},
		{"unclosed resource", "let x = aws.acm.Certificate {\n  <|>", where{In: "block(resource aws.acm.Certificate)", Pos: "key"}},
		{"resource then next let", "let x = aws.acm.Certificate {\n  dom<|>\n\nlet y = 1\n",
			where{In: "block(resource aws.acm.Certificate)", Pos: "key", Word: "dom"}},
		{"data source", "let b = read aws.s3.Bucket {\n  <|>\n}", where{In: "block(data source aws.s3.Bucket read)", Pos: "key"}},
		{"anonymous resource", "aws.s3.Bucket {\n  bucket = <|>\n}", where{In: "block(resource aws.s3.Bucket)", Pos: "value bucket"}},
		{"wait key unclosed", "let w = wait cert {\n  unt<|>", where{In: "block(wait cert)", Pos: "key", Word: "unt"}},
		{"until dot", "let w = wait cert {\n  until = cert.<|>", where{In: "block(wait cert)", Pos: "value until", Word: "cert."}},
		{"until rhs", "let w = wait cert {\n  until = cert.status == <|>\n}", where{In: "block(wait cert)", Pos: "value until +2"}},
		{"until after lhs", "let w = wait cert {\n  until = cert.status <|>\n}", where{In: "block(wait cert)", Pos: "after until +1"}},
		{"until next line", "let w = wait cert {\n  until = cert.status == X\n  <|>\n}", where{In: "block(wait cert)", Pos: "key"}},
		{"indexed lhs", "let w = wait cert {\n  until = cert.opts[0].rec.<|>", where{In: "block(wait cert)", Pos: "value until", Word: "cert.opts[0].rec."}},
		{"timeout digits", "let w = wait cert {\n  timeout = 75<|>\n}", where{In: "block(wait cert)", Pos: "value timeout", Word: "75"}},
		{"wait depends_on", "let w = wait cert {\n  depends_on = [a, <|>]\n}", where{In: "list(wait cert)", Pos: "value depends_on"}},
		{"nested block", "let c = aws.acm.Certificate {\n  options {\n    <|>\n  }\n}", where{In: "block(resource aws.acm.Certificate path=options)", Pos: "key"}},
		{"nested map", "let d = awscc.cloudfront.Distribution {\n  distribution_config = {\n    viewer_certificate = {\n      <|>",
			where{In: "block(resource awscc.cloudfront.Distribution map path=distribution_config.viewer_certificate)", Pos: "key"}},
		{"singular block name", "let t = awscc.dynamodb.Table {\n  attribute_definition {\n    <|>\n  }\n}",
			where{In: "block(resource awscc.dynamodb.Table path=attribute_definition)", Pos: "key"}},
		{"value in a singular block", "let t = awscc.dynamodb.Table { attribute_definition {\n attribute_type = <|> } }",
			where{In: "block(resource awscc.dynamodb.Table path=attribute_definition)", Pos: "value attribute_type"}},
		{"list of structs", "let t = awscc.dynamodb.Table {\n  key_schema = [{\n    <|>",
			where{In: "block(resource awscc.dynamodb.Table map path=key_schema)", Pos: "key"}},
		{"directives", "let b = aws.s3.Bucket {\n  directives {\n    depends_on = [<|>", where{In: "list(directives)", Pos: "value depends_on"}},
		{"provider", "provider aws {\n  region = <|>\n}", where{In: "block(provider aws)", Pos: "value region"}},
		{"named provider", "let us = provider aws {\n  <|>\n}", where{In: "block(provider aws named)", Pos: "key"}},
		{"use source", "let n = use {\n  source = './mo<|>'\n}", where{In: "block(use)", Pos: "value source", String: true}},
		{"upstream", "let o = upstream_state {\n  <|>\n}", where{In: "block(upstream_state)", Pos: "key"}},
		{"module call", "let n = net {\n  cidr = <|>\n}", where{In: "block(module call net)", Pos: "value cidr"}},
		{"anonymous module call", "net {\n  <|>\n}", where{In: "block(module call net)", Pos: "key"}},
		{"arguments type", "arguments {\n  cidr: <|>\n}", where{In: "decls", Pos: "type"}},
		{"arguments default", "arguments {\n  cidr: String = <|>\n}", where{In: "decls", Pos: "value"}},
		{"param body", "arguments {\n  env: String {\n    <|>\n  }\n}", where{In: "block(argument)", Pos: "key"}},
		{"validation", "arguments {\n  env: String {\n    validation {\n      <|>", where{In: "block(validation)", Pos: "key"}},
		{"type paren", "arguments {\n  cidrs: list(<|>\n}", where{In: "type-args", Pos: "key"}},
		{"struct type", "arguments {\n  cfg: struct {\n    a: <|>", where{In: "struct", Pos: "type"}},
		{"exports", "exports {\n  id: String = <|>\n}", where{In: "decls", Pos: "value"}},
		{"fn params", "fn f(a: <|>", where{In: "params", Pos: "type"}},
		{"fn return", "fn f(a): <|>", where{In: "stmt", Pos: "type"}},
		{"fn body", "fn f(a, b: Int = 1) {\n  <|>\n}", where{In: "body", Pos: "key", Locals: "b,a"}},
		{"for in", "let b = for x in <|>", where{In: "stmt", Pos: "value +3"}},
		{"for body", "let b = for (i, x) in xs {\n  let y = 1\n  <|>\n}", where{In: "body", Pos: "key", Locals: "y,x,i"}},
		{"for map body", "for k, v in m {\n  <|>\n}", where{In: "body", Pos: "key", Locals: "v,k"}},
		{"if body", "let b = if c {\n  <|>\n}", where{In: "body", Pos: "key"}},
		{"else body", "let b = if c {\n  x {}\n} else {\n  <|>\n}", where{In: "body", Pos: "key"}},
		{"import", "import {\n  to = <|>\n}", where{In: "block(import import)", Pos: "value to"}},
		{"interpolation", "let b = aws.s3.Bucket {\n  bucket = \"a-${<|>\n}", where{In: "args", Pos: "key"}},
		{"closed interpolation", "let b = aws.s3.Bucket {\n  bucket = \"a-${x}-<|>\"\n}", where{In: "none"}},
		{"heredoc", "let x = <<EOT\n  a <|>\nEOT\n", where{In: "none"}},
		{"call args", "let x = join(',', <|>)", where{In: "args", Pos: "key"}},
		{"index", "let x = a.b[<|>]", where{In: "args", Pos: "key"}},
		{"quoted key", "let p = aws.s3.BucketPolicy {\n  'aws:x' = 1\n  <|>\n}", where{In: "block(resource aws.s3.BucketPolicy)", Pos: "key"}},
		{"comment", "# let x = <|>", where{In: "none"}},
		{"block comment", "/* let x = <|> */", where{In: "none"}},
		{"local let value", "aws.s3.Bucket {\n  let n = 'x'\n  bucket = <|>\n}", where{In: "block(resource aws.s3.Bucket)", Pos: "value bucket", Locals: "n"}},
		{"local let being typed", "aws.s3.Bucket {\n  let n = <|>\n}", where{In: "block(resource aws.s3.Bucket)", Pos: "value"}},
		{"comma in map", "let m = { a = 1, <|> }", where{In: "block(map)", Pos: "key"}},
		{"pipe", "let x = 'a' |> <|>", where{In: "stmt", Pos: "value +2"}},
	}
}
