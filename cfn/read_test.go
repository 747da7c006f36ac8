package cfn

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/schema"
)

// templates returns the CloudFormation templates of ../shared/cfn (the JSON and the YAML of one
// template side by side).
func templates(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(corpus.Shared(t, "cfn"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		switch filepath.Ext(p) {
		case ".json", ".yaml", ".yml":
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 8 {
		t.Fatalf("%d templates found in ../shared/cfn", len(out))
	}
	return out
}

// embedded is the index of the embedded schemas the conversions map through.
func embedded(tb testing.TB) *schema.Index {
	tb.Helper()
	var d schema.Defaults
	idx, err := d.Index()
	if err != nil {
		tb.Fatal(err)
	}
	return idx
}

// convertFile reads the template at p and converts it through idx.
func convertFile(t *testing.T, p string, idx *schema.Index) (*Template, *Result) {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Convert(context.Background(), tmpl, Options{Schemas: idx})
	if err != nil {
		t.Fatal(err)
	}
	return tmpl, res
}

// TestReadTemplates reads every template, and the JSON and the YAML of one template into the
// same model (places aside): the two forms of an intrinsic function are one Call.
func TestReadTemplates(t *testing.T) {
	read := map[string]*Template{}
	for _, p := range templates(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		tmpl, err := Read(data)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if len(tmpl.Resources) == 0 {
			t.Errorf("%s: no resources read", p)
		}
		read[p] = tmpl
	}
	pairs := 0
	noPlaces := cmp.Options{
		cmp.FilterPath(func(p cmp.Path) bool {
			last := p.Last().String()
			return last == ".At" || last == ".KeyAt" || last == ".LastLine" || last == ".Lines" || last == ".JSON"
		}, cmp.Ignore()),
	}
	for p, y := range read {
		if filepath.Ext(p) != ".yaml" {
			continue
		}
		j := read[strings.TrimSuffix(p, ".yaml")+".json"]
		if j == nil {
			continue
		}
		pairs++
		if d := cmp.Diff(j, y, noPlaces); d != "" {
			t.Errorf("%s: the JSON and the YAML read differently (-json +yaml):\n%s", p, d)
		}
	}
	if pairs < 4 {
		t.Errorf("%d JSON/YAML pairs compared", pairs)
	}
}

// TestReadForms: the short and long forms of the intrinsic functions, YAML's anchors and merge
// keys, and what a resource holds.
func TestReadForms(t *testing.T) {
	const src = `Resources:
  Bucket:
    Type: AWS::S3::Bucket
    DependsOn: Other
    DeletionPolicy: Retain
    Metadata: {a: 1}
    Properties: &props
      BucketName: !Sub '${AWS::StackName}-logs'
      Arn: !GetAtt Other.Arn.Deep
      Name: !Ref Other
      Long: {"Fn::Join": ["-", [a, b]]}
      Cond: !If [IsProd, 1, !Ref AWS::NoValue]
      Embedded: !Rain::Embed file.txt
  Fn::ForEach::Tables:
    - Name
    - [A, B]
    - Table${Name}:
        Type: AWS::DynamoDB::Table
  Other:
    Type: AWS::S3::Bucket
    Properties:
      <<: *props
      BucketName: own
`
	tmpl, err := Read([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	b, o := tmpl.Resources[0], tmpl.Resources[1]
	got := map[string]string{}
	for _, e := range b.Properties.Entries {
		got[e.Key] = show(e.Value)
	}
	want := map[string]string{
		"BucketName": "Fn::Sub(${AWS::StackName}-logs)",
		"Arn":        "Fn::GetAtt([Other Arn.Deep])",
		"Name":       "Ref(Other)",
		"Long":       "Fn::Join([- [a b]])",
		"Cond":       "Fn::If([IsProd 1 Ref(AWS::NoValue)])",
		"Embedded":   "Rain::Embed(file.txt)", // a preprocessor's tag: for the converter to say
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("properties (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"Other"}, b.DependsOn); d != "" || b.DeletionPolicy != "Retain" || len(b.Other) != 1 || b.Other[0].Key != "Metadata" {
		t.Errorf("DependsOn %v, DeletionPolicy %q, other %v", b.DependsOn, b.DeletionPolicy, b.Other)
	}
	if len(tmpl.Resources) != 2 || len(tmpl.Other) != 1 || tmpl.Other[0].Key != "Fn::ForEach::Tables" {
		t.Errorf("%d resources, other sections %v: the loop of the language extensions is one other entry", len(tmpl.Resources), tmpl.Other)
	}
	if s, _ := Str(o.Properties.Get("BucketName")); s != "own" || len(o.Properties.Entries) != 6 {
		t.Errorf("merge key: %d entries, BucketName %q", len(o.Properties.Entries), s)
	}
	if b.Properties.Get("Arn").Position() != (Pos{9, 12}) {
		t.Errorf("Arn at %v", b.Properties.Get("Arn").Position())
	}
}

// show writes a value compactly, for comparing.
func show(v Value) string {
	switch x := v.(type) {
	case *Scalar:
		return x.Text
	case *List:
		var parts []string
		for _, it := range x.Items {
			parts = append(parts, show(it))
		}
		return "[" + strings.Join(parts, " ") + "]"
	case *Map:
		var parts []string
		for _, e := range x.Entries {
			parts = append(parts, e.Key+":"+show(e.Value))
		}
		return "{" + strings.Join(parts, " ") + "}"
	case *Call:
		return x.Name + "(" + show(x.Arg) + ")"
	}
	return "?"
}

// TestReadErrors: a template that cannot be read gets a message with its place.
func TestReadErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"empty", "", "1:1: the template is empty"},
		{"not utf-8", "Resources:\n  A:\n    Type: AWS::S3::\x94Bucket\n", "3:20: invalid UTF-8 byte 0x94: a template must be UTF-8"},
		{"not utf-8 json", "{\"Resources\": {\"A\": {\"Type\": \"é\xff\"}}}", "1:33: invalid UTF-8 byte 0xff: a template must be UTF-8"},
		{"not a mapping", "- a\n- b\n", "1:1: a template is a mapping of sections (Resources, Parameters, ...)"},
		{"no resources", "Description: x\n", "1:1: no Resources section: a template declares at least one resource"},
		{"yaml syntax", "Resources:\n  A:\n    Type: [x\n", "2:1: did not find expected ',' or ']'"},
		{"no type", "Resources:\n  A:\n    Properties: {}\n", "2:3: the resource A has no Type"},
		{"duplicate yaml key", "Resources:\n  A:\n    Type: x\n  A:\n    Type: y\n", "4:3: \"A\" is already a key of this mapping (at 2:3)"},
		{"json missing comma", "{\n  \"Resources\": {\n    \"A\": {\"Type\": \"x\"}\n    \"B\": {}\n  }\n}\n", "4:5: ',' or '}' expected, found '\"'"},
		{"json duplicate", `{"Resources": {"A": {"Type": "x"}, "A": {"Type": "y"}}}`, "1:36: \"A\" is already a key of this object (at 1:16)"},
		{"json unterminated", "{\"Resources\": {\"A\n", "1:16: a string runs to the end of its line"},
		{"json trailing", `{"Resources": {"A": {"Type": "x"}}} x`, "1:37: unexpected 'x' after the template's end"},
		{"json bad number", `{"Resources": {"A": {"Type": 1.2.3}}}`, "1:30: \"1.2.3\" is not a number"},
		{"billion laughs", "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\nResources: [*f, *f]\n", "1:11: the template's aliases expand it to more than 1000000 values"},
		{"dependsOn", "Resources:\n  A:\n    Type: x\n    DependsOn: {a: b}\n", "4:16: DependsOn must be a name or a list of names"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read([]byte(tc.src))
			got := "<nil>"
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("Read: %s\nwant      %s", got, tc.want)
			}
		})
	}
}

// TestReadFragment: what is pasted from a template reads as a template: the whole, the entries of
// Resources, one resource (named after its type), a JSON entry with its trailing comma.
func TestReadFragment(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"template", "Resources:\n  B:\n    Type: AWS::S3::Bucket\n", "B AWS::S3::Bucket"},
		{"entries", "Logs:\n  Type: AWS::S3::Bucket\nVpc:\n  Type: AWS::EC2::VPC\n  Properties:\n    CidrBlock: 10.0.0.0/16\n", "Logs AWS::S3::Bucket, Vpc AWS::EC2::VPC"},
		{"one resource", "Type: AWS::EC2::VPC\nProperties:\n  CidrBlock: 10.0.0.0/16\n", "VPC AWS::EC2::VPC"},
		{"json entry", `  "Logs": {"Type": "AWS::S3::Bucket", "Properties": {"BucketName": "x"}},` + "\n", "Logs AWS::S3::Bucket"},
		{"json template", `{"Resources": {"Logs": {"Type": "AWS::S3::Bucket"}}}`, "Logs AWS::S3::Bucket"},
		{"a list", "- a\n- b\n", "1:1: not a template, resources or a resource: a list"},
		{"no type", "Logs:\n  Properties: {}\n", "1:1: not a template, resources or a resource: Logs has no Type"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmpl, err := ReadFragment([]byte(tc.src))
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				var rs []string
				for _, r := range tmpl.Resources {
					rs = append(rs, r.ID+" "+r.Type)
				}
				got = strings.Join(rs, ", ")
			}
			if got != tc.want {
				t.Errorf("ReadFragment = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestNumber: a template's numbers as Carina writes them.
func TestNumber(t *testing.T) {
	for in, want := range map[string]string{
		"10": "10", "-3": "-3", "010": "10", "1.5": "1.5", "0.": "0", ".5": "0.5", "1e3": "1000", "2.5e-1": "0.25",
		"0x1F": "31", "0o17": "15", "1_000": "", "inf": "", "NaN": "", "abc": "", "": "", "1e400": "",
	} {
		got, ok := number(in)
		if !ok {
			got = ""
		}
		if got != want {
			t.Errorf("number(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIdentifier(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"WebServer", "web_server"},
		{"0", "output_0"},
		{"3Tier", "output_3_tier"},
		{"If", "output_if"},
		{"Provider", "output_provider"},
		{"my-output.v2", "my_output_v2"},
		{"日本", "output"},
		{"", "output"},
	} {
		if got := identifier(tc.in, "output"); got != tc.want {
			t.Errorf("identifier(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
