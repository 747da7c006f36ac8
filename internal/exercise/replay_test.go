package exercise

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// TestTypingReplay replays, on corpus files, the edits typing makes, each as a new version of an
// open buffer of the file's configuration (the incremental path the server takes): the file
// typed character by character from empty and deleted again from the end, each single line
// deleted, and each top-level statement's closing "}" deleted. At every step the whole
// configuration is built and checked through a memo, and completion, hover, signature help and
// the navigation features answer at the cursor; every so often the memoised diagnostics are
// compared with a fresh check, and after the file is typed back whole they must equal the
// original's.
//
// The suite's long mode replays every step of one file in ten (about 40,000 steps), its short mode
// one file in sixty. CARINA_REPLAY=all replays every step of every file (a long run by hand: see
// docs/reliability.md); CARINA_REPLAY=<n>
// replays every step of one file in n. Every 50th step also asks the features that answer for a
// whole file (formatting, semantic tokens, symbols, folding, inlay hints, code actions).
func TestTypingReplay(t *testing.T) {
	files := corpus.Files(t)
	idx := testutil.EmbeddedIndex(t)
	mode := os.Getenv("CARINA_REPLAY")
	type job struct {
		path   string
		stride int
	}
	var jobs []job
	switch mode {
	case "":
		// Every step of one file in ten, among them the files with a wait; in short mode one in
		// sixty.
		every := suite.Scale(60, 10)
		for i, p := range files {
			if i%every == 0 {
				jobs = append(jobs, job{p, 1})
			}
		}
	case "all":
		for _, p := range files {
			jobs = append(jobs, job{p, 1})
		}
	default:
		every, err := strconv.Atoi(mode)
		if err != nil || every < 1 {
			t.Fatalf("CARINA_REPLAY=%q: want all or a number", mode)
		}
		for i, p := range files {
			if i%every == 0 {
				jobs = append(jobs, job{p, 1})
			}
		}
	}
	start := time.Now()
	total := 0
	for _, j := range jobs {
		r := newReplay(t, j.path, idx)
		r.run(j.stride)
		total += r.steps
	}
	t.Logf("replayed %d steps on %d files in %v", total, len(jobs), time.Since(start).Round(time.Millisecond))
}

// replay is the replay of the edits of one file in its configuration.
type replay struct {
	t      *testing.T
	ctx    context.Context
	ws     *workspace.Workspace
	path   string
	dir    string
	orig   string
	schema *schema.Index
	memo   *diagnostics.Memo
	steps  int
}

func newReplay(t *testing.T, path string, idx *schema.Index) *replay {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return &replay{t: t, ctx: context.Background(), ws: workspace.New(workspace.OSFS{}), path: path,
		dir: filepath.Dir(path), orig: string(data), schema: idx, memo: diagnostics.NewMemo()}
}

// step analyses one version of the file with the cursor at off; compare also checks the memoised
// diagnostics against a fresh check.
func (r *replay) step(what, text string, off int, compare bool) []finding.Diagnostic {
	r.t.Helper()
	r.steps++
	r.ws.SetOverlay(r.path, text)
	opts := Options{Schemas: r.schema, Memo: r.memo, OnPanic: failOnPanic(r.t), Light: r.steps%50 != 0,
		Offsets: func(f *workspace.File) []int {
			if f.Path != r.path {
				return nil
			}
			return []int{off}
		}}
	res, err := Everything(r.ctx, r.ws, r.dir, opts)
	if err != nil {
		r.t.Fatalf("%s: %s: %v\n--- text ---\n%s", r.path, what, err, text)
	}
	if compare {
		fresh := diagnostics.CheckWith(r.ctx, res.Config, r.schema, diagnostics.Options{OnPanic: opts.OnPanic})
		if diff := cmp.Diff(fresh, res.Diagnostics); diff != "" {
			r.t.Fatalf("%s: %s: memoised diagnostics differ from a fresh check (-fresh +memo):\n%s", r.path, what, diff)
		}
	}
	return res.Diagnostics
}

// run replays every stride-th step of each kind of edit.
func (r *replay) run(stride int) {
	src := r.orig
	want := r.step("original", src, 0, true)
	n := 0
	sample := func() bool { n++; return n%stride == 0 }
	for i := 0; i <= len(src); i++ {
		if sample() {
			r.step(fmt.Sprintf("typed %d of %d bytes", i, len(src)), src[:i], i, n%(97*stride) == 0)
		}
	}
	if got := r.step("typed whole", src, len(src), true); !cmp.Equal(got, want) {
		r.t.Fatalf("%s: typed back whole, the diagnostics differ from the original's:\n%s", r.path, cmp.Diff(want, got))
	}
	for i := len(src); i >= 0; i-- {
		if sample() {
			r.step(fmt.Sprintf("deleted back to %d of %d bytes", i, len(src)), src[:i], i, n%(97*stride) == 0)
		}
	}
	lines := strings.SplitAfter(src, "\n")
	at := 0
	for i, l := range lines {
		if sample() {
			r.step(fmt.Sprintf("line %d deleted", i+1), src[:at]+src[at+len(l):], at, n%(7*stride) == 0)
		}
		at += len(l)
	}
	f := grammar.NewParser().Parse(src)
	for _, st := range f.Stmts {
		end := int(st.End)
		if end == 0 || src[end-1] != '}' || !sample() {
			continue
		}
		r.step(fmt.Sprintf("closing brace at %d deleted", end-1), src[:end-1]+src[end:], end-1, n%(7*stride) == 0)
	}
	r.ws.ClearOverlay(r.path)
}
