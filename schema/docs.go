package schema

import (
	"path"
	"strings"
)

// cloudFormationProvider is the provider whose types are CloudFormation's (Cloud Control): the
// reference page of a type's cloud_type documents it.
const cloudFormationProvider = "awscc"

// DocsURL returns the page that documents the resource type, or "" when the schema names none.
// An awscc type links to the CloudFormation reference page of its cloud type (AWS::EC2::VPC:
// .../TemplateReference/aws-resource-ec2-vpc.html). Another provider's type links to the page its repository
// generates for it, generated-docs/<provider>/<service>/<name>.md beside the generated schema
// file the schema names (source_file .../src/schemas/generated/acm/certificate.rs in
// carina-rs/carina-provider-aws: generated-docs/aws/acm/certificate.md there).
func (r *Resource) DocsURL() string {
	if r == nil {
		return ""
	}
	if r.Provider == cloudFormationProvider {
		return cloudFormationURL(r.CloudType)
	}
	return generatedDocsURL(r.Provider, r.SourceRepo, r.SourceFile)
}

// cloudFormationURL is the reference page of a CloudFormation type, "" for a name that is not
// AWS::Service::Type. The pages are in AWS's CloudFormation Template Reference guide, which took
// them over from the User Guide (AWSCloudFormation/latest/UserGuide/aws-resource-...), whose
// pages ask readers to update their links.
func cloudFormationURL(cloudType string) string {
	parts := strings.Split(cloudType, "::")
	if len(parts) != 3 || !strings.EqualFold(parts[0], "AWS") || !urlWord(parts[1]) || !urlWord(parts[2]) {
		return ""
	}
	return "https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-" +
		strings.ToLower(parts[1]) + "-" + strings.ToLower(parts[2]) + ".html"
}

// generatedDocsURL is the generated Markdown page of a type in its provider's repository on
// GitHub, "" when the repository or the schema file is not named in the expected form.
func generatedDocsURL(provider, repo, file string) string {
	owner, name, ok := strings.Cut(repo, "/")
	if !ok || !urlPath(owner) || !urlPath(name) || strings.Contains(name, "/") {
		return ""
	}
	_, rel, ok := strings.Cut(file, "/src/schemas/generated/")
	if !ok || path.Ext(rel) != ".rs" || strings.Count(rel, "/") != 1 || !urlPath(rel) {
		return ""
	}
	return "https://github.com/" + repo + "/blob/main/generated-docs/" + provider + "/" + strings.TrimSuffix(rel, ".rs") + ".md"
}

// urlWord reports whether s is ASCII letters and digits: a CloudFormation service or type name.
func urlWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// urlPath reports whether s is made of characters a URL path takes as they are.
func urlPath(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '/') {
			return false
		}
	}
	return !strings.Contains(s, "..")
}
