package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/session"
)

// copyCorpus copies the corpus under root n times (copy1, copy2, ...) and returns root.
func copyCorpus(t *testing.T, root string, n int) string {
	t.Helper()
	src := corpus.Shared(t, "corpus")
	for i := range n {
		err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".crn") {
				return err
			}
			rel, err := filepath.Rel(src, p)
			if err != nil {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			dst := filepath.Join(root, fmt.Sprintf("copy%d", i+1), rel)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			return os.WriteFile(dst, data, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestParallelCheckIsDeterministic checks a tree of three copies of the corpus (hundreds of
// configurations, modules used across directories, files that cannot be read in some of them)
// one configuration at a time and with many workers, several times, in every output format: the
// output, the messages on stderr (in the order of the configurations) and the exit code are the
// same every time. The short mode runs the text format once with 8 workers.
func TestParallelCheckIsDeterministic(t *testing.T) {
	root := copyCorpus(t, t.TempDir(), 3)
	// A dangling symbolic link named like a source is listed but cannot be read: a message on
	// stderr for its configuration, even for root.
	var dangling []string
	for i, dir := range []string{"copy1", "copy2/carina", "copy3"} {
		p := filepath.Join(root, dir, fmt.Sprintf("dangling%d.crn", i))
		if err := os.Symlink(filepath.Join(root, "nowhere"), p); err != nil {
			t.Skipf("cannot make a symlink: %v", err)
		}
		dangling = append(dangling, p)
	}
	formats, jobCounts, runs := []string{"text", "json", "sarif"}, []string{"2", "8", "64"}, 2
	if testing.Short() {
		formats, jobCounts, runs = formats[:1], []string{"8"}, 1
	}
	for _, format := range formats {
		want := runCmd(t, "check", "-j", "1", "-format", format, root)
		if want.Code != 2 || want.Stdout == "" {
			t.Fatalf("%s, -j 1: code %d, %d bytes of output; want 2 (unreadable files) and a report", format, want.Code, len(want.Stdout))
		}
		if format == "text" {
			// The messages come in the order of the configurations: the walk's.
			var order []string
			for _, line := range strings.Split(strings.TrimSpace(want.Stderr), "\n") {
				for _, p := range dangling {
					if strings.Contains(line, p) {
						order = append(order, p)
					}
				}
			}
			if diff := cmp.Diff(dangling, order); diff != "" {
				t.Errorf("stderr names the unreadable files out of order (-want +got):\n%s\nstderr:\n%s", diff, want.Stderr)
			}
		}
		// A file named before the tree widens its directory's target once the walk reaches it:
		// the targets are then handed over after the walk, in the same order.
		file := filepath.Join(root, "copy2", "carina-provider-awscc", "examples", "ec2_nat_gateway", "main.crn")
		mixed := runCmd(t, "check", "-j", "1", "-format", format, file, root)
		if diff := cmp.Diff(want, mixed); diff != "" {
			t.Errorf("%s: a file named before its tree changes the report (-tree +file and tree):\n%s", format, diff)
		}
		if got := runCmd(t, "check", "-j", "8", "-format", format, file, root); !cmp.Equal(mixed, got) {
			t.Errorf("%s: with a file argument, -j 8 differs from -j 1:\n%s", format, cmp.Diff(mixed, got))
		}
		for _, jobs := range jobCounts {
			for run := range runs {
				got := runCmd(t, "check", "-j", jobs, "-format", format, root)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("%s, -j %s, run %d differs from -j 1 (-want +got):\n%s", format, jobs, run, diff)
				}
			}
		}
	}
}

// collectTargets is session.Targets gathered, as check -fix takes them.
func collectTargets(paths []string) ([]session.Target, error) {
	var out []session.Target
	err := session.Targets(context.Background(), paths, func(t session.Target) { out = append(out, t) })
	return out, err
}
