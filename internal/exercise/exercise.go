// Package exercise owns driving the whole analysis of a configuration the way an editor does
// (Everything, Analyse, At): the model is built, every check runs, and at chosen offsets every
// feature of the language server answers (completion, hover, signature help, definition,
// references, highlights, prepare rename and rename, inlay hints, code actions from the
// diagnostics' fixes, semantic tokens, document and workspace symbols, folding, formatting and
// range formatting, selection ranges, the source edits of a file or folder rename). It checks the
// invariants every answer keeps (ranges inside their file, edits that apply) and returns the first broken one as an error. The robustness tests built on
// it live here: FuzzAnalyze, the typing replay, the mutation campaign and the damaged-tree test
// (TestOptionalNodes), with the agreement test of the cursor features over the corpus.
package exercise

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/carina-rs/carina-lsp/completion"
	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/fix"
	"github.com/carina-rs/carina-lsp/format"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/graph"
	"github.com/carina-rs/carina-lsp/hover"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/navigate"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/semantictokens"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Options says what to exercise.
type Options struct {
	Schemas *schema.Index // nil: without schemas
	Memo    *diagnostics.Memo
	// OnPanic hears of panics that a check or a provider contained (a test fails on them: a
	// contained panic is still a bug). Panics that are not contained propagate.
	OnPanic contain.Reporter
	// Offsets chooses the offsets of a file at which the cursor features answer; nil: Sample.
	Offsets func(f *workspace.File) []int
	// Light skips the features that cost a pass over the whole file for every call (formatting,
	// semantic tokens, symbols, folding, inlay hints, code actions): the typing replay asks them
	// only every 50th step.
	Light bool
}

// Result is what one exercise produced, for tests that compare runs.
type Result struct {
	Config      *workspace.Config
	Diagnostics []finding.Diagnostic
}

// Everything builds the configuration of dir in ws, runs every check on it and, at the offsets
// of each of its files, every feature. It returns the first broken invariant as an error.
func Everything(ctx context.Context, ws *workspace.Workspace, dir string, opts Options) (Result, error) {
	cfg, err := ws.Config(ctx, dir)
	if err != nil {
		return Result{}, err
	}
	return Analyse(ctx, cfg, opts)
}

// Analyse runs every check on a configuration and, at the offsets of each of its files, every
// feature. It returns the first broken invariant as an error.
func Analyse(ctx context.Context, cfg *workspace.Config, opts Options) (Result, error) {
	diags := diagnostics.CheckWith(ctx, cfg, opts.Schemas, diagnostics.Options{Memo: opts.Memo, OnPanic: opts.OnPanic})
	res := Result{Config: cfg, Diagnostics: diags}
	if err := checkDiagnostics(cfg, diags); err != nil {
		return res, err
	}
	offsets := opts.Offsets
	if offsets == nil {
		offsets = func(f *workspace.File) []int { return Sample(f, 16) }
	}
	for _, f := range cfg.Files {
		offs := offsets(f)
		for _, off := range offs {
			if err := At(ctx, cfg, f, off, opts); err != nil {
				return res, fmt.Errorf("%s at offset %d (%s): %w", f.Path, off, Where(f, off), err)
			}
		}
		if opts.Light {
			continue
		}
		if err := wholeFile(ctx, cfg, f, diags, opts); err != nil {
			return res, fmt.Errorf("%s: %w", f.Path, err)
		}
		// Range formatting formats the whole file each time: two ranges a file.
		for _, off := range offs[:min(2, len(offs))] {
			if err := checkRangeFormat(f.Text(), off, min(off+40, len(f.Text()))); err != nil {
				return res, fmt.Errorf("%s at offset %d (%s): %w", f.Path, off, Where(f, off), err)
			}
		}
	}
	if !opts.Light {
		if err := dependencyGraph(ctx, cfg, diags, opts); err != nil {
			return res, err
		}
		for _, s := range navigate.WorkspaceSymbols(ctx, []*workspace.Config{cfg}, "") {
			if err := inFile(cfg, s.Path, s.Span); err != nil {
				return res, fmt.Errorf("workspace symbol %q: %w", s.Name, err)
			}
		}
	}
	return res, nil
}

