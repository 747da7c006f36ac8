package lsp

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/fix"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
)

var updateFixes = flag.Bool("update", false, "rewrite the want main.crn sections of ../fix/testdata/*.txtar from the fix engine's output (review every change you accept)")

// The fix golden tests: each ../fix/testdata/*.txtar archive is one mistake with a quick fix in
// main.crn of a configuration otherwise clean (other files may join it: modules/net/main.crn,
// upstream/org/exports.crn), and the text main.crn has once it is fixed:
//
//	what the case shows (free text)
//	code: <the diagnostic's code>
//	unsafe: true                       (only when the fix is a suggestion, not safe)
//	-- main.crn --
//	...
//	-- want main.crn --
//	...
//
// The same text must come from the fix engine (what `check -fix` runs, with -unsafe-fixes for a
// suggestion; cmd/carina-lsp runs the command itself on the same archives and checks that no error
// or warning remains), from the quick-fix code action on the diagnostic, and, for a safe fix, from
// the fix-all code action (which must offer nothing for a suggestion); after it, the diagnostic is
// gone and no code has more diagnostics than before. Every code whose diagnostics carry a fix in
// the checks' golden cases has an archive, one with a safe fix and one with a suggestion when it
// has both; docs/cli.md lists the codes from these archives (cmd/carina-lsp keeps it true).
// -update rewrites the want sections from the engine.
func TestFixGolden(t *testing.T) {
	covered := map[fixKind]bool{}
	txtar.Run(t, filepath.Join("..", "fix", "testdata", "*.txtar"), func(t *testing.T, path string, a *txtar.Archive) {
		code := finding.Code(a.Option("code"))
		unsafe := a.Option("unsafe") == "true"
		covered[fixKind{code, !unsafe}] = true
		files := a.Sources()
		want, ok := a.Get("want main.crn")
		if code == "" || !ok {
			t.Fatal("an archive needs a code: header and a want main.crn section")
		}
		dir := writeFiles(t, files)
		main := filepath.Join(dir, "main.crn")

		// The engine, as check -fix runs it.
		ws := workspace.New(workspace.OSFS{})
		idx := testutil.EmbeddedIndex(t)
		before := diagnosticsOf(t, ws, dir)
		if countCode(before, code) == 0 {
			t.Fatalf("no %s diagnostic before the fix: %v", code, codes(before))
		}
		res, err := fix.Config(context.Background(), ws, dir, idx, fix.Options{Unsafe: unsafe, Check: diagnostics.Check})
		if err != nil {
			t.Fatal(err)
		}
		if *updateFixes {
			want = res.Texts[main]
			a.Set("want main.crn", want)
			if err := os.WriteFile(path, []byte(a.Format()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if diff := cmp.Diff(want, res.Texts[main]); diff != "" {
			t.Errorf("the fix engine (-want +got):\n%s", diff)
		}
		after := diagnosticsOf(t, ws, dir)
		if countCode(after, code) >= countCode(before, code) {
			t.Errorf("%s is still reported after the fix: %v", code, codes(after))
		}
		for c, n := range codes(after) {
			if n > codes(before)[c] {
				t.Errorf("the fix adds a %s diagnostic: before %v, after %v", c, codes(before), codes(after))
			}
		}

		// Through the server: the quick fix of the diagnostic, and fix-all.
		c := startServer(t, Options{Debounce: time.Hour})
		c.initialize(dir, protocol.ClientCapabilities{})
		uris := openAll(t, c, dir, files)
		doc := protocol.TextDocumentIdentifier{URI: uris["main.crn"]}
		lines := source.NewLines(files["main.crn"])
		var d *finding.Diagnostic
		for i := range before {
			if before[i].Code == code && before[i].Path == main && len(before[i].Fixes) > 0 {
				d = &before[i]
				break
			}
		}
		if d == nil {
			t.Fatalf("no %s diagnostic with a fix in main.crn", code)
		}
		if d.Fixes[0].Safe == unsafe {
			t.Errorf("%q is marked safe: %v, but the archive says unsafe: %v", d.Fixes[0].Title, d.Fixes[0].Safe, unsafe)
		}
		var actions []protocol.CodeAction
		r := toRange(lines, d.Span)
		if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: doc, Range: r,
			Context: protocol.CodeActionContext{Only: []protocol.CodeActionKind{protocol.QuickFix}}}, &actions); err != nil {
			t.Fatal(err)
		}
		quick := ""
		for _, act := range actions {
			if len(act.Diagnostics) == 1 && act.Diagnostics[0].Code == string(code) && act.Diagnostics[0].Range == r {
				quick = applyEdits(t, files["main.crn"], lines, act.Edit.Changes[doc.URI])
				break
			}
		}
		if diff := cmp.Diff(want, quick); diff != "" {
			t.Errorf("the quick fix code action (-want +got):\n%s", diff)
		}
		actions = nil
		if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: doc, Range: r,
			Context: protocol.CodeActionContext{Only: []protocol.CodeActionKind{"source.fixAll"}}}, &actions); err != nil {
			t.Fatal(err)
		}
		switch {
		case unsafe && len(actions) != 0:
			t.Errorf("fix-all applies a suggestion: %+v", actions)
		case !unsafe && len(actions) != 1:
			t.Errorf("fix-all: %d actions, want 1", len(actions))
		case !unsafe:
			if diff := cmp.Diff(want, applyEdits(t, files["main.crn"], lines, actions[0].Edit.Changes[doc.URI])); diff != "" {
				t.Errorf("fix-all (-want +got):\n%s", diff)
			}
		}
	})

	// Every code that carries a fix somewhere in the checks' golden cases has an archive, for its
	// safe fixes and for its suggestions.
	var missing []string
	for k := range fixCodes(t) {
		if !covered[k] {
			missing = append(missing, k.String())
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("codes with a fix but no fix golden archive: %s", strings.Join(missing, ", "))
	}
}

