package schema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// needShared returns the path of a file of the conformance material (rel starts
// with its folder, e.g. "schemas/aws.json"): testdata/<rel> of the repository,
// else ../shared/<rel> (internal/corpus.Shared), skipping the test when it is
// missing, except under CI=true where a missing input is a failure.
func needShared(t testing.TB, rel string) string {
	t.Helper()
	folder, rest, _ := strings.Cut(filepath.ToSlash(rel), "/")
	path := filepath.Join(corpus.Shared(t, folder), filepath.FromSlash(rest))
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing (CI=true: the conformance inputs are required): %v", path, err)
		}
		t.Skipf("%s is missing", path)
	}
	return path
}

func mustLoadFile(t testing.TB, path string) *Provider {
	t.Helper()
	p, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// defaultIndex loads the embedded default set.
func defaultIndex(t testing.TB) *Index {
	t.Helper()
	var d Defaults
	idx, err := d.Index()
	if err != nil {
		t.Fatal(err)
	}
	return idx
}

func ptr[T any](v T) *T { return &v }