// At asks every cursor feature at byte offset off of f.
func At(ctx context.Context, cfg *workspace.Config, f *workspace.File, off int, opts Options) error {
	n := int32(len(f.Text()))
	for _, snippets := range []bool{true, false} {
		for _, it := range completion.Complete(ctx, cfg, f, off, opts.Schemas, completion.Options{Snippets: snippets, OnPanic: opts.OnPanic}) {
			if it.Label == "" {
				return fmt.Errorf("completion: an item without a label: %+v", it)
			}
			if !within(it.Edit, n) || !it.Edit.Contains(int32(off)) {
				return fmt.Errorf("completion %q: edit %v does not hold the cursor in a file of %d bytes", it.Label, it.Edit, n)
			}
		}
	}
	if h := hover.AtWith(ctx, cfg, f, off, opts.Schemas, hover.Options{OnPanic: opts.OnPanic}); h != nil {
		if !within(h.Span, n) || h.Markdown == "" {
			return fmt.Errorf("hover: span %v of a file of %d bytes, %d bytes of Markdown", h.Span, n, len(h.Markdown))
		}
	}
	prev := grammar.Span{Start: int32(off), End: int32(off)}
	for i, sp := range cursor.Selection(cfg, f, off, opts.Schemas) {
		if !within(sp, n) || sp.End <= sp.Start || !(sp.Start <= prev.Start && prev.End <= sp.End && sp != prev) {
			return fmt.Errorf("selection: step %d %v after %v in a file of %d bytes", i, sp, prev, n)
		}
		prev = sp
	}
	if sig := hover.SignatureAt(cfg, f, off, opts.Schemas); sig != nil {
		for _, p := range sig.Params {
			if !strings.Contains(sig.Label, p.Label) {
				return fmt.Errorf("signature %q: parameter %q is not in its label", sig.Label, p.Label)
			}
		}
	}
	for what, locs := range map[string][]navigate.Location{
		"definition": navigate.Definition(cfg, f, off),
		"references": navigate.References(cfg, f, off, true),
	} {
		for _, l := range locs {
			if err := inFile(cfg, l.Path, l.Span); err != nil {
				return fmt.Errorf("%s: %w", what, err)
			}
		}
	}
	for _, h := range navigate.Highlights(cfg, f, off) {
		if !within(h.Span, n) {
			return fmt.Errorf("highlight %v outside a file of %d bytes", h.Span, n)
		}
	}
	if sp, name, err := navigate.PrepareRename(cfg, f, off); err == nil {
		if !within(sp, n) || name == "" {
			return fmt.Errorf("prepare rename: span %v, name %q", sp, name)
		}
		edits, err := navigate.Rename(cfg, f, off, name+"_renamed")
		if err == nil {
			for path, es := range edits {
				if err := checkRenameEdits(cfg, path, es); err != nil {
					return fmt.Errorf("rename %q: %w", name, err)
				}
			}
		}
	}
	if node, ok := navigate.HierarchyAt(cfg, f, off); ok {
		for what, calls := range map[string][]navigate.Call{"incoming": navigate.Incoming(node), "outgoing": navigate.Outgoing(node)} {
			for _, c := range calls {
				if err := inFile(cfg, c.Node.Path, c.Node.Select); err != nil {
					return fmt.Errorf("%s call %s of %s: %w", what, c.Node.Name, node.Name, err)
				}
			}
		}
	}
	if opts.Light {
		return nil
	}
	sp := grammar.Span{Start: int32(max(off-40, 0)), End: min(int32(off+40), n)}
	if err := checkTokens(semantictokens.Tokens(cfg, f, &sp, opts.Schemas), n); err != nil {
		return fmt.Errorf("semantic tokens of %v: %w", sp, err)
	}
	return nil
}

