package diagnostics

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// fixMutations is how many seeded mutations of each corpus file TestFixPropertyMutations checks
// in the suite's long mode (a fifth of them in short mode); testutil.MutationsEnv sets another
// number.
const fixMutations = 15

// The fix property: applying a quick fix repairs what its diagnostic reports and breaks nothing
// else. For a diagnostic d of code C with a fix, applying the fix's edits to d's file and checking
// the configuration again gives:
//
//   - no syntax error the original did not have: every syntax error after the fix is matched by
//     one before it, with the same message or at the same place (its range carried through the
//     fix's edits: a message may quote text the fix changed);
//   - d is gone: fewer diagnostics of code C at d's place, that is meeting d's range before
//     the fix and meeting that range carried through the fix's edits after it (an edit inside
//     the range stretches or shrinks it; see carry);
//   - no new error: for every code, no more error-severity diagnostics of that code in the
//     configuration than before, not counting those of code C at d's place.
//
// TestGoldenFixes checks it on the golden cases, TestFixPropertyCorpus on every directory of the
// shared corpus and TestFixPropertyMutations on seeded mutations of every corpus file.

// fixEnv checks one configuration directory of a workspace, with files overridden through the
// workspace's overlays.
type fixEnv struct {
	ws  *workspace.Workspace
	dir string
}

// check checks the configuration. A check that panics (contained: it loses its findings there)
// fails the test, and ok is false: the comparison would not be fair.
func (e fixEnv) check(t *testing.T, name string) (r result, ok bool) {
	t.Helper()
	cfg := testutil.ConfigOf(t, e.ws, e.dir)
	ok = true
	onPanic := func(p contain.Panic) {
		t.Errorf("%s: %v\n%s", name, p, p.Stack)
		ok = false
	}
	ds := CheckWith(context.Background(), cfg, testutil.EmbeddedIndex(t), Options{OnPanic: onPanic})
	checkSpans(t, cfg, ds)
	return result{cfg, ds}, ok
}

// checkAllFixes checks the fix property on every fix of every diagnostic of r (the configuration
// of env as it is now) and returns how many fixes it checked. name says which case r is.
func checkAllFixes(t *testing.T, env fixEnv, name string, r result) int {
	t.Helper()
	n := 0
	for _, d := range r.diags {
		for _, fx := range d.Fixes {
			n++
			paths := fixFiles(d, fx)
			texts := make([]string, len(paths))
			for i, p := range paths {
				texts[i] = r.cfg.File(p).Text()
				env.ws.SetOverlay(p, applyFix(d, p, texts[i], fx))
			}
			after, ok := env.check(t, name+", after "+fx.Title)
			for i, p := range paths {
				env.ws.SetOverlay(p, texts[i])
			}
			if !ok {
				continue
			}
			if msg := fixBreaks(r, after, d, fx); msg != "" {
				t.Errorf("%s: %q on %s: %s\nafter the fix:\n%s", name, fx.Title, describeDiag(r.cfg, d), msg, strings.Join(after.lines(), "\n"))
			}
		}
	}
	return n
}

// fixBreaks returns how the fix fx of d, checked before (r) and after (after), breaks the fix
// property, or "".
func fixBreaks(r, after result, d finding.Diagnostic, fx finding.Fix) string {
	var problems []string
	var before []finding.Diagnostic // the syntax errors not matched yet
	for _, o := range r.diags {
		if o.Code == finding.CodeSyntax {
			before = append(before, o)
		}
	}
	for _, o := range after.diags {
		if o.Code != finding.CodeSyntax {
			continue
		}
		i := slices.IndexFunc(before, func(b finding.Diagnostic) bool { return b.Path == o.Path && b.Message == o.Message })
		if i < 0 {
			i = slices.IndexFunc(before, func(b finding.Diagnostic) bool {
				return b.Path == o.Path && carry(b.Span.Start, b.Span.End, editsIn(d, b.Path, fx)) == [2]int32{o.Span.Start, o.Span.End}
			})
		}
		if i < 0 {
			problems = append(problems, "new syntax error: "+describeDiag(after.cfg, o))
			continue
		}
		before = slices.Delete(before, i, i+1)
	}
	moved := carry(d.Span.Start, d.Span.End, editsIn(d, d.Path, fx))
	atPlace := func(o finding.Diagnostic, sp [2]int32) bool {
		return o.Path == d.Path && o.Code == d.Code && meets(o.Span.Start, o.Span.End, sp[0], sp[1])
	}
	was := countFunc(r.diags, func(o finding.Diagnostic) bool { return atPlace(o, [2]int32{d.Span.Start, d.Span.End}) })
	is := countFunc(after.diags, func(o finding.Diagnostic) bool { return atPlace(o, moved) })
	if is >= was {
		problems = append(problems, fmt.Sprintf("the diagnostic is still there (%d of code %s at its place, %d before)", is, d.Code, was))
	}
	errs := map[finding.Code]int{}
	for _, o := range r.diags {
		if o.Severity == finding.Error && !atPlace(o, [2]int32{d.Span.Start, d.Span.End}) {
			errs[o.Code]++
		}
	}
	for _, o := range after.diags {
		if o.Severity != finding.Error || atPlace(o, moved) {
			continue
		}
		if errs[o.Code] == 0 {
			problems = append(problems, "new error: "+describeDiag(after.cfg, o))
			continue
		}
		errs[o.Code]--
	}
	return strings.Join(problems, "; ")
}

