package diagnostics

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/plan"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
)

// memOpener opens the state files of an archive (slash paths relative to testutil.Root).
type memOpener map[string]string

func (m memOpener) Open(p string) (io.ReadCloser, error) {
	text, ok := m[testutil.Rel(p)]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return io.NopCloser(strings.NewReader(text)), nil
}

// planOf plans a configuration against the state file among files, as the session's Plan does
// on disk (without its caches).
func planOf(files map[string]string) func(context.Context, *workspace.Config, *schema.Index) Planned {
	return func(ctx context.Context, cfg *workspace.Config, idx *schema.Index) Planned {
		loc := state.Locate(cfg)
		st, err := state.Load(ctx, memOpener(files), loc, 0)
		if err != nil || st == nil {
			return Planned{Loc: loc, Err: err}
		}
		in := plan.Input{Config: cfg, Info: cfg.Types(idx), State: st, Open: memOpener(files)}
		if idx != nil {
			in.Schemas = plan.IndexSchemas{Index: idx}
		}
		p, err := plan.Compute(ctx, in)
		return Planned{Plan: p, Loc: loc, Err: err}
	}
}

// result is one check run: the configuration and its diagnostics.
type result struct {
	cfg   *workspace.Config
	diags []finding.Diagnostic
}

// check builds the configuration of files (relative slash paths; root files form the
// configuration, subdirectories hold modules) and checks it against the embedded schemas.
func check(t testing.TB, files map[string]string) result {
	t.Helper()
	return checkDir(t, files, "")
}

// checkDir checks the configuration of dir below the root (the root for ""), with the schemas
// it chooses; a module directory the root uses inherits the root's choice.
func checkDir(t testing.TB, files map[string]string, dir string) result {
	t.Helper()
	cfg := testutil.Config(t, files, testutil.Root)
	idx, choices := testutil.ChosenIndex(t, files, cfg, nil)
	if dir != "" {
		mod := path.Join(testutil.Root, dir)
		inherited := choices
		if !slices.Contains(cfg.Pins().Modules, mod) {
			inherited = nil
		}
		cfg = testutil.Config(t, files, mod)
		idx, _ = testutil.ChosenIndex(t, files, cfg, inherited)
	}
	ds := CheckWith(context.Background(), cfg, idx, Options{Plan: planOf(files)})
	checkSpans(t, cfg, ds)
	return result{cfg, ds}
}

// pos formats a byte offset of f as 1-based line:column (byte column).
func pos(f *workspace.File, off int32) string {
	line, col := f.Lines.ByteColumn(int(off))
	return fmt.Sprintf("%d:%d", line+1, col+1)
}

// format renders a diagnostic as a want line: `file:line:col-line:col severity code message`.
func describeDiag(cfg *workspace.Config, d finding.Diagnostic) string {
	f := cfg.File(d.Path)
	if f == nil {
		return fmt.Sprintf("%s:?-? %s %s %s", testutil.Rel(d.Path), d.Severity, d.Code, d.Message)
	}
	return fmt.Sprintf("%s:%s-%s %s %s %s", testutil.Rel(d.Path), pos(f, d.Span.Start), pos(f, d.Span.End), d.Severity, d.Code,
		strings.ReplaceAll(d.Message, "\n", `\n`))
}

func (r result) lines() []string {
	out := make([]string, len(r.diags))
	for i, d := range r.diags {
		out[i] = describeDiag(r.cfg, d)
	}
	return out
}

// linesRelated is lines with each diagnostic's related places after it.
func (r result) linesRelated() []string {
	var out []string
	for _, d := range r.diags {
		out = append(out, describeDiag(r.cfg, d))
		for _, rel := range d.Related {
			place := testutil.Rel(rel.Path) + ":?-?"
			if f := fileRead(r.cfg, rel.Path); f != nil {
				place = fmt.Sprintf("%s:%s-%s", testutil.Rel(rel.Path), pos(f, rel.Span.Start), pos(f, rel.Span.End))
			}
			out = append(out, "  related "+place+" "+rel.Message)
		}
	}
	return out
}

// spanText is the text a diagnostic's range covers.
func (r result) spanText(d finding.Diagnostic) string {
	f := r.cfg.File(d.Path)
	return f.Text()[d.Span.Start:d.Span.End]
}

// without drops the diagnostics accepted by drop.
func (r result) without(drop func(finding.Diagnostic) bool) []finding.Diagnostic {
	return slices.DeleteFunc(slices.Clone(r.diags), drop)
}

// validSpan reports whether sp is a range of text on rune boundaries.
func validSpan(text string, start, end int32) bool {
	if start < 0 || end < start || int(end) > len(text) {
		return false
	}
	boundary := func(off int32) bool {
		return int(off) == len(text) || text[off]&0xC0 != 0x80
	}
	return boundary(start) && boundary(end)
}

