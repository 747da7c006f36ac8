package reliability

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/mutate"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// What the differential tests against Carina's reference binaries share: the inputs (mutated
// corpus files), running them, check's errors on a configuration, and the report of the
// disagreements.

// mutation is one mutated corpus file.
type mutation struct {
	n    int    // its number in the sample
	file string // the corpus file, relative to the corpus
	mutate.Mutation
	at int // the first byte where the text differs from the file
}

// referencePath returns Carina's reference binary name (refparse, refcheck). When it is missing
// the test is skipped, except under CI=true, where it fails.
func referencePath(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(corpus.Shared(t, "reference"), name)
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing (CI=true: the reference binaries are required): %v", path, err)
		}
		t.Skipf("skipping: the reference binary %s is missing: %v", path, err)
	}
	return path
}

// sampleSize returns how many mutations a differential test draws: long in the suite's long
// mode, short in short mode, or the number the environment variable env sets.
func sampleSize(t *testing.T, env string, short, long int) int {
	t.Helper()
	n := suite.Scale(short, long)
	if v := os.Getenv(env); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n <= 0 {
			t.Fatalf("%s=%q: want a positive number", env, v)
		}
	}
	return n
}

// corpusTexts returns every corpus file's text, by path relative to the corpus, and the paths in
// order.
func corpusTexts(t *testing.T) (map[string]string, []string) {
	t.Helper()
	root := corpus.Shared(t, "corpus")
	texts := map[string]string{}
	var rels []string
	for _, p := range corpus.Files(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		texts[rel] = string(b)
		rels = append(rels, rel)
	}
	return texts, rels
}

func firstDifference(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// checkErrors checks the configuration of dir as ws reads it and returns its error-severity
// diagnostics. It runs on a goroutine of its own, so it reports a failure (a panic or a load
// error included) with t.Errorf, naming the input as what says.
func checkErrors(t *testing.T, ws *workspace.Workspace, dir string, idx *schema.Index, what func() string) (errs []finding.Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("check panicked on %s: %v\n%s", what(), r, debug.Stack())
		}
	}()
	cfg, err := ws.Config(context.Background(), dir)
	if err != nil {
		t.Errorf("loading the configuration of %s: %v", what(), err)
		return nil
	}
	if len(cfg.LoadErrors) > 0 {
		t.Errorf("loading the configuration of %s: %v", what(), cfg.LoadErrors)
		return nil
	}
	// A check that panics is contained (it loses only its own findings); here it is a failure.
	onPanic := func(p contain.Panic) {
		t.Errorf("check panicked on %s: %v\n%s", what(), p, p.Stack)
	}
	for _, d := range diagnostics.CheckWith(context.Background(), cfg, idx, diagnostics.Options{OnPanic: onPanic}) {
		if d.Severity == finding.Error {
			errs = append(errs, d)
		}
	}
	return errs
}

// shown is one disagreement as report lists it.
type shown struct {
	key    string   // its kind: what report groups by
	m      mutation // the input (Text empty: the unmutated file)
	input  string   // how to name an input that is no mutation
	ours   string   // our message, with its place ("" when check reports nothing relevant)
	theirs string   // Carina's message ("" when Carina accepts)
}

// report logs disagreements by kind, most frequent first, with the smallest examples of each
// (three, or the number the environment variable examplesEnv sets): the mutation, the line it
// changed, and both messages.
func report(t *testing.T, title string, ds []shown, examplesEnv string) {
	t.Helper()
	if len(ds) == 0 {
		return
	}
	examples := 3
	if n, err := strconv.Atoi(os.Getenv(examplesEnv)); err == nil && n >= 0 {
		examples = n
	}
	kinds := map[string][]shown{}
	for _, d := range ds {
		kinds[d.key] = append(kinds[d.key], d)
	}
	keys := make([]string, 0, len(kinds))
	for k := range kinds {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(len(kinds[b])-len(kinds[a]), strings.Compare(a, b)) })
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s, in %d kinds:\n", len(ds), title, len(keys))
	for _, k := range keys {
		group := kinds[k]
		fmt.Fprintf(&b, "\n  %d× %s\n", len(group), k)
		slices.SortStableFunc(group, func(x, y shown) int { return len(statementAt(x.m)) - len(statementAt(y.m)) })
		for _, d := range group[:min(examples, len(group))] {
			if d.m.Text == "" {
				fmt.Fprintf(&b, "    %s\n", d.input)
			} else {
				line, text := lineAt(d.m.Text, d.m.at)
				fmt.Fprintf(&b, "    #%d %s: %s\n      %d | %s\n", d.m.n, d.m.file, d.m.Desc, line, text)
			}
			if d.ours != "" {
				fmt.Fprintf(&b, "      ours:   %s\n", d.ours)
			}
			if d.theirs != "" {
				fmt.Fprintf(&b, "      carina: %s\n", d.theirs)
			}
		}
	}
	t.Log(b.String())
}

// statementAt returns the top-level statement of the mutated text holding the change (the text
// from the change to the end when no statement holds it).
func statementAt(m mutation) string {
	for _, r := range grammar.Split(m.Text, grammar.Lex(m.Text)) {
		if int(r.End) >= m.at {
			return m.Text[min(int(r.Start), m.at):r.End]
		}
	}
	return m.Text[min(m.at, len(m.Text)):]
}

// lineAt returns the 1-based number and the text of the line holding byte offset at.
func lineAt(src string, at int) (int, string) {
	at = min(at, len(src))
	start := strings.LastIndexByte(src[:at], '\n') + 1
	end := strings.IndexByte(src[at:], '\n')
	if end < 0 {
		end = len(src) - at
	}
	return strings.Count(src[:at], "\n") + 1, src[start : at+end]
}

// lineCol returns the 1-based line and byte column of offset at.
func lineCol(src string, at int) (int, int) {
	at = min(at, len(src))
	return strings.Count(src[:at], "\n") + 1, at - strings.LastIndexByte(src[:at], '\n')
}
