package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// TestCorpusCheckDoc keeps docs/corpus-check.md true: every error and warning that check reports
// on the shared corpus is listed there with its position, and the page lists nothing else.
func TestCorpusCheckDoc(t *testing.T) {
	dir := corpus.Shared(t, "corpus")
	root := corpus.Root(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs", "corpus-check.md"))
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	run(context.Background(), []string{"check", dir}, nil, &stdout, &stderr)
	if stderr.Len() > 0 {
		t.Fatalf("check wrote to stderr: %s", stderr.String())
	}
	line := regexp.MustCompile(`^(.*?):(\d+):(\d+): (error|warning): (.*) \[([a-z0-9-]+)\]$`)
	var reported []string
	for l := range strings.Lines(stdout.String()) {
		m := line.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		rel, err := filepath.Rel(dir, m[1])
		if err != nil {
			t.Fatal(err)
		}
		reported = append(reported, "- `"+filepath.ToSlash(rel)+":"+m[2]+":"+m[3]+"` "+m[4]+": "+m[5])
	}
	listed := map[string]bool{}
	for l := range strings.Lines(string(doc)) {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "- `") && regexp.MustCompile("^- `[^`]+:\\d+:\\d+` ").MatchString(l) {
			listed[l] = true
		}
	}
	for _, r := range reported {
		if !listed[r] {
			t.Errorf("check reports a problem docs/corpus-check.md does not list (judge it there):\n%s", r)
		}
		delete(listed, r)
	}
	for l := range listed {
		t.Errorf("docs/corpus-check.md lists a problem check no longer reports (remove it):\n%s", l)
	}
	if len(reported) == 0 {
		t.Error("check reported nothing on the corpus: the test would pass vacuously")
	}
}
