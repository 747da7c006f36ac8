package format

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// corpusDirs returns the conformance corpus and what the reference formatter prints for it
// (testdata/corpus and testdata/corpus-fmt, see internal/corpus.Shared).
func corpusDirs(t *testing.T) (corpusDir, corpusFmtDir string) {
	t.Helper()
	return corpus.Shared(t, "corpus"), corpus.Shared(t, "corpus-fmt")
}

// manifestEntry is what corpus-fmt/manifest.json says of one corpus file.
type manifestEntry struct {
	Canonical    bool `json:"canonical"`
	Lossless     bool `json:"lossless"`
	CommentsLost int  `json:"comments_lost"`
}

// corpusManifest reads the manifest of the reference formatter's output for the corpus. When the
// shared folder is missing the test is skipped, except under CI=true, where it fails.
func corpusManifest(t *testing.T) (paths []string, m map[string]manifestEntry) {
	t.Helper()
	_, corpusFmtDir := corpusDirs(t)
	data, err := os.ReadFile(filepath.Join(corpusFmtDir, "manifest.json"))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the reference formatter's corpus output is missing (CI=true requires it): %v", err)
		}
		t.Skipf("skipping: the reference formatter's corpus output is missing: %v", err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for p := range m {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths, m
}

func readCorpus(t *testing.T, dir, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(path)))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("corpus file missing (CI=true requires it): %v", err)
		}
		t.Skipf("skipping: corpus file missing: %v", err)
	}
	return string(data)
}

// TestCorpusLossless checks rule 1 of docs/formatting.md: for every corpus file on which the
// reference formatter loses nothing, our output is the reference's output byte for byte.
func TestCorpusLossless(t *testing.T) {
	paths, m := corpusManifest(t)
	corpusDir, corpusFmtDir := corpusDirs(t)
	f := New(Options{})
	n := 0
	for _, path := range paths {
		if !m[path].Lossless {
			continue
		}
		n++
		t.Run(path, func(t *testing.T) {
			in := readCorpus(t, corpusDir, path)
			want := readCorpus(t, corpusFmtDir, path)
			got, err := f.Source(in)
			if err != nil {
				t.Fatalf("Source: %v", err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("differs from the reference formatter's output (-reference +ours):\n%s", diff)
			}
			if m[path].Canonical && got != in {
				t.Errorf("the file is canonical for the reference but we changed it")
			}
		})
	}
	if n < 300 {
		t.Errorf("only %d lossless files in the manifest; expected the whole corpus (~360)", n)
	}
}

// TestCorpusLossy pins what we print for the corpus files on which the reference formatter is
// not lossless: it turns the bare type `struct` into `struct {}` (adding tokens); we keep
// `struct` as written and otherwise print what the reference prints. docs/formatting.md explains
// the difference. The expected outputs are in testdata/corpus-lossy, named after the corpus path.
func TestCorpusLossy(t *testing.T) {
	paths, m := corpusManifest(t)
	corpusDir, corpusFmtDir := corpusDirs(t)
	f := New(Options{})
	n := 0
	for _, path := range paths {
		if m[path].Lossless {
			continue
		}
		n++
		t.Run(path, func(t *testing.T) {
			in := readCorpus(t, corpusDir, path)
			ref := readCorpus(t, corpusFmtDir, path)
			golden := filepath.Join("testdata", "corpus-lossy", strings.ReplaceAll(path, "/", "__"))
			got, err := f.Source(in)
			if err != nil {
				t.Fatalf("Source: %v", err)
			}
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("no pinned output for this lossy file: %v", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("output differs from %s (-want +got):\n%s", golden, diff)
			}
			// The only difference from the reference is the token it added.
			if strings.ReplaceAll(ref, "struct {}", "struct") != got {
				t.Errorf("we differ from the reference by more than its `struct {}`:\n%s", cmp.Diff(ref, got))
			}
			checkProperties(t, f, in, got)
		})
	}
	if n == 0 {
		t.Log("no lossy file in the manifest")
	}
}

// TestCorpusProperties checks, over the whole corpus (and its reference output, which must be a
// fixed point), that formatting is idempotent, keeps every token and comment, and prints text
// that parses.
func TestCorpusProperties(t *testing.T) {
	paths, _ := corpusManifest(t)
	corpusDir, corpusFmtDir := corpusDirs(t)
	fs := []*Formatter{New(Options{}), New(Options{Indent: 4}), New(Options{Tabs: true})}
	for _, path := range paths {
		t.Run(path, func(t *testing.T) {
			for _, dir := range []string{corpusDir, corpusFmtDir} {
				in := readCorpus(t, dir, path)
				for _, f := range fs {
					out, err := f.Source(in)
					if err != nil {
						t.Fatalf("Source(%s, %+v): %v", dir, f.opts, err)
					}
					checkProperties(t, f, in, out)
				}
			}
		})
	}
}
