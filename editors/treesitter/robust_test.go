package treesitter

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// cuts are texts a mutation pastes in: what the external scanner reads (heredoc openers and
// markers, comment delimiters, quotes, interpolations) and stray brackets.
var cuts = []string{"<<EOT\n", "<<-'X'\n", "\nEOT\n", "  X\n", "/*", "*/", "/* /*", "\"", "'", "${", "}", "{", "[", "(", "\\", "$", "#", "\n", "let", "=", "aws.s3.Bucket {"}

// TestMutationsNeverCrash: the committed parser and scanner parse corpus files cut and pasted
// at random (a seeded generator: the same files each run) without crashing, and report every
// file.
func TestMutationsNeverCrash(t *testing.T) {
	drv := driver(t)
	files := sample(corpus.Files(t), 40)
	perFile := 25
	if testing.Short() {
		perFile = 5
	}
	rng := rand.New(rand.NewPCG(38, 1))
	dir := t.TempDir()
	var paths []string
	for i, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		for k := range perFile {
			out := src
			for range 1 + rng.IntN(4) {
				at := rng.IntN(len(out) + 1)
				switch rng.IntN(3) {
				case 0: // cut
					end := min(len(out), at+rng.IntN(40))
					out = out[:at] + out[end:]
				default: // paste
					out = out[:at] + cuts[rng.IntN(len(cuts))] + out[at:]
				}
			}
			p := filepath.Join(dir, fmt.Sprintf("%d-%d.crn", i, k))
			if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, p)
		}
	}
	// An empty file, and openers at the very end.
	for j, tail := range []string{"", "let x = <<EOT", "let x = <<EOT\n", "let x = <<-EOT\n${", "/* /* */", "let x = \"${"} {
		p := filepath.Join(dir, fmt.Sprintf("edge-%d.crn", j))
		if err := os.WriteFile(p, []byte(tail), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	got := parseFiles(t, drv, paths)
	if len(got) != len(paths) {
		t.Fatalf("the driver reported %d of %d files", len(got), len(paths))
	}
	broken := 0
	for _, p := range paths {
		if len(got[p].Errors) > 0 {
			broken++
		}
	}
	t.Logf("%d mutated files parsed, %d with an error node", len(paths), broken)
	if len(got[paths[len(paths)-1]].Errors) == 0 {
		t.Error("an unterminated interpolation is no error")
	}
}

// TestIncrementalEqualsFresh: an editor re-parses after each edit from the old tree, reusing
// what the edit did not touch and the scanner's saved state (a heredoc's marker); the tree it
// gets equals a fresh parse of the new text, for edits that break a file and edits that mend it.
func TestIncrementalEqualsFresh(t *testing.T) {
	drv := driver(t)
	files := sample(corpus.Files(t), 30)
	if testing.Short() {
		files = sample(files, 10)
	}
	rng := rand.New(rand.NewPCG(38, 2))
	dir := t.TempDir()
	checked := 0
	for i, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		// a heredoc in the middle, so that edits fall in and around one
		at := strings.Index(src, "\n") + 1
		src = src[:at] + "let doc = <<-EOT\n  { \"a\": \"${x}\" }\n  EOT\n" + src[at:]
		old := filepath.Join(dir, fmt.Sprintf("%d.crn", i))
		if err := os.WriteFile(old, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		var news []string
		for k := range 12 {
			at := rng.IntN(len(src) + 1)
			var out string
			if k%2 == 0 {
				out = src[:at] + cuts[rng.IntN(len(cuts))] + src[at:]
			} else {
				out = src[:at] + src[min(len(src), at+1+rng.IntN(20)):]
			}
			p := filepath.Join(dir, fmt.Sprintf("%d-%d.crn", i, k))
			if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			news = append(news, p)
		}
		out := run(t, drv, append([]string{"reparse", old}, news...)...)
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			checked++
			if !strings.HasSuffix(line, "\tsame") {
				t.Errorf("%s (from %s): the incremental parse differs from a fresh one", line, path)
			}
		}
	}
	t.Logf("%d edits re-parsed", checked)
}