// fileRead returns the file at path among those of the configuration and of the configurations
// it reads (its modules and upstream configurations), or nil.
func fileRead(cfg *workspace.Config, path string) *workspace.File {
	if f := cfg.File(path); f != nil {
		return f
	}
	for _, ic := range cfg.Imported() {
		if f := ic.File(path); f != nil {
			return f
		}
	}
	return nil
}

// checkSpans fails the test unless every diagnostic belongs to a file of the configuration, its
// range (and those of its fixes) lies within the file it names, its related information within a
// file the configuration or a module or upstream configuration it reads holds, and the
// diagnostics come sorted.
func checkSpans(t testing.TB, cfg *workspace.Config, ds []finding.Diagnostic) {
	t.Helper()
	for _, d := range ds {
		f := cfg.File(d.Path)
		if f == nil {
			t.Errorf("%s %s: the file is not part of the configuration", testutil.Rel(d.Path), d.Code)
			continue
		}
		if !validSpan(f.Text(), d.Span.Start, d.Span.End) {
			t.Errorf("%s %s: range %v is not within the file (%d bytes)", testutil.Rel(d.Path), d.Code, d.Span, len(f.Text()))
		}
		for _, r := range d.Related {
			rf := fileRead(cfg, r.Path)
			if rf == nil || !validSpan(rf.Text(), r.Span.Start, r.Span.End) {
				t.Errorf("%s %s: related %s %v is not within a file the configuration reads", testutil.Rel(d.Path), d.Code, testutil.Rel(r.Path), r.Span)
			}
		}
		for _, fx := range d.Fixes {
			for _, e := range fx.Edits {
				ef := cfg.File(e.File(&d))
				if ef == nil || !validSpan(ef.Text(), e.Span.Start, e.Span.End) {
					t.Errorf("%s %s: fix %q edits %s %v, outside the files of the configuration", testutil.Rel(d.Path), d.Code, fx.Title, testutil.Rel(e.File(&d)), e.Span)
				}
			}
		}
	}
	checkWaitPlacement(t, cfg, ds)
	if !slices.IsSortedFunc(ds, func(a, b finding.Diagnostic) int {
		if a.Path != b.Path {
			return strings.Compare(a.Path, b.Path)
		}
		return int(a.Span.Start - b.Span.Start)
	}) {
		t.Errorf("diagnostics are not sorted by file and position")
	}
}

// applyFix applies the edits of a fix of d that lie in the file path to its text (edits must not
// overlap).
func applyFix(d finding.Diagnostic, path, text string, fx finding.Fix) string {
	edits := editsIn(d, path, fx)
	slices.SortFunc(edits, func(a, b finding.Edit) int { return int(b.Span.Start - a.Span.Start) })
	for _, e := range edits {
		text = text[:e.Span.Start] + e.NewText + text[e.Span.End:]
	}
	return text
}

// editsIn returns the edits of a fix of d that lie in the file path.
func editsIn(d finding.Diagnostic, path string, fx finding.Fix) []finding.Edit {
	var out []finding.Edit
	for _, e := range fx.Edits {
		if e.File(&d) == path {
			out = append(out, e)
		}
	}
	return out
}

// fixFiles returns the files a fix of d edits, sorted.
func fixFiles(d finding.Diagnostic, fx finding.Fix) []string {
	var out []string
	for _, e := range fx.Edits {
		out = append(out, e.File(&d))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// checkWaitPlacement fails the test unless every diagnostic of a wait check (its message starts
// with `wait "<name>"`) lies in the file of that wait, within the wait's statement: a wait
// diagnostic never lands in another file of the directory. The bypass hint is about the reader,
// not the wait, and lands where the reader is.
func checkWaitPlacement(t testing.TB, cfg *workspace.Config, ds []finding.Diagnostic) {
	t.Helper()
	for _, d := range ds {
		if !strings.HasPrefix(string(d.Code), "wait-") || d.Code == finding.CodeWaitBypass {
			continue
		}
		name, ok := waitName(d.Message)
		if !ok {
			t.Errorf("%s: a wait diagnostic whose message does not start with wait \"<name>\"", describeDiag(cfg, d))
			continue
		}
		inside := false
		for _, w := range cfg.Waits {
			st := w.Decl.Stmt
			if w.Decl.Name == name && w.Decl.File.Path == d.Path && st.Offset <= d.Span.Start && d.Span.End <= st.End {
				inside = true
			}
		}
		if !inside {
			t.Errorf("%s: not within the statement of wait %q", describeDiag(cfg, d), name)
		}
	}
}

// waitName reads the wait's name off a wait diagnostic's message.
func waitName(msg string) (string, bool) {
	rest, ok := strings.CutPrefix(msg, `wait "`)
	if !ok {
		return "", false
	}
	name, _, ok := strings.Cut(rest, `"`)
	return name, ok
}
