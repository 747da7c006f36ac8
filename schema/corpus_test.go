package schema

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// corpusMissing returns the heads the corpus uses that the embedded schemas
// lack, with the reason. Everything else must resolve.
func corpusMissing() map[string]string {
	return map[string]string{
		"aws.acm.CertificateValidation":        "schemas.md §6.1: not in aws.json",
		"aws.cloudfront.Distribution":          "schemas.md §6.1: CloudFront is in awscc only",
		"awscc.test.Widget":                    "schemas.md §6.6: fake test type",
		"awscc.ec2.NonexistentResource":        "schemas.md §6.6: fake test type",
		"awscc.ec2.Instance":                   "schemas.md §6.6: test-only type",
		"awscc.sqs.Queue":                      "schemas.md §6.6: test-only type",
		"awscc.identitystore.group":            "schemas.md §6.6: old lower-case awscc head",
		"awscc.identitystore.group_membership": "schemas.md §6.6: old lower-case awscc head",
		// The aws.json described in schemas.md (v0.5.0) had these lower-case
		// data sources; the regenerated aws.json has the current PascalCase names.
		"aws.sts.caller_identity": "old lower-case head; now aws.sts.CallerIdentity",
		"aws.identitystore.user":  "old lower-case head; now aws.identitystore.User",
	}
}

func corpusHeads(t *testing.T) map[string]bool {
	t.Helper()
	root := needShared(t, "corpus")
	// A resource head opening a block, with an optional read.
	headUse := regexp.MustCompile(`(?:^|[=\s(\[,])(read\s+)?((?:aws|awscc)\.[a-z0-9]+\.[A-Za-z][A-Za-z0-9_]*)\s*\{`)
	uses := map[string]bool{} // head → used with read
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".crn") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(data), "\n") {
			if i := strings.Index(line, "#"); i >= 0 {
				line = line[:i]
			}
			if i := strings.Index(line, "//"); i >= 0 {
				line = line[:i]
			}
			for _, m := range headUse.FindAllStringSubmatch(line, -1) {
				uses[m[2]] = uses[m[2]] || m[1] != ""
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return uses
}

func TestCorpusHeadsResolve(t *testing.T) {
	uses := corpusHeads(t)
	if len(uses) < 40 {
		t.Fatalf("found only %d heads in the corpus: the pattern is broken", len(uses))
	}
	idx := defaultIndex(t)
	var heads []string
	for h := range uses {
		heads = append(heads, h)
	}
	slices.Sort(heads)
	resolved := 0
	missing := corpusMissing()
	for _, head := range heads {
		r, d := idx.Resource(head), idx.DataSource(head)
		if why, ok := missing[head]; ok {
			if r != nil || d != nil {
				t.Errorf("%s resolves now; remove it from corpusMissing (%s)", head, why)
			}
			continue
		}
		switch {
		case uses[head] && d == nil:
			t.Errorf("read %s: no data source", head)
		case !uses[head] && r == nil:
			t.Errorf("%s: no resource", head)
		default:
			resolved++
		}
	}
	t.Logf("%d distinct heads in the corpus, %d resolve", len(heads), resolved)
	for _, head := range []string{"aws.sts.caller_identity", "aws.identitystore.user", "awscc.identitystore.group"} {
		if _, ok := idx.FoldHead(head); !ok {
			t.Errorf("FoldHead(%s): no suggestion", head)
		}
	}
}
