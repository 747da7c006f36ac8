package reliability

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
)

// treeRatio bounds check's peak live heap on a tree of ten times the configurations over its peak
// on the smaller tree, measured in the same run. Memory that grows with the tree (a finding, a
// directory or a module remembered until the end) gives several times: before check streamed its
// findings and forgot the directories it had walked, these trees gave 2.5 times.
const treeRatio = 1.5

// tinyTree writes n configuration directories of one corpus file each (round the corpus), the
// tree where what check keeps per directory counts the most, and returns its root.
func tinyTree(t *testing.T, files []string, n int) string {
	t.Helper()
	root := t.TempDir()
	for i := range n {
		data, err := os.ReadFile(files[i%len(files)])
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(root, fmt.Sprintf("g%02d", i/1000), fmt.Sprintf("c%05d", i), "main.crn"), data)
	}
	return root
}

// TestCheckMemoryFlatInTree runs check on trees of 1,000 and 10,000 configurations: its peak live
// heap on the larger is within treeRatio of that on the smaller.
func TestCheckMemoryFlatInTree(t *testing.T) {
	suite.Long(t, "writes and checks 11,000 configurations")
	files := corpus.Files(t)
	small, large := tinyTree(t, files, 1000), tinyTree(t, files, 10000)
	var rs, rl result
	best, all := suite.Ratio(3, treeRatio, func() (float64, float64) {
		rs = run(t, 5*time.Minute, "", "check", "-format", "json", "-j", "2", small)
		rl = run(t, 5*time.Minute, "", "check", "-format", "json", "-j", "2", large)
		return float64(max(rl.peakLive, heapFloor)), float64(max(rs.peakLive, heapFloor))
	})
	t.Logf("check -j 2: 1,000 configurations %v, peak live heap %.1f MiB; 10,000: %v, %.1f MiB (%.2f times; tries %.2f)",
		rs.took.Round(time.Millisecond), float64(rs.peakLive)/(1<<20), rl.took.Round(time.Millisecond), float64(rl.peakLive)/(1<<20), best, all)
	if rs.code > 1 || rl.code > 1 {
		t.Fatalf("check exited %d and %d:\n%s\n%s", rs.code, rl.code, truncate(rs.stderr), truncate(rl.stderr))
	}
	if best > treeRatio {
		t.Errorf("check's peak live heap on 10,000 configurations is %.2f times that on 1,000 (tries %.2f); the bound is %v", best, all, treeRatio)
	}
}
