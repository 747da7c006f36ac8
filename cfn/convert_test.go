package cfn

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/format"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from the conversions (review every line you accept)")

// goldenName is a template's golden file name: its folder and name under ../shared/cfn.
func goldenName(t *testing.T, path string) string {
	rel, err := filepath.Rel(corpus.Shared(t, "cfn"), path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.NewReplacer("/", "_", ".", "_").Replace(rel)
}

// TestConvertTemplates converts every template of ../shared/cfn: the text and the notes are the
// golden files'; the text parses, is formatted, and `check` finds no error in it; every property
// of a converted resource is an attribute of the output or a note says why not.
func TestConvertTemplates(t *testing.T) {
	idx := embedded(t)
	for _, p := range templates(t) {
		name := goldenName(t, p)
		t.Run(name, func(t *testing.T) {
			_, res := convertFile(t, p, idx)
			var notes strings.Builder
			for _, n := range res.Notes {
				notes.WriteString(n.String() + "\n")
			}
			golden(t, filepath.Join("testdata", "golden", name+".crn"), res.Text)
			golden(t, filepath.Join("testdata", "golden", name+".notes"), notes.String())
			if again, err := format.New(format.Options{}).WithBlocks(idx).Source(res.Text); err != nil || again != res.Text {
				t.Errorf("the output is not formatted (err %v):\n%s", err, format.Unified("output", res.Text, again))
			}
			for _, e := range checkErrors(t, res.Text) {
				t.Errorf("check: %s", e)
			}
		})
	}
}

// golden compares got with the file at path, or writes it with -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./cfn -run TestConvertTemplates -update writes it)", err)
	}
	if d := cmp.Diff(string(want), got); d != "" {
		t.Errorf("%s differs (-want +got):\n%s", path, d)
	}
}

// checkErrors checks text as the main.crn of a configuration, as `carina-lsp check` does, and
// returns its syntax errors and its findings of error severity.
func checkErrors(t *testing.T, text string) []string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.crn"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range grammar.NewParser().Parse(text).Errors {
		out = append(out, "syntax: "+e.Msg)
	}
	ctx := context.Background()
	ws := workspace.New(workspace.OSFS{})
	cfg, err := ws.Config(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	var sources schema.Sources
	idx, err := sources.ForDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range diagnostics.CheckWith(ctx, cfg, idx, diagnostics.Options{}) {
		if x.Severity == finding.Error {
			l, c := cfg.File(x.Path).Lines.UTF16(int(x.Span.Start))
			out = append(out, fmt.Sprintf("%d:%d: %s [%s]", l+1, c+1, x.Message, x.Code))
		}
	}
	return out
}

// TestConvertPropertyWithoutValue: a property written with no value (YAML's `Name:` or `~`,
// JSON's null) is quoted and left to the user, never written as a value the template did not have.
func TestConvertPropertyWithoutValue(t *testing.T) {
	idx := embedded(t)
	for _, tc := range []struct{ name, src string }{
		{"yaml empty", "Resources:\n  Group:\n    Type: AWS::Logs::LogGroup\n    Properties:\n      LogGroupName:\n      RetentionInDays: 7\n"},
		{"yaml tilde", "Resources:\n  Group:\n    Type: AWS::Logs::LogGroup\n    Properties:\n      LogGroupName: ~\n      RetentionInDays: 7\n"},
		{"json null", "{\"Resources\": {\"Group\": {\"Type\": \"AWS::Logs::LogGroup\", \"Properties\": {\n  \"LogGroupName\": null, \"RetentionInDays\": 7}}}}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmpl, err := Read([]byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			res, err := Convert(context.Background(), tmpl, Options{Schemas: idx, Region: "eu-west-1"})
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(res.Text, "log_group_name =") || !strings.Contains(res.Text, "# Not converted: LogGroupName has no value.") || !strings.Contains(res.Text, "retention_in_days = 7") {
				t.Errorf("converted to:\n%s", res.Text)
			}
			var got []string
			for _, n := range res.Notes {
				got = append(got, fmt.Sprintf("%d:%d %v %s", n.At.Line, n.At.Col, n.Left, n.What))
			}
			want := []string{"5:7 true Resources.Group.Properties.LogGroupName"}
			if strings.HasPrefix(tc.src, "{") {
				want = []string{"2:3 true Resources.Group.Properties.LogGroupName"}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("notes (-want +got):\n%s", diff)
			}
		})
	}
}