// wholeFile asks the features that answer for a whole file.
func wholeFile(ctx context.Context, cfg *workspace.Config, f *workspace.File, diags []finding.Diagnostic, opts Options) error {
	n := int32(len(f.Text()))
	if err := checkTokens(semantictokens.Tokens(cfg, f, nil, opts.Schemas), n); err != nil {
		return fmt.Errorf("semantic tokens: %w", err)
	}
	semantictokens.Encode(f.Lines, semantictokens.Tokens(cfg, f, nil, opts.Schemas))
	for _, h := range hover.InlayHints(cfg, f, grammar.Span{Start: 0, End: n}, opts.Schemas) {
		if h.Offset < 0 || h.Offset > int(n) || h.Label == "" {
			return fmt.Errorf("inlay hint %+v in a file of %d bytes", h, n)
		}
	}
	if err := checkSymbols(navigate.DocumentSymbols(f), n); err != nil {
		return err
	}
	// A rename of the file's folder and one of the file: every source edit replaces a string
	// literal of the file with another.
	dir := filepath.Dir(f.Path)
	for _, r := range []navigate.PathRename{{From: dir, To: dir + "-renamed"}, {From: f.Path, To: filepath.Join(filepath.Dir(dir), "elsewhere", filepath.Base(f.Path))}} {
		for _, e := range navigate.SourceEdits(f, []navigate.PathRename{r}) {
			if !within(e.Span, n) || len(e.NewText) < 2 || e.NewText[0] != f.Text()[e.Span.Start] {
				return fmt.Errorf("source edit %+v for %+v in a file of %d bytes", e, r, n)
			}
		}
	}
	lines := f.Lines.Count()
	for _, fo := range navigate.FoldingRanges(f) {
		if fo.StartLine < 0 || fo.EndLine <= fo.StartLine || fo.EndLine >= lines {
			return fmt.Errorf("fold %+v in a file of %d lines", fo, lines)
		}
	}
	if out, err := format.Source(f.Text(), format.Options{}); err == nil {
		if pf := grammar.NewParser().Parse(out); len(pf.Errors) > 0 {
			return fmt.Errorf("formatting gives text that does not parse: %s", pf.Errors[0].Msg)
		}
	}
	return codeActions(f, diags)
}

// dependencyGraph draws the configuration's graph in every format (modules expanded) and asks
// the code lenses of each file and their locations: on a broken configuration too, each must
// answer without failing, and what it names must lie in the configuration's files.
func dependencyGraph(ctx context.Context, cfg *workspace.Config, diags []finding.Diagnostic, opts Options) error {
	g := graph.Build(cfg, opts.Schemas, graph.Options{ExpandModules: true, Problems: diags})
	for _, w := range []func(io.Writer) error{g.WriteDOT, g.WriteMermaid, g.WriteJSON, g.WriteOrder,
		func(w io.Writer) error { return g.WriteSVG(ctx, w, graph.SVGOptions{}) },
		func(w io.Writer) error {
			return g.WriteSVG(ctx, w, graph.SVGOptions{Direction: graph.TopToBottom, Theme: graph.Dark})
		}} {
		if err := w(io.Discard); err != nil {
			return fmt.Errorf("graph: %w", err)
		}
	}
	for _, e := range g.Edges {
		if g.Node(e.From) == nil || g.Node(e.To) == nil {
			return fmt.Errorf("graph: edge %s -> %s names a node the graph does not hold", e.From, e.To)
		}
	}
	for _, f := range cfg.Files {
		for _, l := range navigate.Lenses(cfg, f) {
			for _, what := range []string{"references", "dependents", "waits"} {
				for _, loc := range navigate.LensLocations(cfg, l.Decl, what) {
					if err := inFile(cfg, loc.Path, loc.Span); err != nil {
						return fmt.Errorf("lens %s of %s: %w", what, l.Decl.Name, err)
					}
				}
			}
		}
	}
	return nil
}

// codeActions applies every fix of the file's diagnostics, as a client applying a code action
// does: the edits must lie in the file and not overlap.
func codeActions(f *workspace.File, diags []finding.Diagnostic) error {
	for _, d := range diags {
		if d.Path != f.Path {
			continue
		}
		for _, fx := range d.Fixes {
			var mine []finding.Edit
			for _, e := range fx.Edits {
				if e.File(&d) == f.Path {
					mine = append(mine, e)
				}
			}
			if _, err := fix.Edit(f.Text(), mine); err != nil {
				return fmt.Errorf("fix %q of %s: %w", fx.Title, d.Code, err)
			}
		}
	}
	return nil
}

