package cursor

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/testutil"
)

// found is what a Site says, in words: its role, the text it covers, and what it resolves to.
type found struct {
	Role string
	Text string
	Is   string // the resolution, as "kind=value" words in a fixed order
}

// foundOf describes a Site.
func foundOf(s *Site) found {
	var is []string
	add := func(k, v string) {
		if v != "" {
			is = append(is, k+"="+v)
		}
	}
	if s.Construct != nil {
		add("construct", s.Construct.Name)
	}
	if s.KeyDef != nil {
		add("key", s.KeyDef.Name)
	}
	if s.Decl != nil {
		add("decl", s.Decl.Name+":"+s.Decl.Kind.String())
	}
	if s.Ref != nil {
		add("ref", "yes")
	}
	if s.Module != nil && s.Module.Decl != nil {
		add("module", s.Module.Decl.Name)
	}
	if s.Param != nil && s.Param.Name != nil {
		add("param", s.Param.Name.Text)
	}
	if s.Output != nil {
		add("output", s.Output.Name)
	}
	if s.Schema != nil {
		add("schema", s.Schema.Type)
	}
	add("attr", strings.Join(s.Attr, "."))
	if s.Member != nil {
		add("member", "yes")
	}
	if s.Enum != nil {
		add("enum", s.Enum.Identity)
	}
	add("value", s.Value.DSL)
	if s.Builtin {
		add("builtin", "yes")
	}
	if s.Block != nil && s.Block.Construct != nil {
		add("in", s.Block.Construct.Name)
	}
	if s.Expect.Key != nil {
		add("expects", s.Expect.Key.Name)
	}
	add("expect", s.Expect.Desc)
	return found{Role: s.Role.String(), Text: s.Text, Is: strings.Join(is, " ")}
}