// TestConvertPasteReadsConfiguration pastes resources that name logical IDs of an earlier paste
// (Ref, Fn::GetAtt, Fn::Sub, DependsOn) into the configuration that paste made: they read its
// bindings, each noted once, and the configuration with the paste checks clean.
func TestConvertPasteReadsConfiguration(t *testing.T) {
	idx := embedded(t)
	config := "provider awscc {\n  region = awscc.Region.eu_west_1\n}\n\nlet env = 'prod'\n\nlet logs = awscc.s3.Bucket {\n  bucket_name = 'logs'\n}\n\nlet queue = aws.sqs.Queue {\n  queue_name = 'q'\n}\n\nlet vpc = awscc.ec2.Vpc {\n  cidr_block = '10.0.0.0/16'\n}\n"
	lets := map[string]string{"env": "", "logs": "awscc.s3.Bucket", "queue": "aws.sqs.Queue", "vpc": "awscc.ec2.Vpc"}
	pasted := `LogsPolicy:
  Type: AWS::S3::BucketPolicy
  DependsOn: [Logs, Queue]
  Properties:
    Bucket: !Ref Logs
    PolicyDocument:
      Statement:
        - Effect: Allow
          Principal: '*'
          Action: s3:GetObject
          Resource: !Sub '${Logs.Arn}/${Env}/*'
Group:
  Type: AWS::Logs::LogGroup
  Properties:
    LogGroupName: !Join ['-', [!Ref Env, !GetAtt Vpc.CidrBlock, !Ref Missing]]
`
	tmpl, err := ReadFragment([]byte(pasted))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Convert(context.Background(), tmpl, Options{Schemas: idx, Fragment: true, Lets: lets})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"let logs_policy = awscc.s3.BucketPolicy {\n  bucket = logs.bucket_name\n",
		`resource  = "${logs.arn}/${env}/*"`,
		"depends_on = [queue]", // logs is read already
		"log_group_name = [env, vpc.cidr_block, ''] |> join('-')",
	} {
		if !strings.Contains(res.Text, want) {
			t.Errorf("no %q in:\n%s", want, res.Text)
		}
	}
	var got []string
	for _, n := range res.Notes {
		got = append(got, fmt.Sprintf("%d:%d %v %s", n.At.Line, n.At.Col, n.Left, n.Msg))
	}
	want := []string{
		"5:13 false Ref Logs reads logs, the configuration's awscc.s3.Bucket: its identifier, bucket_name",
		"11:21 false Ref Env reads env, the configuration's binding of that name",
		"15:42 false Fn::GetAtt Vpc.CidrBlock reads vpc, the configuration's awscc.ec2.Vpc",
		"15:65 true Ref Missing names no parameter or resource of the template: '' for now",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
	if errs := checkErrors(t, config+"\n"+res.Text); len(errs) > 0 {
		t.Errorf("the configuration with the paste: %v\n%s", errs, res.Text)
	}
}

// TestConvertAWSTypes: a type awscc lacks whose aws schema names it (AWS::SQS::Queue,
// AWS::CertificateManager::Certificate, AWS::Route53::RecordSet) becomes that aws type, the
// aws provider gets its block, a name the aws type requires and CloudFormation would generate
// gets a placeholder with a note, Fn::GetAtt Queue.Arn reads queue_arn; the whole checks clean.
func TestConvertAWSTypes(t *testing.T) {
	src := `Resources:
  Jobs:
    Type: AWS::SQS::Queue
    Properties:
      QueueName: jobs
      VisibilityTimeout: 60
      RedrivePolicy:
        deadLetterTargetArn: !GetAtt Dead.Arn
        maxReceiveCount: 5
  Dead:
    Type: AWS::SQS::Queue
  Cert:
    Type: AWS::CertificateManager::Certificate
    Properties:
      DomainName: example.com
      ValidationMethod: DNS
  Record:
    Type: AWS::Route53::RecordSet
    Properties:
      HostedZoneId: Z123
      Name: www.example.com
      Type: CNAME
      TTL: 300
      ResourceRecords: [example.org]
  Logs:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: logs
`
	tmpl, err := Read([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Convert(context.Background(), tmpl, Options{Schemas: embedded(t), Region: "eu-west-1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"provider awscc {\n  region = awscc.Region.eu_west_1\n}\n\nprovider aws {\n  region = aws.Region.eu_west_1\n}\n",
		"let jobs = aws.sqs.Queue {",
		"dead_letter_target_arn = dead.queue_arn",
		"let dead = aws.sqs.Queue {\n  queue_name = 'dead'\n}",
		"let cert = aws.acm.Certificate {",
		"validation_method = aws.acm.Certificate.ValidationMethod.dns",
		"let record = aws.route53.RecordSet {",
		"type             = aws.route53.RecordSet.Type.cname",
		"let logs = awscc.s3.Bucket {",
	} {
		if !strings.Contains(res.Text, want) {
			t.Errorf("no %q in:\n%s", want, res.Text)
		}
	}
	var got []string
	for _, n := range res.Notes {
		got = append(got, fmt.Sprintf("%d:%d %v %s: %s", n.At.Line, n.At.Col, n.Left, n.What, n.Msg))
	}
	want := []string{
		"8:30 false Resources.Jobs.Properties.RedrivePolicy.deadLetterTargetArn: Fn::GetAtt Dead.Arn is queue_arn in aws.sqs.Queue's schema",
		"10:3 true Resources.Dead.Properties.QueueName: aws.sqs.Queue requires queue_name, which CloudFormation would generate: written 'dead', set yours",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
	if res.Converted != 5 {
		t.Errorf("%d of 5 resources converted", res.Converted)
	}
	if errs := checkErrors(t, res.Text); len(errs) > 0 {
		t.Errorf("check: %v\n%s", errs, res.Text)
	}
}

// TestAttrEndingIn: the attribute of that name, else the one ending in _name, else none.
func TestAttrEndingIn(t *testing.T) {
	res := func(names ...string) *schema.Resource {
		r := &schema.Resource{Attributes: map[string]*schema.Member{}}
		for _, n := range names {
			r.Attributes[n] = &schema.Member{Name: n}
		}
		return r
	}
	for _, tc := range []struct {
		attrs []string
		want  string
	}{
		{[]string{"queue_arn", "queue_name"}, "queue_arn"},
		{[]string{"arn", "queue_arn"}, "arn"},
		{[]string{"topic_arn", "queue_arn"}, ""},
		{[]string{"arns"}, ""},
		{nil, ""},
	} {
		got := ""
		if m := attrEndingIn(res(tc.attrs...), "arn"); m != nil {
			got = m.name
		}
		if got != tc.want {
			t.Errorf("%v: %q, want %q", tc.attrs, got, tc.want)
		}
	}
}
