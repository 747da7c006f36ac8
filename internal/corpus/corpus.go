// Package corpus finds the shared conformance corpus (../shared/corpus beside the repository)
// for tests and benchmarks, and builds the large concatenated file the benchmarks parse.
package corpus

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Root returns the repository root: the nearest directory above the working directory holding
// go.mod.
func Root(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("corpus: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Shared returns the path of a folder of ../shared (e.g. "corpus"). When it is missing the test
// is skipped, except under CI=true, where it fails: CI must never pass without the corpus.
func Shared(tb testing.TB, name string) string {
	tb.Helper()
	dir := filepath.Join(Root(tb), "..", "shared", name)
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("%s is missing (CI=true: the conformance inputs are required): %v", dir, err)
		}
		tb.Skipf("skipping: %s is missing: %v", dir, err)
	}
	return dir
}

// Files returns the paths of every .crn file of the corpus, sorted.
func Files(tb testing.TB) []string {
	tb.Helper()
	root := Shared(tb, "corpus")
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".crn") {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// Concat returns the corpus files concatenated in path order, repeated from the start until the
// text has at least minLines lines, and its line count.
func Concat(tb testing.TB, minLines int) (string, int) {
	tb.Helper()
	src, lines, err := ConcatFiles(Files(tb), minLines)
	if err != nil {
		tb.Fatal(err)
	}
	return src, lines
}

// ConcatFiles concatenates files in the given order, repeated from the start until the text has
// at least minLines lines, and returns it with its line count.
func ConcatFiles(files []string, minLines int) (string, int, error) {
	if len(files) == 0 {
		return "", 0, os.ErrNotExist
	}
	var b strings.Builder
	lines := 0
	for i := 0; lines < minLines; i = (i + 1) % len(files) {
		data, err := os.ReadFile(files[i])
		if err != nil {
			return "", 0, err
		}
		s := string(data)
		if !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		b.WriteString(s)
		b.WriteString("\n")
		lines += strings.Count(s, "\n") + 1
	}
	return b.String(), lines, nil
}
