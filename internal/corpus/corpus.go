// Package corpus finds the conformance material the tests read (the corpus of real .crn files, the
// reference formatter's output, the schemas and Carina's reference binaries) in the repository's
// testdata folder, or in ../shared beside the repository, and builds the large concatenated file
// the benchmarks parse.
package corpus

import (
	"fmt"
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

// Shared returns the path of a folder of conformance material (e.g. "corpus", "corpus-fmt",
// "schemas", "reference"): the in-repository copy testdata/<name> (see testdata/README.md), else
// ../shared/<name> beside the repository. When neither exists the test is skipped, except under
// CI=true, where it fails: CI must never pass without the conformance inputs.
func Shared(tb testing.TB, name string) string {
	tb.Helper()
	dir, err := Find(Root(tb), name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("%v (CI=true: the conformance inputs are required)", err)
		}
		tb.Skipf("skipping: %v", err)
	}
	return dir
}

// Find returns the folder of conformance material name for the repository at root:
// root/testdata/<name> when it exists, else root/../shared/<name>; an error names both when
// neither does.
func Find(root, name string) (string, error) {
	var tried []string
	for _, dir := range []string{filepath.Join(root, "testdata", name), filepath.Join(root, "..", "shared", name)} {
		if info, err := os.Stat(dir); err == nil && info.IsDir() {
			return dir, nil
		}
		tried = append(tried, dir)
	}
	return "", fmt.Errorf("%s is missing (looked for %s)", name, strings.Join(tried, " and "))
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
