package graph

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/workspace"
)

// corpusDirs returns every directory of the corpus holding .crn files: its configurations.
func corpusDirs(t *testing.T) []string {
	var dirs []string
	for _, f := range corpus.Files(t) {
		if d := filepath.Dir(f); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// TestCorpusGraphs draws every corpus configuration in every format, and has Graphviz's own dot
// (Debian's graphviz package; required under CI=true) read the DOT of each: our DOT is valid
// Graphviz, whatever names and labels a configuration holds.
func TestCorpusGraphs(t *testing.T) {
	dot, err := exec.LookPath("dot")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Graphviz's dot is missing (CI=true: it is required; apt-get install graphviz): %v", err)
		}
		t.Log("Graphviz's dot is missing: the DOT is written but not read back (apt-get install graphviz)")
	}
	ws := workspace.New(workspace.OSFS{})
	idx := testutil.EmbeddedIndex(t)
	ctx := context.Background()
	dirs := corpusDirs(t)
	if testing.Short() && len(dirs) > 40 {
		dirs = dirs[:40] // a sample; the long mode reads them all
	}
	for _, dir := range dirs {
		cfg := testutil.ConfigOf(t, ws, dir)
		g := Build(cfg, idx, Options{ExpandModules: true})
		var d, b bytes.Buffer
		for _, err := range []error{g.WriteDOT(&d), g.WriteMermaid(&b), g.WriteJSON(&b), g.WriteOrder(&b), g.WriteSVG(ctx, &b)} {
			if err != nil {
				t.Fatalf("%s: %v", dir, err)
			}
		}
		if dot == "" {
			continue
		}
		cmd := exec.Command(dot, "-Tsvg")
		cmd.Stdin = &d
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || !strings.Contains(string(out), "<svg") {
			t.Errorf("%s: dot -Tsvg rejects the DOT: %v\n%s\n%s", dir, err, stderr.String(), d.String())
		}
	}
	t.Logf("%d configurations drawn", len(dirs))
}
