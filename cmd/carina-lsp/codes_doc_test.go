package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/google/go-cmp/cmp"
)

// TestReadmeCodes keeps docs/cli.md's list of diagnostic codes (what -disable, the disable setting
// and the disable comments take) equal to the codes the checks have.
func TestReadmeCodes(t *testing.T) {
	data, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	_, section, ok := strings.Cut(readme, "### Diagnostic codes\n")
	if !ok {
		t.Fatal("docs/cli.md has no \"### Diagnostic codes\" section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var listed []string
	for _, m := range regexp.MustCompile("`([a-z0-9-]+)`").FindAllStringSubmatch(section, -1) {
		listed = append(listed, m[1])
	}
	slices.Sort(listed)
	var codes []string
	for _, c := range finding.Codes() {
		codes = append(codes, string(c))
	}
	if diff := cmp.Diff(codes, listed); diff != "" {
		t.Errorf("docs/cli.md's list of codes differs from finding.Codes() (-codes +docs/cli.md):\n%s", diff)
	}
}
