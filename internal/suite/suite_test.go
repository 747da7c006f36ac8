package suite

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Ratio stops at the first ratio within the bound and returns the smallest one seen.
func TestRatio(t *testing.T) {
	costs := [][2]float64{{50, 1}, {30, 1}, {8, 1}, {1, 1}}
	i := 0
	best, all := Ratio(5, 10, func() (float64, float64) {
		c := costs[i]
		i++
		return c[0], c[1]
	})
	if best != 8 || !slices.Equal(all, []float64{50, 30, 8}) {
		t.Errorf("Ratio = %v, %v; want 8 after 50, 30, 8", best, all)
	}
	i = 0
	if best, all := Ratio(2, 10, func() (float64, float64) { c := costs[i]; i++; return c[0], c[1] }); best != 30 || len(all) != 2 {
		t.Errorf("Ratio with 2 tries = %v, %v; want 30 after two", best, all)
	}
}

// Tree walks the whole tree but for version control, npm packages and build output, and reports
// an error for a tree that is not there.
func TestTree(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"a.go", "node_modules/x/y.js", "sub/b.txt"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := Tree(root); err != nil {
		t.Errorf("Tree: %v", err)
	}
	if err := Tree(filepath.Join(root, "missing")); err == nil {
		t.Error("Tree of a missing directory: no error")
	}
}
