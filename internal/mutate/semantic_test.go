package mutate

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/google/go-cmp/cmp"
)

// each returns format filled with each of values in turn.
func each(format string, values ...string) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = fmt.Sprintf(format, v)
	}
	return out
}

// without returns values less the one given.
func without(values []string, v string) []string {
	return slices.DeleteFunc(slices.Clone(values), func(s string) bool { return s == v })
}

// TestSemanticKinds applies each kind to a small source with many seeds: the texts it writes
// are exactly those expected (every place and every replacement reached, nothing else).
func TestSemanticKinds(t *testing.T) {
	all := literals[:]
	tests := []struct {
		name string
		kind Kind
		src  string
		want []string
	}{
		{"argument added to a call without arguments", ArgumentAdded, "let a = uuid()\n",
			each("let a = uuid(%s)\n", all...)},
		{"argument added to a call", ArgumentAdded, "let a = upper('x')\n",
			each("let a = upper('x', %s)\n", all...)},
		{"argument added in an interpolation: no space", ArgumentAdded, "let a = \"${upper(b)}\"\n",
			each("let a = \"${upper(b,%s)}\"\n", without(all, "{ mutant = 'value' }")...)},
		{"argument dropped", ArgumentDropped, "let a = join('-', xs)\n",
			[]string{"let a = join(xs)\n", "let a = join('-')\n"}},
		{"argument dropped, the only one", ArgumentDropped, "let a = upper(b)\n",
			[]string{"let a = upper()\n"}},
		{"function renamed", FunctionRenamed, "let a = upper(b)\n",
			[]string{"let a = upper_gone(b)\n"}},
		{"literal retyped", LiteralRetyped, "let n = 3\n",
			each("let n = %s\n", without(all, "7")...)},
		{"literal retyped: an attribute, a list and its element", LiteralRetyped, "aws.s3.Bucket {\n  tags = ['a']\n}\n",
			append(each("aws.s3.Bucket {\n  tags = %s\n}\n", without(all, "['mutant']")...),
				each("aws.s3.Bucket {\n  tags = [%s]\n}\n", without(all, "'mutant'")...)...)},
		{"literal retyped: not in a wait's keys", LiteralRetyped, "let w = wait r {\n  until = r.s == 'ok'\n  timeout = 5m\n}\n",
			nil},
		{"else dropped", ElseDropped, "let s = if c { 'a' } else { 'b' }\n",
			[]string{"let s = if c { 'a' }\n"}},
		{"condition retyped", ConditionRetyped, "let s = if c { 'a' } else { 'b' }\n",
			each("let s = if %s { 'a' } else { 'b' }\n", "'yes'", "1", "['x']")},
		{"iterable retyped", IterableRetyped, "let xs = for x in ys {\n  m {\n    v = x\n  }\n}\n",
			each("let xs = for x in %s {\n  m {\n    v = x\n  }\n}\n", "('abc')", "(3)", "(true)")},
		{"type replaced", TypeReplaced, "arguments {\n  n: Int\n}\n",
			each("arguments {\n  n: %s\n}\n", without(types, "Int")...)},
		{"type replaced: a parameter and the result", TypeReplaced, "fn f(a: String): String {\n  a\n}\n",
			append(each("fn f(a: %s): String {\n  a\n}\n", without(types, "String")...),
				each("fn f(a: String): %s {\n  a\n}\n", without(types, "String")...)...)},
		{"reference undefined", ReferenceUndefined, "let a = 'x'\nlet b = a.c\n",
			[]string{"let a = 'x'\nlet b = a_gone.c\n"}},
		{"reference undefined: not a resource type nor an enum", ReferenceUndefined, "let a = aws.s3.Bucket {\n  acl = private\n}\n",
			nil},
		{"reference rebound", ReferenceRebound, "let a = 'x'\nlet c = 'y'\nlet b = a\n",
			[]string{"let a = 'x'\nlet c = 'y'\nlet b = c\n", "let a = 'x'\nlet c = 'y'\nlet b = b\n"}},
		{"field appended", FieldAppended, "let a = 'x'\nlet b = \"${a}\"\n",
			[]string{"let a = 'x'\nlet b = \"${a.mutant_field}\"\n"}},
		{"let duplicated", LetDuplicated, "let a = 'x' # a\n",
			[]string{"let a = 'x'\nlet a = 'x' # a\n"}},
		{"default before required", DefaultBeforeRequired, "fn f(a: Int, b: String, c: Bool = true): String {\n  b\n}\n",
			[]string{"fn f(a: Int = 7, b: String, c: Bool = true): String {\n  b\n}\n"}},
		{"default retyped: a module argument's", DefaultRetyped, "arguments {\n  n: Int = 3\n}\n",
			each("arguments {\n  n: Int = %s\n}\n", without(all, "7")...)},
		{"default retyped: added to a parameter no required one follows", DefaultRetyped, "fn f(a: Int, b: Bool): Int {\n  a\n}\n",
			each("fn f(a: Int, b: Bool = %s): Int {\n  a\n}\n", without(all, "true")...)},
		{"output retyped", OutputRetyped, "exports {\n  id: String = 'x'\n}\n",
			each("exports {\n  id: String = %s\n}\n", without(all, "'mutant'")...)},
		{"depends_on renamed", DependsOnRenamed, "let a = 'x'\naws.s3.Bucket {\n  directives {\n    depends_on = [a]\n  }\n}\n",
			[]string{"let a = 'x'\naws.s3.Bucket {\n  directives {\n    depends_on = [a_gone]\n  }\n}\n"}},
		{"wait target renamed", WaitTargetRenamed, "let r = 'x'\nlet w = wait r {\n  until = r.s == 'ok'\n}\n",
			[]string{"let r = 'x'\nlet w = wait r_gone {\n  until = r.s == 'ok'\n}\n", "let r = 'x'\nlet w = wait w {\n  until = r.s == 'ok'\n}\n"}},
		{"moved type changed", MovedTypeChanged, "moved {\n  from = aws.s3.Bucket 'a'\n  to   = aws.s3.Bucket 'b'\n}\n",
			each("moved {\n  from = aws.s3.Bucket 'a'\n  to   = %s 'b'\n}\n", without(resourceTypes, "aws.s3.Bucket")...)},
		{"provider version added", ProviderVersionInvalid, "provider aws {\n  region = aws.Region.us_east_1\n}\n",
			each("provider aws {\n  version = %s\n  region = aws.Region.us_east_1\n}\n", versions...)},
		{"provider version replaced", ProviderVersionInvalid, "provider aws {\n  version = '~1.0'\n}\n",
			each("provider aws {\n  version = %s\n}\n", versions...)},
		{"source missing", SourceMissing, "let m = use {\n  source = './m'\n}\n",
			each("let m = use {\n  source = %s\n}\n", missingSources...)},
		{"module argument dropped", ModuleArgumentDropped, "m {\n  a = 1\n  b = 2\n}\n",
			[]string{"m {\n  b = 2\n}\n", "m {\n  a = 1\n}\n"}},
		{"module argument renamed", ModuleArgumentRenamed, "let x = m {\n  a = 1\n}\n",
			[]string{"let x = m {\n  a_gone = 1\n}\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := FindSites(tc.src)
			var got []string
			for seed := range uint64(200) {
				if s.Count(tc.kind) == 0 {
					break
				}
				m := s.Apply(tc.kind, rand.New(rand.NewPCG(seed, 1)))
				if m.Kind != tc.kind || m.Desc == "" {
					t.Errorf("seed %d: kind %v, description %q", seed, m.Kind, m.Desc)
				}
				if !slices.Contains(got, m.Text) {
					got = append(got, m.Text)
				}
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tc.want))
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%v of\n%s\ntexts (-want +got):\n%s", tc.kind, tc.src, diff)
			}
		})
	}
}

