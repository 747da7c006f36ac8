package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// largePull is one workspace/diagnostic over a large root by a pulling client with one file open.
type largePull struct {
	byFile        map[string][]string // path: its findings, "line:col code message", sorted
	files         int                 // the files reported
	firstPartial  time.Duration       // request → the first partial result received
	total         time.Duration       // request → the answer
	again         time.Duration       // the same pull again with the result ids: request → answer
	partials      int
	heap          float64 // MiB the server holds after the pull (its session, the reports kept)
	heapNoReports float64 // the same once the reports are dropped
	pullPerFile   float64 // bytes the pull cache holds a file
	indexPerFile  float64 // bytes the symbol index holds a file
}

func pullLarge(tb testing.TB, root, open string) largePull {
	before := heapNow()
	c := startServerTB(tb, Options{Debounce: 150 * time.Millisecond})
	c.initializePull(root)
	text, err := os.ReadFile(open)
	if err != nil {
		tb.Fatal(err)
	}
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uriOf(open), LanguageID: "carina", Version: 1, Text: string(text)}})
	c.indexed()
	seen := c.mark()
	var out largePull
	answered := make(chan error, 1)
	start := time.Now()
	go func() {
		var res workspaceDiagnosticReport
		answered <- c.call("workspace/diagnostic", &workspaceDiagnosticParams{PreviousResultIDs: []previousResultID{}, PartialResultToken: json.RawMessage(`"large"`)}, &res)
	}()
	for done := false; !done; {
		select {
		case err := <-answered:
			if err != nil {
				tb.Fatal(err)
			}
			out.total, done = time.Since(start), true
		case <-c.arrived:
			if out.firstPartial == 0 {
				c.mu.Lock()
				for _, n := range c.notes[seen:] {
					if n.method == "$/progress" {
						out.firstPartial = time.Since(start)
						break
					}
				}
				c.mu.Unlock()
			}
		}
	}
	out.byFile = map[string][]string{}
	ids := map[protocol.DocumentURI]string{}
	c.mu.Lock()
	for _, n := range c.notes[seen:] {
		if n.method != "$/progress" {
			continue
		}
		var pr struct {
			Value struct {
				Items []pullReport `json:"items"`
			} `json:"value"`
		}
		if err := json.Unmarshal(n.params, &pr); err != nil {
			tb.Fatal(err)
		}
		out.partials++
		for _, r := range pr.Value.Items {
			out.files++
			path := pathOf(r.URI)
			if _, dup := out.byFile[path]; dup {
				tb.Errorf("%s reported twice", path)
			}
			out.byFile[path] = []string{}
			ids[r.URI] = r.ResultID
			for _, d := range r.Items {
				out.byFile[path] = append(out.byFile[path], fmt.Sprintf("%d:%d %s %s", d.Range.Start.Line+1, d.Range.Start.Character+1, d.Code, d.Message))
			}
			slices.Sort(out.byFile[path])
		}
	}
	c.notes = nil // what the client received is not the server's heap
	c.mu.Unlock()
	out.again = pullAgain(tb, c, ids, out.files)
	ids = nil
	withAll := heapNow()
	out.heap = float64(withAll-before) / (1 << 20)
	c.srv.pulls.mu.Lock()
	kept := len(c.srv.pulls.dirs)
	c.srv.pulls.mu.Unlock()
	c.srv.pulls.invalidateAll()
	noReports := heapNow()
	out.heapNoReports = float64(noReports-before) / (1 << 20)
	out.pullPerFile = float64(withAll-noReports) / float64(out.files)
	c.srv.index.mu.Lock()
	clear(c.srv.index.byDir) // the server is not asked for symbols again
	c.srv.index.mu.Unlock()
	out.indexPerFile = float64(noReports-heapNow()) / float64(out.files)
	// The open file's configuration stays, with what its check reads (the configuration above a
	// module, for the provider versions it pins): a handful, not the root's thousand.
	if st := c.srv.ws.Stats(); st.Configs > 3 || kept < 1000 {
		tb.Errorf("after the pull the workspace holds %d configurations (one file open), the cache %d directories' reports", st.Configs, kept)
	}
	_ = c.conn.Close()
	<-c.done
	return out
}

// pullAgain pulls the workspace again with the result ids of the first pull (as VS Code does
// every few seconds): every file must be unchanged, answered from the reports kept. It returns
// the time from request to answer.
func pullAgain(tb testing.TB, c *testClient, ids map[protocol.DocumentURI]string, files int) time.Duration {
	var prev []previousResultID
	for u, id := range ids {
		prev = append(prev, previousResultID{URI: u, Value: id})
	}
	var again struct {
		Items []pullReport `json:"items"`
	}
	start := time.Now()
	if err := c.call("workspace/diagnostic", &workspaceDiagnosticParams{PreviousResultIDs: prev}, &again); err != nil {
		tb.Fatal(err)
	}
	took := time.Since(start)
	unchanged := 0
	for _, r := range again.Items {
		if r.Kind == reportUnchanged {
			unchanged++
		}
	}
	if unchanged != files || len(again.Items) != files {
		tb.Errorf("pulled again: %d of %d reports unchanged, %d files", unchanged, len(again.Items), files)
	}
	c.mu.Lock()
	c.notes = nil
	c.mu.Unlock()
	return took
}