// fixKind is a code and whether a fix of it is safe.
type fixKind struct {
	code finding.Code
	safe bool
}

func (k fixKind) String() string {
	if k.safe {
		return string(k.code) + " (safe)"
	}
	return string(k.code) + " (unsafe: true)"
}

// diagnosticsOf checks the configuration of dir as ws has it.
func diagnosticsOf(t *testing.T, ws *workspace.Workspace, dir string) []finding.Diagnostic {
	t.Helper()
	cfg, err := ws.Config(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return diagnostics.Check(context.Background(), cfg, testutil.EmbeddedIndex(t))
}

func countCode(ds []finding.Diagnostic, code finding.Code) int { return codes(ds)[code] }

func codes(ds []finding.Diagnostic) map[finding.Code]int {
	out := map[finding.Code]int{}
	for _, d := range ds {
		out[d.Code]++
	}
	return out
}

// applyEdits applies LSP text edits to text, as a client does.
func applyEdits(t *testing.T, text string, lines *source.Lines, edits []protocol.TextEdit) string {
	t.Helper()
	var es []finding.Edit
	for _, e := range edits {
		es = append(es, finding.Edit{Span: spanOf(lines, e.Range), NewText: e.NewText})
	}
	out, err := fix.Edit(text, es)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// fixCodes returns the codes whose diagnostics carry a fix in the checks' golden cases, with
// whether the fix is safe.
func fixCodes(t *testing.T) map[fixKind]bool {
	out := map[fixKind]bool{}
	for _, pattern := range []string{"*.txtar", filepath.Join("fixes", "*.txtar")} {
		for _, p := range txtar.Glob(t, filepath.Join("..", "diagnostics", "testdata", pattern)) {
			a := txtar.Read(t, p)
			dir := a.Option("dir")
			cfg := testutil.Config(t, a.Sources(), testutil.Abs(dir))
			for _, d := range diagnostics.Check(context.Background(), cfg, testutil.EmbeddedIndex(t)) {
				for _, fx := range d.Fixes {
					out[fixKind{d.Code, fx.Safe}] = true
				}
			}
		}
	}
	return out
}
