package lsp

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/plan"
	"github.com/carina-rs/carina-lsp/state"
)

var backendRE = regexp.MustCompile(`(?ms)^backend \w+ \{.*?^\}\n`)

// BenchmarkTypingState measures what a local state file costs a keystroke (issue #36): the
// concatenated corpus (10,000 lines) opened in two configurations, one without a state file and
// one with a state file that holds every named resource as applied (its written scalar values;
// the others differ, so the plan has updates and replacements to find). Each iteration types one
// character into both, at the same place, and measures in each the keystroke to its syntax
// diagnostics, the semantic check (which now plans), the code lenses and the hover on a
// resource's header. Reported: the medians of both,
// and their ratios (state/none), measured in the same run.
func BenchmarkTypingState(b *testing.B) {
	src, lines := corpus.Concat(b, 10000)
	// The corpus's backend blocks name remote backends, whose state is never read: both sides
	// are the same configuration without them, the state file beside it.
	src = backendRE.ReplaceAllString(src, "")
	type side struct {
		dir  string
		uri  protocol.DocumentURI
		c    *testClient
		v    int32
		syn  []time.Duration
		sem  []time.Duration
		lens []time.Duration
		hov  []time.Duration
	}
	open := func(withState bool) *side {
		s := &side{dir: b.TempDir(), v: 1}
		path := filepath.Join(s.dir, "main.crn")
		writeFileB(b, path, src)
		s.c = startServerB(b, Options{Debounce: time.Hour})
		s.c.initialize(s.dir, protocol.ClientCapabilities{})
		s.uri = uriOf(path)
		s.c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: s.uri, LanguageID: "carina", Version: 1, Text: src}})
		s.c.waitDiagnostics(s.uri, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 1 })
		if withState {
			writeFileB(b, filepath.Join(s.dir, state.DefaultFile), appliedState(b, s.c.srv, s.dir))
		}
		if _, err := s.c.srv.checkDir(b.Context(), s.dir); err != nil {
			b.Fatal(err)
		}
		return s
	}
	none, with := open(false), open(true)
	cfg, idx, err := with.c.srv.config(b.Context(), with.dir)
	if err != nil {
		b.Fatal(err)
	}
	pd := with.c.srv.sess.Plan(b.Context(), cfg, idx)
	if pd.Plan == nil {
		b.Fatalf("no plan with the state file: %v", pd.Err)
	}
	planned := len(pd.Plan.Resources)
	// A resource header near the edit, for hover.
	header := protocol.Position{}
	for _, r := range pd.Plan.Resources {
		if r.File != nil && r.Stmt != nil {
			if l := uint32(r.File.Lines.Line(int(r.Stmt.Offset))); l > uint32(lines/2) {
				header = protocol.Position{Line: l, Character: 0}
				break
			}
		}
	}
	line := uint32(lines / 2)
	step := func(s *side, i int) {
		s.v++
		at := protocol.Position{Line: line, Character: uint32(i % 40)}
		from := s.c.mark()
		start := time.Now()
		s.c.notify("textDocument/didChange", &didChangeParams{
			TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: s.uri}, Version: s.v},
			ContentChanges: []contentChange{{Range: &protocol.Range{Start: at, End: at}, Text: "#"}},
		})
		v := s.v
		s.c.waitDiagnosticsFrom(from, s.uri, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == v })
		s.syn = append(s.syn, time.Since(start))
		start = time.Now()
		if _, err := s.c.srv.checkDir(b.Context(), s.dir); err != nil {
			b.Fatal(err)
		}
		s.sem = append(s.sem, time.Since(start))
		start = time.Now()
		if err := s.c.call("textDocument/codeLens", &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: s.uri}}, nil); err != nil {
			b.Fatal(err)
		}
		s.lens = append(s.lens, time.Since(start))
		start = time.Now()
		hp := protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: s.uri}, Position: header}
		if err := s.c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: hp}, nil); err != nil {
			b.Fatal(err)
		}
		s.hov = append(s.hov, time.Since(start))
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		// Alternating which goes first, so that neither always runs on a warmer cache.
		if i%2 == 0 {
			step(none, i)
			step(with, i)
		} else {
			step(with, i)
			step(none, i)
		}
	}
	b.StopTimer()
	median := func(ds []time.Duration) float64 {
		ds = slices.Clone(ds)
		slices.Sort(ds)
		return float64(ds[len(ds)/2].Microseconds()) / 1000
	}
	b.ReportMetric(float64(planned), "resources")
	b.ReportMetric(median(none.syn), "syntax-none-ms")
	b.ReportMetric(median(with.syn), "syntax-state-ms")
	b.ReportMetric(median(none.sem), "semantic-none-ms")
	b.ReportMetric(median(with.sem), "semantic-state-ms")
	b.ReportMetric(median(with.sem)/median(none.sem), "semantic-state/none")
	b.ReportMetric(median(none.lens), "lens-none-ms")
	b.ReportMetric(median(with.lens), "lens-state-ms")
	b.ReportMetric(median(none.hov), "hover-none-ms")
	b.ReportMetric(median(with.hov), "hover-state-ms")
}

// appliedState writes a state file holding every named resource of the configuration with its
// written scalar values, as an apply of it would have left them.
func appliedState(b *testing.B, srv *Server, dir string) string {
	cfg, idx, err := srv.config(b.Context(), dir)
	if err != nil {
		b.Fatal(err)
	}
	p, err := plan.Compute(b.Context(), plan.Input{Config: cfg, Info: cfg.Types(idx), Schemas: plan.IndexSchemas{Index: idx}})
	if err != nil {
		b.Fatal(err)
	}
	rows := []map[string]any{}
	seen := map[string]bool{}
	for _, r := range p.Resources {
		if r.Binding == "" || seen[r.Binding] {
			continue
		}
		seen[r.Binding] = true
		attrs, children := map[string]any{}, map[string]any{}
		for _, a := range r.Desired {
			switch a.Value.Kind {
			case plan.Str:
				attrs[a.Name] = a.Value.Text
			case plan.Int:
				attrs[a.Name] = a.Value.Int
			case plan.Bool:
				attrs[a.Name] = a.Value.Bool
			default:
				continue
			}
			children[a.Name] = map[string]any{"kind": "leaf"}
		}
		rows = append(rows, map[string]any{"resource_type": r.Type, "identity": r.Binding, "binding": r.Binding, "provider": r.Provider,
			"identifier": "id-" + r.Binding, "attributes": attrs, "explicit": map[string]any{"kind": "struct", "children": children}})
	}
	out, err := json.Marshal(map[string]any{"version": state.Current, "serial": 1, "lineage": "l", "carina_version": "0.4.0", "resources": rows})
	if err != nil {
		b.Fatal(err)
	}
	return string(out)
}
