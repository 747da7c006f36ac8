package schema

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedSchemas is ../shared/schemas as seen from this package's directory.
const sharedSchemas = "../../shared/schemas"

// needShared returns the path of a file of ../shared, skipping the test when
// it is missing, except under CI=true where a missing input is a failure.
func needShared(t testing.TB, rel string) string {
	t.Helper()
	path := filepath.Join("../../shared", rel)
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing (CI=true: ../shared must sit beside the repository): %v", path, err)
		}
		t.Skipf("%s is missing; put ../shared beside the repository to run this test", path)
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
