package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/codedocs"
	"github.com/carina-rs/carina-lsp/schema"
)

// TestCodeDocsCheck holds what the pages of the codes (docs/diagnostics) say check prints to what
// it prints: codedocs.Check, which the pages are made with, reports each example and its fixed
// version as `check` does, line for line.
func TestCodeDocsCheck(t *testing.T) {
	examples, err := codedocs.Load(filepath.Join("..", "..", "diagnostics", "testdata", "codes"))
	if err != nil {
		t.Error(err)
	}
	if len(examples) == 0 {
		t.Fatal("no example in diagnostics/testdata/codes")
	}
	var sources schema.Sources
	for _, e := range examples {
		t.Run(string(e.Code), func(t *testing.T) {
			for _, fixed := range []bool{false, true} {
				dir := t.TempDir()
				if err := codedocs.WriteTree(dir, e.Tree(fixed)); err != nil {
					t.Fatal(err)
				}
				want, err := codedocs.Check(context.Background(), &sources, dir)
				if err != nil {
					t.Fatal(err)
				}
				got := runCmd(t, "check", dir)
				if got.Stderr != "" {
					t.Errorf("fixed %v: stderr %q", fixed, got.Stderr)
				}
				var lines []string
				for _, l := range strings.Split(strings.TrimSuffix(got.Stdout, "\n"), "\n") {
					if l != "" {
						file, rest, _ := strings.Cut(strings.TrimPrefix(l, dir+string(filepath.Separator)), ":")
						lines = append(lines, filepath.ToSlash(file)+":"+rest)
					}
				}
				if diff := cmp.Diff(want.Lines, lines); diff != "" {
					t.Errorf("fixed %v: codedocs.Check's lines differ from check's (-codedocs +check):\n%s", fixed, diff)
				}
			}
		})
	}
}
