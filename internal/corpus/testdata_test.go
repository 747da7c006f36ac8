package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite testdata/SHA256SUMS from the files in testdata")

// folders are the folders of testdata copied from ../shared; with LICENSE-carina they are what
// testdata/README.md describes.
var folders = []string{"corpus", "corpus-fmt", "schemas", "reference"}

// sums returns "<sha256>  <path>" lines (sha256sum's format, paths relative to dir) for every
// file of the named folders and files under dir, in walk order.
func sums(t *testing.T, dir string, names []string) string {
	t.Helper()
	var b strings.Builder
	for _, name := range names {
		err := filepath.WalkDir(filepath.Join(dir, name), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(data)
			b.WriteString(hex.EncodeToString(sum[:]) + "  " + filepath.ToSlash(rel) + "\n")
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// TestTestdata checks that the in-repository copy of Carina's material is complete and unchanged
// (testdata/SHA256SUMS, which `cd testdata && sha256sum -c SHA256SUMS` also reads), that every
// folder Shared serves is found there first, and, when ../shared sits beside the repository, that
// the copy is the same as it.
func TestTestdata(t *testing.T) {
	root := Root(t)
	dir := filepath.Join(root, "testdata")
	got := sums(t, dir, append(folders, "LICENSE-carina"))
	sumsFile := filepath.Join(dir, "SHA256SUMS")
	if *update {
		if err := os.WriteFile(sumsFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(sumsFile)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("testdata differs from testdata/SHA256SUMS (-recorded +now); refresh as testdata/README.md says:\n%s", diff)
	}
	if n := strings.Count(got, ".crn\n"); n < 700 {
		t.Errorf("only %d .crn files in testdata (want the 363 corpus files and their formatted copies)", n)
	}
	for _, name := range folders {
		if got, err := Find(root, name); err != nil || got != filepath.Join(dir, name) {
			t.Errorf("Find(%q) = %q, %v; want the in-repository copy", name, got, err)
		}
		if !strings.Contains(readme(t, dir), "`"+name+"/`") {
			t.Errorf("testdata/README.md says nothing of %s/", name)
		}
	}
	if shared := filepath.Join(root, "..", "shared"); isDir(shared) {
		if diff := cmp.Diff(sums(t, shared, folders), sums(t, dir, folders)); diff != "" {
			t.Errorf("testdata differs from %s (-shared +testdata); refresh as testdata/README.md says:\n%s", shared, diff)
		}
	}
}

func readme(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}

// TestFind: the in-repository copy first, then ../shared, else an error naming both places.
func TestFind(t *testing.T) {
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	for _, d := range []string{"repo/testdata/a", "repo/testdata/b", "shared/b", "shared/c"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "shared", "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, want, err string }{
		{"a", filepath.Join(repo, "testdata", "a"), ""},
		{"b", filepath.Join(repo, "testdata", "b"), ""},
		{"c", filepath.Join(repo, "..", "shared", "c"), ""},
		{"file", "", "file is missing (looked for " + filepath.Join(repo, "testdata", "file") + " and " + filepath.Join(repo, "..", "shared", "file") + ")"},
	}
	for _, tt := range tests {
		got, err := Find(repo, tt.name)
		var gotErr string
		if err != nil {
			gotErr = err.Error()
		}
		if got != tt.want || gotErr != tt.err {
			t.Errorf("Find(%q) = %q, %q; want %q, %q", tt.name, got, gotErr, tt.want, tt.err)
		}
	}
}
