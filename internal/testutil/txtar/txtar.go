// Package txtar reads and writes the txtar archives of the golden tests: a comment, then files,
// each introduced by a line `-- name --` and running up to the next such line.
// (golang.org/x/tools/txtar is not a dependency of this module.)
//
// It imports no package of this module, so that the tests of every package can use it, grammar's
// internal tests included.
package txtar

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Glob returns the paths of the archives pattern matches (filepath.Glob), failing the test when
// there are none.
func Glob(tb testing.TB, pattern string) []string {
	tb.Helper()
	paths, err := filepath.Glob(pattern)
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no archives %s (%v)", pattern, err)
	}
	return paths
}

// Read reads and parses the archive at path, failing the test when it cannot be read.
func Read(tb testing.TB, path string) *Archive {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return Parse(string(data))
}

// Run runs fn as a subtest for each archive pattern matches (see Glob), named after the archive's
// file without .txtar, with the archive's path and contents.
func Run(t *testing.T, pattern string, fn func(t *testing.T, path string, a *Archive)) {
	t.Helper()
	for _, p := range Glob(t, pattern) {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			fn(t, p, Read(t, p))
		})
	}
}

// CheckWants checks the files of an archive named "want <what>": got returns the lines for what,
// which must be the file's non-blank lines (Lines). With update, it writes them into the file
// instead and saves the archive at path. An archive without such a file fails the test.
func CheckWants(t testing.TB, path string, a *Archive, update bool, got func(what string) []string) {
	t.Helper()
	checked := 0
	for i, f := range a.Files {
		what, ok := strings.CutPrefix(f.Name, "want ")
		if !ok {
			continue
		}
		checked++
		lines := got(what)
		if update {
			a.Files[i].Data = strings.Join(lines, "\n") + "\n"
			continue
		}
		if diff := cmp.Diff(Lines(f.Data), lines); diff != "" {
			t.Errorf("%s (-want +got):\n%s", f.Name, diff)
		}
	}
	if checked == 0 {
		t.Fatalf("%s has no want section", path)
	}
	if update {
		if err := os.WriteFile(path, []byte(a.Format()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Archive is a parsed txtar file: a leading comment and named files, in order.
type Archive struct {
	Comment string
	Files   []File
}

// File is one file of an archive. Its data includes the newline that ends its last line.
type File struct {
	Name string
	Data string
}

// Parse reads an archive: lines `-- name --` start a file (the name is trimmed); the text before
// the first such line is the comment.
func Parse(data string) *Archive {
	a := &Archive{}
	cur := &a.Comment
	for line := range strings.Lines(data) {
		if name, ok := markerName(line); ok {
			a.Files = append(a.Files, File{Name: name})
			cur = &a.Files[len(a.Files)-1].Data
			continue
		}
		*cur += line
	}
	return a
}

// markerName reports whether line is a `-- name --` file marker, and the name.
func markerName(line string) (string, bool) {
	line = strings.TrimRight(line, "\r\n")
	if !strings.HasPrefix(line, "-- ") || !strings.HasSuffix(line, " --") || len(line) < 7 {
		return "", false
	}
	return strings.TrimSpace(line[3 : len(line)-3]), true
}

// Format writes the archive back. A file whose data does not end in a newline gets one, so that
// the next marker starts a line.
func (a *Archive) Format() string {
	var b strings.Builder
	b.WriteString(a.Comment)
	for _, f := range a.Files {
		b.WriteString("-- " + f.Name + " --\n")
		b.WriteString(f.Data)
		if f.Data != "" && !strings.HasSuffix(f.Data, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// Get returns the data of the first file called name.
func (a *Archive) Get(name string) (string, bool) {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return "", false
}

// Set replaces the data of the first file called name, or appends the file.
func (a *Archive) Set(name, data string) {
	for i := range a.Files {
		if a.Files[i].Name == name {
			a.Files[i].Data = data
			return
		}
	}
	a.Files = append(a.Files, File{Name: name, Data: data})
}

// Option returns the value of the first `key: value` line of the comment, or "".
func (a *Archive) Option(key string) string {
	for line := range strings.Lines(a.Comment) {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), ":"); ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// IsWant reports whether a file name names expected output rather than an input file: "want",
// or "want" and a space and what is expected ("want definition", "want main.crn").
func IsWant(name string) bool {
	return name == "want" || strings.HasPrefix(name, "want ")
}

// Sources returns the input files of the archive by name: every file but the want ones (IsWant).
func (a *Archive) Sources() map[string]string {
	out := map[string]string{}
	for _, f := range a.Files {
		if !IsWant(f.Name) {
			out[f.Name] = f.Data
		}
	}
	return out
}

// Lines returns the lines of s that are not blank, as they are (nil when there are none): a want
// section's expected lines.
func Lines(s string) []string {
	var out []string
	for l := range strings.SplitSeq(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}
