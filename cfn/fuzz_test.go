package cfn

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// FuzzRead: any bytes give a template or an *Error with a place inside the text, never a panic.
func FuzzRead(f *testing.F) {
	f.Add([]byte("Resources:\n  A:\n    Type: AWS::S3::Bucket\n    Properties:\n      X: !GetAtt B.Arn\n"))
	f.Add([]byte(`{"Resources": {"A": {"Type": "AWS::S3::Bucket", "Properties": {"X": {"Fn::Sub": "${B}"}}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tmpl, err := Read(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("an error without a place: %v", err)
			}
			if e.At.Line < 1 || e.At.Col < 1 {
				t.Fatalf("an error at %v: %v", e.At, err)
			}
			return
		}
		if tmpl == nil {
			t.Fatal("no template and no error")
		}
	})
}

// FuzzConvert: any template read converts, and what comes out parses (Convert formats its output,
// so a text that does not parse is its error), seeded with the templates of ../shared/cfn.
func FuzzConvert(f *testing.F) {
	f.Add([]byte("Resources:\n  A:\n    Type: AWS::S3::Bucket\n    Properties:\n      BucketName: !Sub '${AWS::Region}-${B.Arn}'\n"))
	f.Add([]byte("Conditions:\n  C: !Equals [!Ref P, x]\nParameters:\n  P: {Type: String}\nResources:\n  A: {Type: AWS::EC2::VPC, Condition: C}\nOutputs:\n  O: {Value: !If [C, !GetAtt A.CidrBlock, !Ref AWS::NoValue]}\n"))
	if dir, err := corpus.Find(corpus.Root(f), "cfn"); err == nil {
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".json")) {
				if data, err := os.ReadFile(p); err == nil {
					f.Add(data)
				}
			}
			return nil
		})
	}
	idx := embedded(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		tmpl, err := Read(data)
		if err != nil {
			return
		}
		res, err := Convert(context.Background(), tmpl, Options{Schemas: idx})
		if err != nil {
			t.Fatalf("%v\ntemplate:\n%s", err, data)
		}
		if errs := grammar.NewParser().Parse(res.Text).Errors; len(errs) > 0 {
			t.Fatalf("the output does not parse: %s\n%s", errs[0].Msg, res.Text)
		}
	})
}

// FuzzConvertFragment converts what an editor pastes (a template, Resources entries or one
// resource, half-typed or mutated) for a configuration that binds some names already, some of
// them lets a Ref may read: the text pasted parses and binds none of those names again.
func FuzzConvertFragment(f *testing.F) {
	f.Add([]byte("Logs:\n  Type: AWS::S3::Bucket\n  Properties:\n    BucketName: !Sub '${AWS::AccountId}-logs'\n"))
	f.Add([]byte(`"Vpc": {"Type": "AWS::EC2::VPC", "Properties": {"CidrBlock": "10.0.0.0/16"}},`))
	f.Add([]byte("Type: AWS::Logs::LogGroup\nProperties:\n  LogGroupName:\n  RetentionInDays: 7\n"))
	f.Add([]byte("Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n    DependsOn: Logs\n  Logs:\n    Type: AWS::Logs::LogGroup\n"))
	idx := embedded(f)
	f.Add([]byte("Policy:\n  Type: AWS::S3::BucketPolicy\n  DependsOn: Queue\n  Properties:\n    Bucket: !Ref Store\n    PolicyDocument: {Resource: !Sub '${Store.Arn}/${Env}'}\n"))
	taken := []string{"logs", "bucket", "vpc", "aws_account_id", "group"}
	lets := map[string]string{"store": "awscc.s3.Bucket", "env": "", "queue": "aws.sqs.Queue", "cluster": "awscc.nosuch.Type"}
	f.Fuzz(func(t *testing.T, data []byte) {
		tmpl, err := ReadFragment(data)
		if err != nil {
			return
		}
		res, err := Convert(context.Background(), tmpl, Options{Schemas: idx, Fragment: true, Taken: taken, Lets: lets})
		if err != nil {
			t.Fatalf("%v\npasted:\n%s", err, data)
		}
		parsed := grammar.NewParser().Parse(res.Text)
		if len(parsed.Errors) > 0 {
			t.Fatalf("the output does not parse: %s\n%s", parsed.Errors[0].Msg, res.Text)
		}
		for _, name := range append(slices.Collect(maps.Keys(lets)), taken...) {
			if strings.Contains(res.Text, "\nlet "+name+" =") || strings.HasPrefix(res.Text, "let "+name+" =") {
				t.Fatalf("the paste binds %s, which the configuration has:\n%s", name, res.Text)
			}
		}
	})
}