// checkDiagnostics checks that every diagnostic, related place and fix lies in its file.
func checkDiagnostics(cfg *workspace.Config, diags []finding.Diagnostic) error {
	for _, d := range diags {
		if err := inFile(cfg, d.Path, d.Span); err != nil {
			return fmt.Errorf("diagnostic %s %q: %w", d.Code, d.Message, err)
		}
		if d.Message == "" {
			return fmt.Errorf("diagnostic %s at %v: no message", d.Code, d.Span)
		}
		for _, r := range d.Related {
			if err := inFile(cfg, r.Path, r.Span); err != nil {
				return fmt.Errorf("diagnostic %s %q: related: %w", d.Code, d.Message, err)
			}
		}
		for _, fx := range d.Fixes {
			for _, e := range fx.Edits {
				if err := inFile(cfg, e.File(&d), e.Span); err != nil {
					return fmt.Errorf("diagnostic %s %q: fix %q: %w", d.Code, d.Message, fx.Title, err)
				}
			}
		}
	}
	return nil
}

// inFile checks that sp is a range of the file at path, a file of cfg or of a configuration it
// uses.
func inFile(cfg *workspace.Config, path string, sp grammar.Span) error {
	f := findFile(cfg, path, map[*workspace.Config]bool{})
	if f == nil {
		return fmt.Errorf("%v is in %s, which is no file of the configuration", sp, path)
	}
	if !within(sp, int32(len(f.Text()))) {
		return fmt.Errorf("%v lies outside %s (%d bytes)", sp, path, len(f.Text()))
	}
	return nil
}

func findFile(cfg *workspace.Config, path string, seen map[*workspace.Config]bool) *workspace.File {
	if cfg == nil || seen[cfg] {
		return nil
	}
	seen[cfg] = true
	if f := cfg.File(path); f != nil {
		return f
	}
	for _, imp := range cfg.Modules {
		if f := findFile(imp.Config, path, seen); f != nil {
			return f
		}
	}
	for _, imp := range cfg.Upstreams {
		if f := findFile(imp.Config, path, seen); f != nil {
			return f
		}
	}
	return nil
}

func within(sp grammar.Span, n int32) bool { return 0 <= sp.Start && sp.Start <= sp.End && sp.End <= n }

func checkRenameEdits(cfg *workspace.Config, path string, es []navigate.Edit) error {
	f := findFile(cfg, path, map[*workspace.Config]bool{})
	if f == nil {
		return fmt.Errorf("an edit in %s, no file of the configuration", path)
	}
	edits := make([]finding.Edit, len(es))
	for i, e := range es {
		edits[i] = finding.Edit{Span: e.Span, NewText: e.NewText}
	}
	_, err := fix.Edit(f.Text(), edits)
	return err
}

func checkTokens(toks []semantictokens.Token, n int32) error {
	end := int32(0)
	for _, t := range toks {
		if !within(t.Span, n) || t.Span.Start < end || t.Span.Start == t.Span.End {
			return fmt.Errorf("token %v after %d in a file of %d bytes", t.Span, end, n)
		}
		end = t.Span.End
	}
	return nil
}

func checkSymbols(syms []navigate.Symbol, n int32) error {
	for _, s := range syms {
		if s.Name == "" || !within(s.Span, n) || !within(s.NameSpan, n) {
			return fmt.Errorf("document symbol %+v in a file of %d bytes", s, n)
		}
		if err := checkSymbols(s.Children, n); err != nil {
			return err
		}
	}
	return nil
}

// checkRangeFormat formats the range and checks that the edit lies in the text and that a text
// that parsed still parses.
func checkRangeFormat(src string, start, end int) error {
	e, err := format.Range(src, start, end, format.Options{})
	if err != nil {
		return nil // a file with syntax errors is not formatted
	}
	if e.Start < 0 || e.Start > e.End || e.End > len(src) {
		return fmt.Errorf("range format of %d-%d: edit %d-%d of %d bytes", start, end, e.Start, e.End, len(src))
	}
	out := src[:e.Start] + e.Text + src[e.End:]
	if pf := grammar.NewParser().Parse(out); len(pf.Errors) > 0 {
		return fmt.Errorf("range format of %d-%d gives text that does not parse: %s: %q", start, end, pf.Errors[0].Msg, out)
	}
	return nil
}

// Where describes an offset of f for a failure message: its line and the text around it.
func Where(f *workspace.File, off int) string {
	src := f.Text()
	off = min(max(off, 0), len(src))
	from, to := max(off-30, 0), min(off+30, len(src))
	return fmt.Sprintf("line %d: %q|%q", f.Lines.Line(off)+1, src[from:off], src[off:to])
}
