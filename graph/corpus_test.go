package graph

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
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