// carry returns where the range start to end of a text lies after edits (non-overlapping) are
// applied to it: a bound inside an edit moves to that edit's start (start) or the end of its new
// text (end), so the range keeps covering what replaced its part; text inserted at a bound is
// taken into the range.
func carry(start, end int32, edits []finding.Edit) [2]int32 {
	ns, ne := start, end
	for _, e := range edits {
		delta := int32(len(e.NewText)) - (e.Span.End - e.Span.Start)
		switch {
		case e.Span.End <= start && e.Span.Start < start:
			ns += delta
		case e.Span.Start < start:
			ns -= start - e.Span.Start
		}
		switch {
		case e.Span.End <= end:
			ne += delta
		case e.Span.Start < end:
			ne += e.Span.Start - end + int32(len(e.NewText))
		}
	}
	return [2]int32{ns, max(ns, ne)}
}

// meets reports whether the ranges a and b share a byte, or an empty one lies within (or at a
// bound of) the other.
func meets(as, ae, bs, be int32) bool {
	if as == ae || bs == be {
		return as <= be && bs <= ae
	}
	return as < be && bs < ae
}

func TestCarry(t *testing.T) {
	tests := []struct {
		name       string
		start, end int32
		edits      []finding.Edit
		want       [2]int32
	}{
		{"edit before", 10, 15, []finding.Edit{{Span: grammar.Span{Start: 2, End: 4}, NewText: "abcd"}}, [2]int32{12, 17}},
		{"edit after", 10, 15, []finding.Edit{{Span: grammar.Span{Start: 20, End: 22}, NewText: ""}}, [2]int32{10, 15}},
		{"the range replaced", 10, 15, []finding.Edit{{Span: grammar.Span{Start: 10, End: 15}, NewText: "ab"}}, [2]int32{10, 12}},
		{"the range deleted", 10, 15, []finding.Edit{{Span: grammar.Span{Start: 8, End: 16}, NewText: ""}}, [2]int32{8, 8}},
		{"insertion at the start", 10, 15, []finding.Edit{{Span: grammar.Span{Start: 10, End: 10}, NewText: "read "}}, [2]int32{10, 20}},
		{"edit across the start", 10, 15, []finding.Edit{{Span: grammar.Span{Start: 8, End: 12}, NewText: "x"}}, [2]int32{8, 12}},
		{"edit inside", 10, 15, []finding.Edit{{Span: grammar.Span{Start: 11, End: 12}, NewText: "xyz"}}, [2]int32{10, 17}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := carry(tt.start, tt.end, tt.edits); got != tt.want {
				t.Errorf("carry = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestGoldenFixes checks the fix property on every fix of every golden case and quick-fix golden
// case.
func TestGoldenFixes(t *testing.T) {
	n := 0
	for _, p := range append(txtar.Glob(t, goldenArchives), txtar.Glob(t, fixArchives)...) {
		a := txtar.Read(t, p)
		env := fixEnv{workspace.New(testutil.NewMemFS(a.Sources())), testutil.Root}
		if r, ok := env.check(t, p); ok {
			n += checkAllFixes(t, env, filepath.Base(p), r)
		}
	}
	t.Logf("%d fixes checked", n)
	if n < 30 {
		t.Errorf("only %d fixes in the golden cases: is the scan broken?", n)
	}
}

// corpusDirs returns the directories of the shared corpus that hold .crn files, and the files.
func corpusDirs(t *testing.T) (dirs []string, files []string) {
	t.Helper()
	files = corpus.Files(t)
	for _, f := range files {
		if d := filepath.Dir(f); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs, files
}

// TestFixPropertyCorpus checks the fix property on every fix of every directory of the corpus,
// each checked as a whole configuration.
func TestFixPropertyCorpus(t *testing.T) {
	dirs, _ := corpusDirs(t)
	ws := workspace.New(workspace.OSFS{})
	n := 0
	for _, dir := range dirs {
		env := fixEnv{ws, dir}
		if r, ok := env.check(t, dir); ok {
			n += checkAllFixes(t, env, dir, r)
		}
	}
	t.Logf("%d fixes checked over %d directories", n, len(dirs))
}

// TestFixPropertyMutations checks the fix property on every fix of the configurations of the
// corpus with one file mutated (testutil.Mutations: a few seeded mutations of each file; more with
// testutil.MutationsEnv).
func TestFixPropertyMutations(t *testing.T) {
	_, files := corpusDirs(t)
	root := corpus.Shared(t, "corpus")
	ws := workspace.New(workspace.OSFS{})
	n, cases := 0, 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, path)
		env := fixEnv{ws, filepath.Dir(path)}
		for j, m := range testutil.Mutations(t, rel, string(data), suite.Scale(fixMutations/5, fixMutations)) {
			ws.SetOverlay(path, m.Text)
			name := fmt.Sprintf("%s, mutation %d (%s)", rel, j, m.Desc)
			if r, ok := env.check(t, name); ok {
				n += checkAllFixes(t, env, name, r)
				cases++
			}
		}
		ws.ClearOverlay(path)
	}
	t.Logf("%d fixes checked over %d mutations", n, cases)
	if n < 100 {
		t.Errorf("only %d fixes over the mutations: is the corpus there?", n)
	}
}