// TestLocateRoles locates hand-written places: every role, the boundary rules, and trees broken
// the ways typing breaks them.
func TestLocateRoles(t *testing.T) {
	const module = "arguments {\n  cidr: String\n}\n\nattributes {\n  vpc_id: String = 'x'\n}\n"
	tests := []struct {
		name string
		src  string
		want found
	}{
		// Keywords: of a construct, of its syntax, keys and blocks the construct table calls keywords.
		{"let", "<|>let x = 1\n", found{"keyword", "let", "construct=let"}},
		{"wait of a binding", "let c = aws.acm.Certificate {}\nlet w = wa<|>it c {\n  until = c.status == issued\n}\n",
			found{"keyword", "wait", "construct=wait decl=w:wait"}},
		{"in", "let xs = for x i<|>n [1] { x }\n", found{"keyword", "in", "construct=for"}},
		{"else", "let s = if true { 1 } el<|>se { 2 }\n", found{"keyword", "else", "construct=if"}},
		{"until in a wait", "let c = aws.acm.Certificate {}\nlet w = wait c {\n  un<|>til = c.status == issued\n}\n",
			found{"keyword", "until", "construct=wait key=until in=wait"}},
		{"depends_on in directives", "let a = 1\nlet b = aws.s3.Bucket {\n  directives {\n    depends<|>_on = [a]\n  }\n}\n",
			found{"keyword", "depends_on", "construct=directives key=depends_on in=directives"}},
		{"directives", "let b = aws.s3.Bucket {\n  direc<|>tives {\n    prevent_destroy = true\n  }\n}\n",
			found{"keyword", "directives", "construct=directives"}},
		{"validation", "arguments {\n  n: String {\n    valid<|>ation {\n      condition = n != ''\n      error_message = 'e'\n    }\n  }\n}\n",
			found{"keyword", "validation", "construct=validation"}},
		{"operator", "let x = 'a' |<|>> upper()\n", found{"operator", "|>", ""}},

		// Declarations and references.
		{"let name", "let ce<|>rt = aws.acm.Certificate {}\n", found{"declaration", "cert", "decl=cert:resource"}},
		{"function and parameter", "fn tw<|>ice(s: String) { s }\n", found{"declaration", "twice", "decl=twice:function"}},
		{"loop variable", "let xs = for <|>x in [1] { x }\n", found{"declaration", "x", "decl=x:loop variable"}},
		{"reference", "let a = 1\nlet b = <|>a\n", found{"reference", "a", "decl=a:value ref=yes"}},
		{"wait target", "let c = aws.acm.Certificate {}\nlet w = wait <|>c {\n  until = c.status == issued\n}\n",
			found{"reference", "c", "decl=c:resource ref=yes"}},
		{"attribute of a reference", "let c = aws.acm.Certificate {}\nlet x = c.st<|>atus\n",
			found{"member", "status", "decl=c:resource ref=yes schema=aws.acm.Certificate attr=status member=yes"}},
		{"a name that resolves to nothing", "let x = nothi<|>ng_here\n", found{"reference", "nothing_here", "ref=yes"}},

		// Enum values, resolved against what the place expects or qualified.
		{"bare enum value of an attribute", "let c = aws.acm.Certificate {\n  validation_method = d<|>ns\n}\n",
			found{"enum value", "dns", "ref=yes enum=aws.acm.Certificate.ValidationMethod value=dns expect=for attribute `validation_method` of `aws.acm.Certificate`"}},
		{"bare enum value compared in until", "let c = aws.acm.Certificate {}\nlet w = wait c {\n  until = c.status == iss<|>ued\n}\n",
			found{"enum value", "issued", "ref=yes enum=aws.acm.Certificate.Status value=issued expect=compared with `c.status` (`aws.acm.Certificate`)"}},
		{"qualified enum value", "let x = aws.acm.Certificate.Status.Iss<|>ued\n",
			found{"enum value", "aws.acm.Certificate.Status.Issued", "ref=yes enum=aws.acm.Certificate.Status value=issued"}},
		{"prefix of a qualified value", "let x = aws.acm.Certif<|>icate.Status.Issued\n",
			found{"resource type", "aws.acm.Certificate", "ref=yes schema=aws.acm.Certificate"}},
		{"region of a provider", "provider aws {\n  region = aws.Region.us_ea<|>st_1\n}\n",
			found{"enum value", "aws.Region.us_east_1", "ref=yes enum=aws.Region value=us_east_1 expects=region"}},

		// Keys and names of blocks.
		{"attribute of a resource", "let c = aws.acm.Certificate {\n  domain_<|>name = 'x'\n}\n",
			found{"key", "domain_name", "construct=resource schema=aws.acm.Certificate attr=domain_name member=yes in=resource"}},
		{"key of a map in a resource", "let b = aws.s3.Bucket {\n  tags = {\n    Na<|>me = 'x'\n  }\n}\n",
			found{"key", "Name", "construct=resource schema=aws.s3.Bucket attr=tags.Name member=yes in=resource"}},
		{"quoted key", "let b = aws.s3.Bucket {\n  tags = {\n    'Na<|>me' = 'x'\n  }\n}\n",
			found{"key", "Name", "construct=resource schema=aws.s3.Bucket attr=tags.Name member=yes in=resource"}},
		{"key of a construct that is no keyword", "provider aws {\n  reg<|>ion = aws.Region.us_east_1\n}\n",
			found{"key", "region", "construct=provider key=region in=provider"}},
		{"the same word as a resource attribute", "let b = aws.s3.Bucket {\n  time<|>out = 5\n}\n",
			found{"key", "timeout", "construct=resource schema=aws.s3.Bucket attr=timeout in=resource"}},
		{"nested block name", "let t = awscc.dynamodb.Table {\n  attribute_defin<|>ition {\n    attribute_name = 'pk'\n  }\n}\n",
			found{"block name", "attribute_definition", "schema=awscc.dynamodb.Table attr=attribute_definition member=yes in=resource"}},
		{"argument of a module call", "let net = use { source = './net' }\nlet n = net {\n  ci<|>dr = 'x'\n}\n",
			found{"argument key", "cidr", "construct=module call module=net param=cidr in=module call"}},
		{"module alias", "let net = use { source = './net' }\nlet n = n<|>et {\n  cidr = 'x'\n}\n",
			found{"reference", "net", "decl=net:module ref=yes module=net"}},
		{"attributes entry", "attributes {\n  vpc_<|>id: String = 'x'\n}\n", found{"output", "vpc_id", "output=vpc_id"}},

		// Types, functions, providers, literals.
		{"resource type", "let c = aws.acm.Certif<|>icate {}\n", found{"resource type", "aws.acm.Certificate", "schema=aws.acm.Certificate"}},
		{"resource type of an address", "import {\n  to = aws.s3.Buc<|>ket 'x'\n  id = 'x'\n}\n", found{"resource type", "aws.s3.Bucket", "schema=aws.s3.Bucket"}},
		{"type annotation", "arguments {\n  n: li<|>st(String)\n}\n", found{"type name", "list", ""}},
		{"struct field", "arguments {\n  c: struct { na<|>me: String }\n}\n", found{"field", "name", ""}},
		{"built-in function", "let x = upp<|>er('a')\n", found{"function", "upper", "ref=yes builtin=yes"}},
		{"user function", "fn twice(s: String) { s }\nlet x = tw<|>ice('a')\n", found{"function", "twice", "decl=twice:function ref=yes"}},
		{"provider name", "provider a<|>ws {\n  region = aws.Region.us_east_1\n}\n", found{"provider name", "aws", ""}},
		{"backend type", "backend s<|>3 {\n  bucket = 'b'\n}\n", found{"backend type", "s3", ""}},
		{"string", "let x = 'a<|>b'\n", found{"string", "'ab'", ""}},
		{"duration", "let c = aws.acm.Certificate {}\nlet w = wait c {\n  until = c.status == issued\n  timeout = 7<|>5min\n}\n",
			found{"number", "75min", "expects=timeout"}},
		{"literal", "let x = tr<|>ue\n", found{"literal", "true", ""}},
		{"comment", "# a <|>note\nlet x = 1\n", found{"comment", "# a note", ""}},

		// Boundary rules: a cursor right after a word is on it unless another word starts there.
		{"just after a word, before a comma", "let a = 1\nlet x = [a<|>, 2]\n", found{"reference", "a", "decl=a:value ref=yes"}},
		{"just after a word, before an operator word", "let a = 'x'\nlet x = a<|>|> upper()\n", found{"operator", "|>", ""}},
		{"at the start of a word", "let a = 1\nlet x = [<|>a]\n", found{"reference", "a", "decl=a:value ref=yes"}},
		{"in the blank after a comma", "let a = 1\nlet x = [a,<|> 2]\n", found{"none", ",", ""}},
		{"before a bracket", "let x = <|>[1]\n", found{"none", "[", ""}},
		{"at the end of the text", "let a = 1\nlet x = a<|>", found{"reference", "a", "decl=a:value ref=yes"}},
		{"before the } of an interpolation", "let a = 1\nlet x = \"${a<|>}\"\n", found{"reference", "a", "decl=a:value ref=yes"}},

		// Broken trees.
		{"a key without =", "let c = aws.acm.Certificate {\n  domain_na<|>me 'x'\n}\n",
			found{"key", "domain_name", "construct=resource schema=aws.acm.Certificate attr=domain_name member=yes in=resource"}},
		{"a missing until value", "let c = aws.acm.Certificate {}\nlet w = wait c {\n  un<|>til =\n}\n",
			found{"keyword", "until", "construct=wait key=until in=wait"}},
		{"an unclosed wait", "let c = aws.acm.Certificate {}\nlet w = wait c {\n  until = c.status == issued\n  time<|>out = 2h\n\nlet b = 1\n",
			found{"keyword", "timeout", "construct=wait key=timeout in=wait"}},
		{"an unclosed resource", "let c = aws.acm.Certificate {\n  domain_name 'x'\n  validation_met<|>hod = dns\n\nlet b = 1\n",
			found{"key", "validation_method", "construct=resource schema=aws.acm.Certificate attr=validation_method member=yes in=resource"}},
		{"a keyword alone as a value", "let ready = wa<|>it\n", found{"keyword", "wait", "construct=wait ref=yes"}},
		{"a binding in a statement that does not parse", "let cert = 1\nlet x = = ce<|>rt\n", found{"reference", "cert", "decl=cert:value"}},
		{"a wait key in text that does not parse", "unt<|>il = 1\n", found{"keyword", "until", "construct=wait"}},
	}
	idx := testutil.EmbeddedIndex(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clean, name, off := testutil.CutFiles(t, map[string]string{"main.crn": tc.src, "net/main.crn": module})
			if name != "main.crn" {
				t.Fatalf("no cursor marker in main.crn")
			}
			cfg := testutil.Config(t, clean, testutil.Root)
			f := cfg.File(testutil.Abs("main.crn"))
			s := Locate(cfg, f, off, idx)
			if diff := cmp.Diff(tc.want, foundOf(s)); diff != "" {
				t.Errorf("Locate (-want +got):\n%s", diff)
			}
			if s.Slot == nil {
				t.Error("Locate gave no Slot")
			}
		})
	}
}
