package testutil

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

// MarkerSources returns the configurations of the server's marker archives
// (lsp/testdata/markers): the .crn files of each, by name, their `<@name>` markers taken out.
// They hold a scenario of every construct, complete and half-typed, for the sweeps of other
// packages (every offset, every name).
func MarkerSources(tb testing.TB) []map[string]string {
	tb.Helper()
	marker := regexp.MustCompile(`<@[a-zA-Z0-9_]+>`)
	var out []map[string]string
	for _, p := range txtar.Glob(tb, filepath.Join(corpus.Root(tb), "lsp", "testdata", "markers", "*.txtar")) {
		files := map[string]string{}
		for name, text := range txtar.Read(tb, p).Sources() {
			if strings.HasSuffix(name, ".crn") {
				files[name] = marker.ReplaceAllString(text, "")
			}
		}
		out = append(out, files)
	}
	return out
}
