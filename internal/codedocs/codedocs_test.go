package codedocs

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/schema"
)

var update = flag.Bool("update", false, "rewrite docs/diagnostics from diagnostics/testdata/codes (review every page you accept)")

// pending are the codes whose source is still being written on another branch: only the
// assertions that every code has a source and a page (TestSources, TestDocURLs) skip them.
// Empty it once they are merged; TestSources fails on a pending code that has a source.
var pending = []finding.Code{}

var (
	sourceDir = filepath.Join("..", "..", "diagnostics", "testdata", "codes")
	pageDir   = filepath.Join("..", "..", filepath.FromSlash(finding.DocsDir))
)

// checked is an example with what checking it found (r) or why it fails (err).
type checked struct {
	e   *Example
	r   *Result
	err error
}

var (
	verifyOnce sync.Once
	verified   []checked
	loadErr    error
)

// verifyAll loads and verifies every example once for the test binary, several at a time.
func verifyAll(t *testing.T) ([]checked, error) {
	t.Helper()
	verifyOnce.Do(func() {
		var examples []*Example
		examples, loadErr = Load(sourceDir)
		tmp, err := os.MkdirTemp("", "codedocs")
		if err != nil {
			loadErr = errors.Join(loadErr, err)
			return
		}
		defer os.RemoveAll(tmp)
		var sources schema.Sources
		verified = make([]checked, len(examples))
		sem := make(chan struct{}, runtime.GOMAXPROCS(0))
		var wg sync.WaitGroup
		for i, e := range examples {
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				r, err := Verify(context.Background(), &sources, e, filepath.Join(tmp, string(e.Code)))
				verified[i] = checked{e, r, err}
			})
		}
		wg.Wait()
	})
	return verified, loadErr
}

// TestExamples: every example reports its code, its fixed version does not, and both are
// formatted (see Verify).
func TestExamples(t *testing.T) {
	all, err := verifyAll(t)
	if err != nil {
		t.Error(err)
	}
	for _, c := range all {
		t.Run(string(c.e.Code), func(t *testing.T) {
			if c.err != nil {
				t.Errorf("%s: %v", sourceOf(c.e.Code), c.err)
			}
		})
	}
}

// TestSources: every code has a source (but the pending ones) and every source is of a code.
func TestSources(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(sourceDir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	have := map[finding.Code]bool{}
	for _, p := range paths {
		c, ok := strings.CutSuffix(filepath.Base(p), ".txtar")
		if !ok || !finding.KnownCode(finding.Code(c)) {
			t.Errorf("%s: not <code>.txtar for a code of finding.Codes()", p)
			continue
		}
		have[finding.Code(c)] = true
	}
	for _, msg := range coverage(have, pending) {
		t.Error(msg)
	}
}

// coverage says what is wrong with the sources there are (have) given the codes still pending.
func coverage(have map[finding.Code]bool, pending []finding.Code) []string {
	var out []string
	for _, c := range finding.Codes() {
		switch {
		case !have[c] && !slices.Contains(pending, c):
			out = append(out, fmt.Sprintf("%s has no source: write %s", c, sourceOf(c)))
		case have[c] && slices.Contains(pending, c):
			out = append(out, fmt.Sprintf("%s is pending but has a source: take it off the pending list", c))
		}
	}
	for _, c := range pending {
		if !finding.KnownCode(c) {
			out = append(out, fmt.Sprintf("pending lists %q, no code", c))
		}
	}
	return out
}

// TestPages keeps docs/diagnostics equal to what the sources and the checks give; -update writes
// it.
func TestPages(t *testing.T) {
	all, err := verifyAll(t)
	if err != nil {
		t.Fatalf("the sources do not load: %v", err)
	}
	want := map[string]string{} // file name → content
	entries := map[finding.Code]Entry{}
	for _, c := range all {
		if c.err != nil {
			t.Fatalf("%s fails (see TestExamples): no page can be made", c.e.Code)
		}
		page, err := Page(c.e, c.r)
		if err != nil {
			t.Fatalf("%s: %v", c.e.Code, err)
		}
		want[string(c.e.Code)+".md"] = page
		entries[c.e.Code] = EntryOf(c.e, c.r)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	groups, err := Groups(string(readme))
	if err != nil {
		t.Fatal(err)
	}
	var grouped []finding.Code
	for _, g := range groups {
		grouped = append(grouped, g.Codes...)
	}
	slices.Sort(grouped)
	if diff := cmp.Diff(finding.Codes(), grouped); diff != "" {
		t.Fatalf("the index would not list every code once: docs/cli.md's groups differ from finding.Codes() (-codes +groups):\n%s", diff)
	}
	want["README.md"] = Index(groups, entries)
	if err := syncDir(pageDir, want, *update); err != nil {
		t.Error(err)
	}
}

// syncDir compares the .md files of dir with want (by name) or, with update, writes them and
// removes the others.
func syncDir(dir string, want map[string]string, update bool) error {
	var errs []error
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range want {
			if !yield(n) {
				return
			}
		}
	})
	for _, n := range names {
		if err := compare(filepath.Join(dir, n), want[n], update); err != nil {
			errs = append(errs, err)
		}
	}
	have, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return err
	}
	for _, p := range have {
		if _, ok := want[filepath.Base(p)]; ok {
			continue
		}
		if update {
			if err := os.Remove(p); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		errs = append(errs, fmt.Errorf("%s: stale (no code's page): run go test ./internal/codedocs -update", p))
	}
	return errors.Join(errs...)
}

// compare compares a generated file with the one on disk or, with update, writes it.
func compare(path, want string, update bool) error {
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		return os.WriteFile(path, []byte(want), 0o644)
	}
	got, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%s: missing: run go test ./internal/codedocs -update", path)
	}
	if err != nil {
		return err
	}
	if diff := cmp.Diff(want, string(got)); diff != "" {
		return fmt.Errorf("%s: stale: run go test ./internal/codedocs -update (-generated +on disk):\n%s", path, diff)
	}
	return nil
}

// TestDocURLs: the page every diagnostic links to is in the repository, at the path its address
// names on the module's repository.
func TestDocURLs(t *testing.T) {
	const blob = "https://github.com/carina-rs/carina-lsp/blob/main/"
	for _, c := range finding.Codes() {
		if slices.Contains(pending, c) {
			continue
		}
		rel, ok := strings.CutPrefix(finding.DocURL(c), blob)
		if !ok {
			t.Errorf("DocURL(%s) = %s: not on %s", c, finding.DocURL(c), blob)
			continue
		}
		if _, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(rel))); err != nil {
			t.Errorf("DocURL(%s) = %s: %v", c, finding.DocURL(c), err)
		}
	}
}
