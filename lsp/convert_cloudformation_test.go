package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestConvertCloudFormationCommand asks the server to convert CloudFormation as the editors do:
// resources pasted into a document (no provider block; notes at their place in the pasted
// text, UTF-16 columns), a whole template for a new document, and a text that is none.
func TestConvertCloudFormationCommand(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "main.crn")
	if err := os.WriteFile(path, []byte("provider awscc {\n  region = awscc.Region.eu_west_1\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startServerTB(t, Options{})
	c.initialize(root, protocol.ClientCapabilities{})
	convert := func(args convertArguments) (convertResult, error) {
		var res convertResult
		err := c.call("workspace/executeCommand", &protocol.ExecuteCommandParams{Command: convertCommand, Arguments: []any{args}}, &res)
		return res, err
	}

	pasted := "Logs:\n  Type: AWS::S3::Bucket\n  Properties:\n    BucketName: !Sub 'logs-é-${AWS::AccountId}'\n"
	res, err := convert(convertArguments{Text: pasted, URI: uriOf(path), Fragment: true})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(res.Text, "provider awscc") || !strings.Contains(res.Text, "let logs = awscc.s3.Bucket {\n  bucket_name = \"logs-é-${aws_account_id}\"\n}") ||
		res.Converted != 1 || res.Resources != 1 {
		t.Errorf("pasted resources converted to:\n%s(%d of %d)", res.Text, res.Converted, res.Resources)
	}
	if len(res.Notes) != 1 || res.Notes[0].Line != 3 || res.Notes[0].Character != 16 || !res.Notes[0].Left || !strings.Contains(res.Notes[0].Message, "AWS::AccountId") {
		t.Errorf("notes: %+v", res.Notes)
	}

	// Pasted into a configuration that binds logs already (and aws_account_id, as the first
	// paste asked for): the new binding gets another name, the pseudo parameter's is reused.
	if err := os.WriteFile(filepath.Join(root, "more.crn"), []byte("let logs = 1\nlet aws_account_id = '123456789012'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uriOf(filepath.Join(root, "more.crn")), Type: protocol.FileChangeTypeCreated}}})
	again, err := convert(convertArguments{Text: pasted, URI: uriOf(path), Fragment: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(again.Text, "let logs_2 = awscc.s3.Bucket {\n  bucket_name = \"logs-é-${aws_account_id}\"\n}") || strings.Contains(again.Text, "let aws_account_id") || len(again.Notes) != 0 {
		t.Errorf("pasted again into a configuration binding logs and aws_account_id:\n%s%+v", again.Text, again.Notes)
	}

	// A paste naming a resource of an earlier one reads the configuration's binding.
	store := "let store = awscc.s3.Bucket {\n  bucket_name = 'store'\n}\n"
	if err := os.WriteFile(filepath.Join(root, "store.crn"), []byte(store), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", &protocol.DidChangeWatchedFilesParams{Changes: []*protocol.FileEvent{{URI: uriOf(filepath.Join(root, "store.crn")), Type: protocol.FileChangeTypeCreated}}})
	policy, err := convert(convertArguments{Text: "StorePolicy:\n  Type: AWS::S3::BucketPolicy\n  Properties:\n    Bucket: !Ref Store\n    PolicyDocument: {}\n", URI: uriOf(path), Fragment: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(policy.Text, "let store_policy = awscc.s3.BucketPolicy {\n  bucket          = store.bucket_name\n") ||
		len(policy.Notes) != 1 || policy.Notes[0].Left || policy.Notes[0].Line != 3 || !strings.Contains(policy.Notes[0].Message, "Ref Store reads store, the configuration's awscc.s3.Bucket") {
		t.Errorf("a paste reading the configuration's store:\n%s%+v", policy.Text, policy.Notes)
	}

	whole, err := convert(convertArguments{Text: `{"Resources": {"Vpc": {"Type": "AWS::EC2::VPC", "Properties": {"CidrBlock": "10.0.0.0/16"}}}}`, Region: "eu-west-1"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(whole.Text, "provider awscc {\n  region = awscc.Region.eu_west_1\n}") || !strings.Contains(whole.Text, "cidr_block = '10.0.0.0/16'") {
		t.Errorf("a whole template converted to:\n%s", whole.Text)
	}

	if _, err := convert(convertArguments{Text: "Logs:\n  Properties: {}\n"}); err == nil || !strings.Contains(err.Error(), "1:1: not a template, resources or a resource: Logs has no Type") {
		t.Errorf("a text that is no CloudFormation: %v", err)
	}
}