// checkTree is what `carina-lsp check` reports for a tree, computed as it does: every directory
// holding .crn files (hidden ones and node_modules skipped) checked on its own, with a statement
// memo of its own, in a workspace that forgets each once checked; each finding under its file.
func checkTree(tb testing.TB, root string) map[string][]string {
	ctx := context.Background()
	ws := workspace.New(workspace.OSFS{})
	var sources schema.Sources
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !workspace.IsSource(p) {
			return nil
		}
		if out[p] == nil {
			out[p] = []string{}
		}
		if dir := filepath.Dir(p); out[dir+string(filepath.Separator)] == nil {
			out[dir+string(filepath.Separator)] = []string{} // the directory, once
			cfg, err := ws.Config(ctx, dir)
			if err != nil {
				return err
			}
			idx, err := sources.ForDir(dir)
			if err != nil {
				return err
			}
			for _, x := range diagnostics.CheckWith(ctx, cfg, idx, diagnostics.Options{Memo: diagnostics.NewMemo()}) {
				f := cfg.File(x.Path)
				if f == nil {
					tb.Errorf("check of %s: a finding in %s, no file of the configuration", dir, x.Path)
					continue
				}
				l, c := f.Lines.UTF16(int(x.Span.Start))
				out[x.Path] = append(out[x.Path], fmt.Sprintf("%d:%d %s %s", l+1, c+1, x.Code, x.Message))
			}
			ws.Forget(dir)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	for k, v := range out {
		if strings.HasSuffix(k, string(filepath.Separator)) {
			delete(out, k)
			continue
		}
		slices.Sort(v)
	}
	return out
}

// TestLargeWorkspaceDiagnostics pulls the workspace diagnostics of the root of over 1,000
// configuration directories (BenchmarkLargeWorkspace's): every file is reported once, with
// exactly the findings `check` of the same tree lists, in partial results. The time to the first
// partial result, to the answer, and the heap are logged (BenchmarkLargeWorkspaceDiagnostics
// reports them).
func TestLargeWorkspaceDiagnostics(t *testing.T) {
	suite.Long(t, "writes a workspace of 1,000 directories")
	root, open := largeRoot(t, 1000)
	got := pullLarge(t, root, open)
	want := checkTree(t, root)
	if d := cmp.Diff(want, got.byFile); d != "" {
		t.Errorf("workspace diagnostics differ from check (-check +pull):\n%s", d)
	}
	n := 0
	for _, v := range want {
		n += len(v)
	}
	t.Logf("%d files (%d findings) in %d partial results; first after %v, answer after %v; again (all unchanged) %v; heap %.1f MiB (%.1f without the reports kept); a file: %.0f B in the pull cache, %.0f B in the symbol index",
		got.files, n, got.partials, got.firstPartial, got.total, got.again, got.heap, got.heapNoReports, got.pullPerFile, got.indexPerFile)
	if got.partials < 2 {
		t.Errorf("%d partial results for %d files", got.partials, got.files)
	}
}

// BenchmarkLargeWorkspaceDiagnostics reports, for workspace/diagnostic over the root of over
// 1,000 configuration directories with one file open: the time to the first partial result
// (first-partial-ms, target ≤ 500), to the answer (all-ms), to the answer of the same pull with
// the result ids it gave (again-ms: every file unchanged, from the reports kept), and the heap the server holds after
// it, its session and the reports kept (heap-MiB), and without the reports (heap-no-reports-MiB:
// what the push path holds, the open configuration and the symbol index).
func BenchmarkLargeWorkspaceDiagnostics(b *testing.B) {
	root, open := largeRoot(b, 1000)
	var first, all, again []time.Duration
	var heap, bare, pullB, indexB float64
	for b.Loop() {
		p := pullLarge(b, root, open)
		first, all, again, heap, bare = append(first, p.firstPartial), append(all, p.total), append(again, p.again), p.heap, p.heapNoReports
		pullB, indexB = p.pullPerFile, p.indexPerFile
	}
	median := func(ds []time.Duration) float64 {
		slices.Sort(ds)
		return float64(ds[len(ds)/2].Microseconds()) / 1000
	}
	b.ReportMetric(median(first), "first-partial-ms")
	b.ReportMetric(median(all), "all-ms")
	b.ReportMetric(median(again), "again-ms")
	b.ReportMetric(heap, "heap-MiB")
	b.ReportMetric(bare, "heap-no-reports-MiB")
	b.ReportMetric(pullB, "pull-cache-B/file")
	b.ReportMetric(indexB, "symbol-index-B/file")
}
