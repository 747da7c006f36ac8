package style

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// goFiles returns the repository's root and the slash paths from it of the module's Go files,
// test files too when withTests (node_modules, testdata and hidden folders aside): the one walk
// the style tests read the sources with.
func goFiles(t *testing.T, withTests bool) (root string, rels []string) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "node_modules" || d.Name() == "testdata" || (strings.HasPrefix(d.Name(), ".") && p != root) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || !withTests && strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rels = append(rels, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rels) < 100 {
		t.Fatalf("only %d Go files found: the walk missed the repository", len(rels))
	}
	return root, rels
}