// TestSemanticNone: a source with a syntax error, or without any place of a kind, has no sites;
// token kinds have none.
func TestSemanticNone(t *testing.T) {
	for _, src := range []string{"", "# only a comment\n", "let a = upper('x'\n"} {
		if m, ok := Semantic(src, rand.New(rand.NewPCG(1, 2))); ok {
			t.Errorf("%q: %v %s", src, m.Kind, m.Desc)
		}
	}
	if n := FindSites("let a = upper('x')\n").Count(DeleteToken); n != 0 {
		t.Errorf("Count(DeleteToken) = %d", n)
	}
}

// TestSemanticCorpus applies every kind at places of every corpus file: each mutation changes
// the text, leaves it free of syntax errors and is the same for the same seed.
func TestSemanticCorpus(t *testing.T) {
	root := corpus.Shared(t, "corpus")
	reached := map[Kind]int{}
	for i, p := range corpus.Files(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		rel, _ := filepath.Rel(root, p)
		s := FindSites(src)
		for _, k := range SemanticKinds() {
			for seed := range uint64(min(s.Count(k), 3)) {
				m := s.Apply(k, rand.New(rand.NewPCG(uint64(i), seed)))
				if m.Text == src {
					t.Errorf("%s: %s left the text unchanged", rel, m.Desc)
				}
				if errs := grammar.NewParser().Parse(m.Text).Errors; len(errs) > 0 {
					t.Errorf("%s: %s: syntax error %s", rel, m.Desc, errs[0].Msg)
				}
				if again := s.Apply(k, rand.New(rand.NewPCG(uint64(i), seed))); again != m {
					t.Errorf("%s: %v not deterministic: %q then %q", rel, k, m.Desc, again.Desc)
				}
				reached[k]++
			}
		}
	}
	for _, k := range SemanticKinds() {
		if reached[k] == 0 {
			t.Errorf("%v applies nowhere in the corpus", k)
		}
	}
}
