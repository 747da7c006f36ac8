package lsp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/mutate"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
)

// TestPullPushCheckAgree edits corpus files through two servers, one whose client is pushed
// diagnostics and one whose client pulls them (as VS Code does), and at every step compares the
// edited file's diagnostics as pushed (once the semantic phase has published), as pulled, and as
// `check` finds them in the same text written to disk: one set of findings whichever way a user
// meets them. The edits are the corpus mutations (token-level ones that break the syntax and
// semantic ones), one on top of the other, then the original text back. Short mode: a small
// sample of the files; long mode: every third.
func TestPullPushCheckAgree(t *testing.T) {
	files := corpus.Files(t)
	base := corpus.Shared(t, "corpus")
	served := copyTree(t, base, files)  // the servers' workspace: edits live in their buffers
	checked := copyTree(t, base, files) // check's: each step's text is written here
	// Every third file (121 of 363, 605 steps; 20–30 s on 2 cores) in the long mode, every
	// sixtieth in the short one.
	step := 3
	if testing.Short() {
		step = 60
	}
	push := startServer(t, Options{Debounce: time.Millisecond})
	push.initialize(served, protocol.ClientCapabilities{})
	pull := startServer(t, Options{Debounce: time.Millisecond})
	pull.initializePull(served)

	steps := 0
	for i := 0; i < len(files); i += step {
		rel, err := filepath.Rel(base, files[i])
		if err != nil {
			t.Fatal(err)
		}
		orig, err := os.ReadFile(files[i])
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 0x707573))
		texts := []string{string(orig)}
		for range 3 {
			cur := texts[len(texts)-1]
			m, ok := mutate.Semantic(cur, rng)
			if !ok || rng.IntN(2) == 0 {
				m = mutate.One(cur, rng)
			}
			texts = append(texts, m.Text)
		}
		texts = append(texts, string(orig))

		uri := uriOf(filepath.Join(served, rel))
		dir := filepath.Dir(filepath.Join(served, rel))
		for _, c := range []*testClient{push, pull} {
			c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: texts[0]}})
		}
		for v, text := range texts {
			version := int32(v + 1)
			if v > 0 {
				edit := incrementalEdit(texts[v-1], text)
				for _, c := range []*testClient{push, pull} {
					c.notify("textDocument/didChange", &didChangeParams{TextDocument: versioned(uri, version), ContentChanges: []contentChange{edit}})
				}
			}
			what := fmt.Sprintf("%s, step %d of %d", rel, v, len(texts)-1)
			pushed := pushedNow(push, dir, uri, version, what)
			pulled := pull.pullDocument(uri, "").Items
			want := checkNow(t, checked, rel, text, served)
			if d := cmp.Diff(want, keysOf(pushed)); d != "" {
				t.Errorf("%s: pushed diagnostics differ from check's (-check +pushed):\n%s", what, d)
			}
			if d := cmp.Diff(want, keysOf(pulled)); d != "" {
				t.Errorf("%s: pulled diagnostics differ from check's (-check +pulled):\n%s", what, d)
			}
			steps++
		}
		for _, c := range []*testClient{push, pull} {
			c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}})
		}
		writeText(t, filepath.Join(checked, rel), string(orig))
	}
	t.Logf("%d edit steps compared three ways", steps)
}

// pushedNow returns the diagnostics the push client holds for uri once the semantic phase of
// dir has published for version.
func pushedNow(c *testClient, dir string, uri protocol.DocumentURI, version int32, what string) []protocol.Diagnostic {
	c.t.Helper()
	// A request answered after the edit's notification: the server has taken the edit and
	// scheduled its semantic phase, so "settled" below is about this version.
	if err := c.call("textDocument/foldingRange", &protocol.FoldingRangeParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}}, nil); err != nil {
		c.t.Fatal(err)
	}
	var last *publishDiagnosticsParams
	for _, p := range c.settledDiagnostics(dir) {
		if p.URI == uri {
			last = &p
		}
	}
	if last == nil || last.Version == nil || *last.Version != version {
		c.t.Fatalf("%s: no publish for version %d", what, version)
	}
	return last.Diagnostics
}

// checkNow writes text over rel in the checked tree and returns what check finds in rel's file,
// as the server converts it (paths in messages spelled as in the served tree).
func checkNow(t *testing.T, root, rel, text, served string) []string {
	t.Helper()
	path := filepath.Join(root, rel)
	writeText(t, path, text)
	ctx := context.Background()
	ws := workspace.New(workspace.OSFS{})
	cfg, err := ws.Config(ctx, filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	idx, err := ws.Schemas(ctx, &schema.Sources{}, cfg, &workspace.CallerMemo{})
	if err != nil {
		t.Fatal(err)
	}
	ds := diagnostics.CheckWith(ctx, cfg, idx, diagnostics.Options{Memo: diagnostics.NewMemo()})
	v := textView{path: path, text: text, lines: source.NewLines(text)}
	items := reportItems(documents{session.New(session.Options{}).Documents()}, v, ds, map[string]*source.Lines{})
	out := keysOf(items)
	for i := range out {
		out[i] = strings.ReplaceAll(out[i], root, served)
	}
	return out
}

// keysOf are what a user reads of each diagnostic, sorted.
func keysOf(ds []protocol.Diagnostic) []string {
	out := make([]string, 0, len(ds))
	for _, d := range ds {
		r := d.Range
		out = append(out, fmt.Sprintf("%d:%d-%d:%d %v %v %s", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character, d.Severity, d.Code, d.Message))
	}
	slices.Sort(out)
	return out
}

// incrementalEdit is the change from a to b as one range edit: the text between their common
// prefix and suffix.
func incrementalEdit(a, b string) contentChange {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	// Whole characters only: a range cuts no UTF-8 sequence.
	for p > 0 && p < len(a) && !utf8Start(a[p]) {
		p--
	}
	for s > 0 && len(a)-s < len(a) && !utf8Start(a[len(a)-s]) {
		s--
	}
	l := source.NewLines(a)
	rng := protocol.Range{Start: toPosition(l, p), End: toPosition(l, len(a)-s)}
	return contentChange{Range: &rng, Text: b[p : len(b)-s]}
}

func utf8Start(c byte) bool { return c&0xC0 != 0x80 }

// copyTree copies files (under base) to a new temporary directory and returns it.
func copyTree(t *testing.T, base string, files []string) string {
	t.Helper()
	root := t.TempDir()
	for _, f := range files {
		rel, err := filepath.Rel(base, f)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		writeText(t, filepath.Join(root, rel), string(b))
	}
	return root
}

func writeText(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
