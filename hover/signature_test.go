package hover

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSignatureAt(t *testing.T) {
	type sig struct {
		Label  string
		Active int
		Params []string
	}
	join := []string{"separator: String", "list: list"}
	tests := []struct {
		name string
		src  string
		want *sig // nil: no signature
	}{
		{"first argument", "let x = join(<|>", &sig{"join(separator: String, list: list) -> String", 0, join}},
		{"second argument", "let x = join(',', <|>)", &sig{"join(separator: String, list: list) -> String", 1, join}},
		{"inside a string argument", "let x = join('-<|>', names)", &sig{"join(separator: String, list: list) -> String", 0, join}},
		{"piped: the last parameter comes from the pipe", "let x = ['a'] |> join(<|>)", &sig{"join(separator: String, list: list) -> String", 0, join}},
		{"piped: past the explicit parameters", "let x = ['a'] |> join(',', <|>)", &sig{"join(separator: String, list: list) -> String", -1, join}},
		{"inside a list argument", "let x = join(',', [a, b<|>])", &sig{"join(separator: String, list: list) -> String", 1, join}},
		{"nested call", "let x = replace('-', lower(<|>), 'a')", &sig{"lower(string: String) -> String", 0, []string{"string: String"}}},
		{"after a nested call", "let x = replace('-', lower('A')<|>, 'a')",
			&sig{"replace(search: String, replacement: String, string: String) -> String", 1, []string{"search: String", "replacement: String", "string: String"}}},
		{"unclosed call before another statement", "let x = cidr_subnet('10.0.0.0/16', 8, <|>\nlet y = 1\n",
			&sig{"cidr_subnet(prefix: String, newbits: Int, netnum: Int) -> String", 2, []string{"prefix: String", "newbits: Int", "netnum: Int"}}},
		{"parenthesised argument", "let x = max(1, (<|>", &sig{"max(a: Int | Float, b: Int | Float) -> Int | Float", 1, []string{"a: Int | Float", "b: Int | Float"}}},
		{"in a resource body", "let b = aws.s3.Bucket {\n  bucket = join('-', [env, <|>])\n}\n", &sig{"join(separator: String, list: list) -> String", 1, join}},
		{"user function", "fn label(env: String, app: String = 'web'): String {\n  join('-', [env, app])\n}\n\nlet x = label('prod', <|>)\n",
			&sig{"label(env: String, app: String = 'web') -> String", 1, []string{"env: String", "app: String = 'web'"}}},
		{"partial application held by a let", "let dash = join('-')\nlet x = dash(<|>)\n", &sig{"dash(list: list) -> String", 0, []string{"list: list"}}},
		{"partial application piped", "let dash = join('-')\nlet x = ['a'] |> dash(<|>)\n", &sig{"dash(list: list) -> String", -1, []string{"list: list"}}},
		{"composition held by a let", "let slug = split(' ') >> join('-')\nlet x = slug(<|>)\n",
			&sig{"slug(string: String) -> String", 0, []string{"string: String"}}},
		{"untyped parameters: the type every call passes", "fn pair(a, b) {\n  join('-', [a, b])\n}\n\nlet y = pair('x', 'y')\nlet x = pair(<|>'p', 'q')\n",
			&sig{"pair(a: String, b: String)", 0, []string{"a: String", "b: String"}}},
		{"too many arguments", "let x = upper('a', <|>)", &sig{"upper(string: String) -> String", -1, []string{"string: String"}}},
		{"after the closing parenthesis", "let x = join(',', names)<|>", nil},
		{"before the opening parenthesis", "let x = join<|>(',', names)", nil},
		{"unknown function", "let x = nope(<|>", nil},
		{"attribute value, no call", "let b = aws.s3.Bucket {\n  bucket = <|>\n}\n", nil},
		{"call on an earlier line of the block", "let b = aws.s3.Bucket {\n  bucket = join('-',\n  tags = <|>\n}\n", nil},
		{"the statement after an unclosed call", "let x = join(',',\nlet y = <|>1\n", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fx := build(t, map[string]string{"main.crn": tc.src}, true)
			s := SignatureAt(fx.cfg, fx.file, fx.offset, nil)
			var got *sig
			if s != nil {
				got = &sig{Label: s.Label, Active: s.Active}
				for _, p := range s.Params {
					got.Params = append(got.Params, p.Label)
					if !strings.Contains(s.Label, p.Label) {
						t.Errorf("parameter label %q is not part of %q", p.Label, s.Label)
					}
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("signature (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSignaturePipedDoc(t *testing.T) {
	fx := build(t, map[string]string{"main.crn": "let x = ['a', 'b'] |> join(<|>)\n"}, true)
	s := SignatureAt(fx.cfg, fx.file, fx.offset, nil)
	if s == nil {
		t.Fatal("no signature")
	}
	if !strings.Contains(s.Params[1].Doc, "supplied by the pipe") || !strings.Contains(s.Doc, "`list`, the last argument") {
		t.Errorf("piped call: the docs do not say the pipe supplies `list`:\n%s\n%+v", s.Doc, s.Params)
	}
	if s.Params[0].Doc != "put between the elements" {
		t.Errorf("first parameter doc %q", s.Params[0].Doc)
	}
}
