package reliability

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/lsp"
)

// Hostile and odd input: each case is one main.crn, run through `check`, `fmt -w` and the
// language server. Nothing may panic or hang (every run has a time limit against hangs), memory
// stays within a few times what an ordinary configuration of the same size takes in the same run,
// the diagnostics say what is wrong where, and the formatter never writes a file that does not
// parse.

// diag is one diagnostic of `check -format json`.
type diag struct {
	File  string `json:"file"`
	Range struct {
		Start, End struct{ Line, Character int }
	} `json:"range"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

func (d diag) String() string {
	return fmt.Sprintf("%d:%d %s %s %s", d.Range.Start.Line+1, d.Range.Start.Character+1, d.Severity, d.Code, d.Message)
}

// hostileCase is one input.
type hostileCase struct {
	name   string
	src    func() []byte
	parses bool // the file has no syntax error: the formatter formats it
	// expect checks check's diagnostics of the file.
	expect func(t *testing.T, src []byte, ds []diag)
	// onDisk: the text the server gets differs from the file (invalid UTF-8 cannot travel in
	// JSON: the client sends U+FFFD), so its diagnostics are not compared with check's.
	notJSONSafe bool
}

// certificates returns clean certificate resources up to n bytes.
func certificates(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "aws.acm.Certificate {\n  domain_name       = 'r%d.carina-rs.dev'\n  validation_method = dns\n}\n\n", i)
	}
	return b.Bytes()
}

// config is a small configuration with one warning and one error, in a given line ending.
func config(eol string) []byte {
	return []byte(strings.ReplaceAll("let unused = 'x'\n\nlet cert = aws.acm.Certificate {\n  domain_nam        = 'é😀.carina-rs.dev'\n  validation_method = dns\n}\n\nlet c2 = cert.arn\nlet c3 = c2\n", "\n", eol))
}

// hostileCases returns the cases, the large ones at 1/div of their size: 10 in short mode (a
// 1 MB file, 10,000 lines), 1 in long mode (10 MB, 100,000 lines).
func hostileCases(div int) []hostileCase {
	lines := 100000 / div
	tail := "let tail = aws.acm.Certificate {\n  domain_nam        = 'tail.carina-rs.dev'\n  validation_method = dns\n}\n\nlet tail_arn = tail.arn\nlet tail_ref = tail_arn\n"
	one := func(code string, line, col int) func(*testing.T, []byte, []diag) {
		return func(t *testing.T, _ []byte, ds []diag) {
			t.Helper()
			for _, d := range ds {
				if d.Code == code && d.Range.Start.Line+1 == line && d.Range.Start.Character+1 == col {
					return
				}
			}
			t.Errorf("no %s at %d:%d in %v", code, line, col, ds)
		}
	}
	return []hostileCase{
		{
			name:   size(10<<20/div) + " file",
			src:    func() []byte { return append(certificates(10<<20/div), tail...) },
			parses: true,
			expect: func(t *testing.T, src []byte, ds []diag) {
				lines := bytes.Count(src, []byte("\n"))
				one("unknown-attribute", lines-5, 3)(t, src, ds) // domain_nam, near the end
			},
		},
		{
			name: thousands(lines) + "-line file",
			src: func() []byte {
				var b bytes.Buffer
				for i := range lines {
					fmt.Fprintf(&b, "let v%d = %d\n", i, i)
				}
				return b.Bytes()
			},
			parses: true,
			expect: func(t *testing.T, src []byte, ds []diag) {
				if len(ds) != lines || ds[lines-1].Code != "unused-let" || ds[lines-1].Range.Start.Line != lines-1 {
					t.Errorf("%d diagnostics, want %d unused-let, the last on the last line", len(ds), lines)
				}
			},
		},
		{
			name: thousands(lines) + "-statement dependency chain",
			src: func() []byte {
				var b bytes.Buffer
				b.WriteString("let v0 = 0\n")
				for i := 1; i < lines; i++ {
					fmt.Fprintf(&b, "let v%d = v%d\n", i, i-1)
				}
				return b.Bytes()
			},
			parses: true,
			expect: func(t *testing.T, src []byte, ds []diag) {
				if len(ds) != 1 || ds[0].Code != "unused-let" || ds[0].Range.Start.Line != lines-1 {
					t.Errorf("%v, want one unused-let on the last line", ds)
				}
			},
		},
		{
			name: "single " + size(1<<20/div) + " line",
			src: func() []byte {
				var b bytes.Buffer
				b.WriteString("let big = [")
				for i := 0; b.Len() < 1<<20/div; i++ {
					fmt.Fprintf(&b, "%d, ", i)
				}
				b.WriteString("missing_name.attr]\n")
				return b.Bytes()
			},
			parses: true,
			expect: func(t *testing.T, src []byte, ds []diag) {
				col := bytes.Index(src, []byte("missing_name")) + 1
				one("undefined-binding", 1, col)(t, src, ds)
			},
		},
		{
			name: "single " + size(1<<20/div) + " line of non-ASCII strings",
			src: func() []byte {
				var b bytes.Buffer
				b.WriteString("let big = [")
				for b.Len() < 1<<20/div {
					b.WriteString("'é😀', ")
				}
				b.WriteString("missing_name.attr]\n")
				return b.Bytes()
			},
			parses: true,
			expect: func(t *testing.T, src []byte, ds []diag) {
				n := bytes.Count(src, []byte("'é😀', "))
				one("undefined-binding", 1, len("let big = [")+7*n+1)(t, src, ds) // 7 UTF-16 units an item
			},
		},
		{
			name: "invalid UTF-8",
			src:  func() []byte { return []byte("let s = 'ok \xff\xfe'\n# a comment \x80\nlet \xc3x = 1\n") },
			expect: func(t *testing.T, src []byte, ds []diag) {
				one("syntax", 1, 13)(t, src, ds) // in the string
				one("syntax", 2, 13)(t, src, ds) // in the comment
				one("syntax", 3, 5)(t, src, ds)  // in the code
				for _, d := range ds[:2] {
					if !strings.Contains(d.Message, "UTF-8") {
						t.Errorf("message %q does not say UTF-8", d.Message)
					}
				}
			},
			notJSONSafe: true,
		},
		{
			name: "NUL bytes",
			src:  func() []byte { return []byte("let s = 'a\x00b'\n# \x00\nlet n = 1\x00\nlet m = n\n") },
			expect: func(t *testing.T, src []byte, ds []diag) {
				one("syntax", 3, 10)(t, src, ds)
				if len(ds) == 0 || !strings.Contains(ds[0].Message, `\x00`) {
					t.Errorf("%v: the NUL in the code is not named", ds)
				}
			},
		},
		{
			name: "UTF-8 BOM",
			src:  func() []byte { return append([]byte("\ufeff"), config("\n")...) },
			expect: func(t *testing.T, src []byte, ds []diag) {
				one("syntax", 1, 1)(t, src, ds)
				if !strings.Contains(ds[0].Message, "byte order mark") {
					t.Errorf("message %q does not name the byte order mark", ds[0].Message)
				}
				one("unknown-attribute", 4, 3)(t, src, ds) // the rest is analysed
			},
		},
		{
			name:   "CRLF line endings",
			src:    func() []byte { return config("\r\n") },
			parses: true,
			expect: sameAsLF,
		},
		{
			name:   "lone CR line endings",
			src:    func() []byte { return config("\r") },
			parses: true,
			expect: sameAsLF,
		},
		{
			name: "10,000 nested braces",
			src: func() []byte {
				return []byte("let x = " + strings.Repeat("{ a = ", 10000) + "1" + strings.Repeat(" }", 10000) + "\nlet y = x\n")
			},
			expect: nestingTooDeep,
		},
		{
			name: "10,000 nested brackets and parentheses",
			src: func() []byte {
				return []byte("let x = " + strings.Repeat("[(", 5000) + "1" + strings.Repeat(")]", 5000) + "\nlet y = x\n")
			},
			expect: nestingTooDeep,
		},
		{
			name: "unterminated string at the top of a large file",
			src:  func() []byte { return append([]byte("let s = 'abc\n"), certificates(2<<20/div)...) },
			expect: func(t *testing.T, src []byte, ds []diag) {
				if len(ds) != 1 {
					t.Errorf("%d diagnostics, want only the unterminated string (the rest is fine): %v", len(ds), ds[:min(len(ds), 5)])
				}
				one("syntax", 1, 9)(t, src, ds)
			},
		},
		{
			name: "unterminated block comment at the top of a large file",
			src:  func() []byte { return append([]byte("/* never closed\n"), certificates(2<<20/div)...) },
			expect: func(t *testing.T, src []byte, ds []diag) {
				if len(ds) != 1 || !strings.Contains(ds[0].Message, "unterminated block comment") {
					t.Errorf("%v, want only the unterminated comment", ds[:min(len(ds), 5)])
				}
				one("syntax", 1, 1)(t, src, ds)
			},
		},
	}
}

// sameAsLF checks that the diagnostics of a configuration with other line endings are those of
// its LF version: same lines and (UTF-16) columns.
func sameAsLF(t *testing.T, src []byte, ds []diag) {
	t.Helper()
	want := checkJSON(t, writeTemp(t, config("\n")))
	if a, b := render(ds), render(want); !slices.Equal(a, b) {
		t.Errorf("diagnostics %q, with LF %q", a, b)
	}
	if len(ds) < 2 {
		t.Errorf("too few diagnostics: %v", ds)
	}
}

func nestingTooDeep(t *testing.T, src []byte, ds []diag) {
	t.Helper()
	if len(ds) == 0 || ds[0].Code != "syntax" || !strings.Contains(ds[0].Message, "nesting too deep") {
		t.Errorf("%v, want nesting too deep first", ds)
	}
	if len(ds) > 3 {
		t.Errorf("%d diagnostics for one nesting problem: %v", len(ds), ds)
	}
}

// size names a size in bytes: 10 MB, 102 KB.
func size(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}

// thousands writes n with a comma every three digits: 100,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func render(ds []diag) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.String()
	}
	return out
}

// writeTemp writes src as main.crn of a new directory and returns the directory.
func writeTemp(t *testing.T, src []byte) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "main.crn"), src)
	return dir
}

// checkJSON runs check -format json on a directory and returns its diagnostics.
func checkJSON(t *testing.T, dir string) []diag {
	t.Helper()
	r := run(t, time.Minute, "", "check", "-format", "json", "-severity", "info", dir)
	if r.code != 0 && r.code != 1 {
		t.Fatalf("check exited %d:\n%s", r.code, r.stderr)
	}
	var ds []diag
	if err := json.Unmarshal([]byte(r.stdout), &ds); err != nil {
		t.Fatalf("check's output: %v", err)
	}
	return ds
}

// The memory bounds: a run's peak live heap on a hostile input is at most this many times the
// same run's on the reference, an ordinary configuration of the same size (clean certificate
// resources) run just before it. Hostile input may cost more (the 100,000-line file has 100,000
// diagnostics to print or publish) but not without bound: the quadratic cases this guards against
// cost hundreds of times more. A ratio measured in the same run holds on a busy machine, where a
// bound in MiB did not (a 591 MiB peak against 535 MiB, with the machine shared). check of the
// 100,000-statement chain is the closest, at 5.6-5.9 on a quiet machine (a statement of 15 bytes
// costs what one of the reference's resources does) and once 6.3 on a busy one, where the
// collector's timing moves the peak; 8 leaves that room.
const (
	heapRatio       = 8 // check and fmt
	serverHeapRatio = 6 // the server, with the answers to the requests an editor sends on opening
	// heapFloor is where both sizes start: the GC trace counts whole MB, and a small process may
	// end before its first collection (0 MB), so below this the sizes are not told apart.
	heapFloor = 4 << 20
)

// TestHostileInput runs every hostile case through check, fmt and the server; in short mode the
// large cases at a tenth of their size.
func TestHostileInput(t *testing.T) {
	for _, hc := range hostileCases(suite.Scale(10, 1)) {
		t.Run(hc.name, func(t *testing.T) {
			src := hc.src()
			ref := certificates(len(src))
			dir := writeTemp(t, src)
			path := filepath.Join(dir, "main.crn")
			var ds []diag
			t.Run("check", func(t *testing.T) {
				refDir := writeTemp(t, ref)
				var r result
				heapWithin(t, "check", len(src), heapRatio, func() (got, reference int64) {
					rr := run(t, time.Minute, "", "check", "-format", "json", "-severity", "info", refDir)
					r = run(t, time.Minute, "", "check", "-format", "json", "-severity", "info", dir)
					return r.peakLive, rr.peakLive
				})
				if r.code != 0 && r.code != 1 {
					t.Fatalf("check exited %d:\n%s", r.code, r.stderr)
				}
				if err := json.Unmarshal([]byte(r.stdout), &ds); err != nil {
					t.Fatalf("check's output: %v", err)
				}
				t.Logf("check: %v, peak heap %d MiB (live %d MiB), exit %d, %d diagnostics", r.took.Round(time.Millisecond), r.peakHeap>>20, r.peakLive>>20, r.code, len(ds))
				hc.expect(t, src, ds)
			})
			t.Run("fmt", func(t *testing.T) { fmtOne(t, src, ref, hc.parses) })
			t.Run("server", func(t *testing.T) {
				heapWithin(t, "the server", len(src), serverHeapRatio, func() (got, reference int64) {
					refPath := filepath.Join(writeTemp(t, ref), "main.crn")
					r := serveOne(t, hostileCase{name: "reference", parses: true}, refPath, ref, nil)
					return serveOne(t, hc, path, src, ds), r
				})
			})
		})
	}
}

// heapWithin fails the test unless measure's peak heap on the hostile input (got) is within
// ratio times its peak on the reference, in one of three tries (see suite.Ratio).
func heapWithin(t *testing.T, what string, n int, ratio float64, measure func() (got, reference int64)) {
	t.Helper()
	var got, ref int64
	best, all := suite.Ratio(3, ratio, func() (float64, float64) {
		got, ref = measure()
		return float64(max(got, heapFloor)), float64(max(ref, heapFloor))
	})
	t.Logf("%s: peak live heap %d MiB, %.2f times the %d MiB of an ordinary configuration of the same size", what, got>>20, best, ref>>20)
	if best > ratio {
		t.Errorf("%s: the peak live heap for %d KiB of input was %.1f times that of an ordinary configuration of the same size at best (tries: %.1f); the bound is %v", what, n>>10, best, all, ratio)
	}
}

// fmtOne runs `fmt -w` on a copy of src: a file that does not parse is left byte for byte (and
// no temporary file is left beside it), with the errors as path:line:col; a file that parses
// is formatted, and formatting it again changes nothing. Its heap is bounded against fmt -w on
// a copy of ref.
func fmtOne(t *testing.T, src, ref []byte, parses bool) {
	var dir, path string
	var before os.FileInfo
	var r result
	heapWithin(t, "fmt", len(src), heapRatio, func() (got, reference int64) {
		rr := run(t, time.Minute, "", "fmt", "-w", filepath.Join(writeTemp(t, ref), "main.crn"))
		dir = writeTemp(t, src)
		path = filepath.Join(dir, "main.crn")
		before, _ = os.Stat(path)
		r = run(t, time.Minute, "", "fmt", "-w", path)
		return r.peakLive, rr.peakLive
	})
	t.Logf("fmt -w: %v, peak heap %d MiB (live %d MiB), exit %d", r.took.Round(time.Millisecond), r.peakHeap>>20, r.peakLive>>20, r.code)
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("fmt left files beside the input: %v", entries)
	}
	after := readText(t, path)
	if !parses {
		if r.code != 2 || !strings.Contains(r.stderr, path+":1:") && !strings.Contains(r.stderr, path+":") {
			t.Errorf("fmt -w on a file with syntax errors: exit %d, stderr %q", r.code, truncate(r.stderr))
		}
		info, _ := os.Stat(path)
		if after != string(src) || !info.ModTime().Equal(before.ModTime()) {
			t.Error("fmt -w wrote a file that does not parse")
		}
		// The same through standard input: nothing on standard output.
		if r := run(t, time.Minute, string(src), "fmt"); r.code != 2 || r.stdout != "" {
			t.Errorf("fmt on standard input: exit %d, %d bytes out", r.code, len(r.stdout))
		}
		return
	}
	if r.code != 0 {
		t.Fatalf("fmt -w exited %d: %s", r.code, truncate(r.stderr))
	}
	if r := run(t, time.Minute, "", "fmt", "-check", path); r.code != 0 {
		t.Errorf("formatting is not idempotent: fmt -check exits %d after fmt -w", r.code)
	}
}

func truncate(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// serveOne opens the file in the server: its diagnostics must be check's, want (at most 1,000 of
// them and a note of how many more), and every request on it must be answered; formatting a file
// that does not parse gives no edits. It returns the peak live heap of the process meanwhile. The
// reference (want nil) is only opened and asked.
func serveOne(t *testing.T, hc hostileCase, path string, src []byte, want []diag) int64 {
	runtime.GC()
	stop := samplePeakHeap()
	s := startSession(t, lsp.Options{})
	defer s.stop() // the next run's heap must not hold this one's
	s.initialize(filepath.Dir(path))
	start := time.Now()
	u := s.open(path, string(src))
	s.waitDiagnostics(time.Minute, u, func(p protocol.PublishDiagnosticsParams) bool { return p.Version == 1 })
	first := time.Since(start)
	var got protocol.PublishDiagnosticsParams
	switch {
	case want == nil:
		// The reference: its diagnostics are not the point; the requests below wait for its
		// analysis.
	case hc.notJSONSafe:
		got = s.waitDiagnostics(time.Minute, u, func(p protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	default:
		wantKeys := expectedPublished(want)
		got = s.waitDiagnostics(time.Minute, u, func(p protocol.PublishDiagnosticsParams) bool {
			return slices.Equal(publishedKeys(p.Diagnostics), wantKeys)
		})
	}
	all := time.Since(start)
	lines := uint32(bytes.Count(src, []byte("\n")))
	doc := protocol.TextDocumentIdentifier{URI: u}
	at := func(p protocol.Position) protocol.TextDocumentPositionParams {
		return protocol.TextDocumentPositionParams{TextDocument: doc, Position: p}
	}
	// The requests an editor sends on opening a file, and a few at the edges, one at a time (at
	// once, their answers would add up in the heap measured).
	var took []string
	for _, r := range []struct {
		method string
		params any
	}{
		{"textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: at(pos(0, 5))}},
		{"textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: at(pos(lines-1, 5))}},
		{"textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: at(pos(lines, 0))}},
		{"textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: at(pos(0, 1<<20))}},
		{"textDocument/definition", &protocol.DefinitionParams{TextDocumentPositionParams: at(pos(lines-1, 12))}},
		{"textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: doc}},
		{"textDocument/foldingRange", &protocol.FoldingRangeParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc}}},
		{"textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}},
		{"textDocument/formatting", &protocol.DocumentFormattingParams{TextDocument: doc}},
		{"textDocument/rangeFormatting", &protocol.DocumentRangeFormattingParams{TextDocument: doc, Range: protocol.Range{End: pos(lines+1, 0)}}},
	} {
		start := time.Now()
		var raw json.RawMessage
		if err := s.call(time.Minute, r.method, r.params, &raw); err != nil {
			t.Errorf("%s: %v", r.method, err)
			continue
		}
		took = append(took, fmt.Sprintf("%s %v", strings.TrimPrefix(r.method, "textDocument/"), time.Since(start).Round(time.Millisecond)))
		if strings.HasSuffix(r.method, "ormatting") && !hc.parses && string(raw) != "[]" {
			t.Errorf("formatting a document that does not parse gave edits: %.200s", raw)
		}
	}
	peak, live := stop()
	t.Logf("server (%s): first diagnostics %v, all %v (%d published), peak heap %d MiB (live %d MiB); %s", hc.name, first.Round(time.Millisecond), all.Round(time.Millisecond), len(got.Diagnostics), peak>>20, live>>20, strings.Join(took, ", "))
	return int64(live)
}

// expectedPublished renders what the server publishes for check's diagnostics: all of them up to
// 1,000, else the 1,000 most severe and a note.
func expectedPublished(ds []diag) []string {
	sev := map[string]int{"error": 1, "warning": 2, "info": 3, "hint": 4}
	kept := ds
	more := 0
	if len(ds) > 1000 {
		kept = slices.Clone(ds)
		slices.SortStableFunc(kept, func(a, b diag) int { return sev[a.Severity] - sev[b.Severity] })
		kept, more = kept[:1000], len(ds)-1000
	}
	out := make([]string, 0, len(kept)+1)
	for _, d := range kept {
		out = append(out, fmt.Sprintf("%d:%d-%d:%d %d %s %s", d.Range.Start.Line, d.Range.Start.Character, d.Range.End.Line, d.Range.End.Character, sev[d.Severity], d.Code, d.Message))
	}
	slices.Sort(out)
	if more > 0 {
		out = append(out, fmt.Sprintf("too-many-diagnostics %d", more))
	}
	return out
}

func publishedKeys(ds []protocol.Diagnostic) []string {
	out := make([]string, 0, len(ds))
	more := ""
	for _, d := range ds {
		if d.Code == "too-many-diagnostics" {
			var n int
			fmt.Sscanf(d.Message, "%d more", &n)
			more = fmt.Sprintf("too-many-diagnostics %d", n)
			continue
		}
		r := d.Range
		out = append(out, fmt.Sprintf("%d:%d-%d:%d %d %v %s", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character, int(d.Severity), d.Code, d.Message))
	}
	slices.Sort(out)
	if more != "" {
		out = append(out, more)
	}
	return out
}

// samplePeakHeap samples the heap every 10ms until the returned function is called, which
// returns the largest HeapAlloc seen and the largest live heap (what the last collection marked;
// see gcTrace for why that one is bounded).
func samplePeakHeap() func() (peak, live uint64) {
	var mu sync.Mutex
	var peak, live uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			metrics.Read(sample)
			mu.Lock()
			peak = max(peak, ms.HeapAlloc)
			live = max(live, sample[0].Value.Uint64())
			mu.Unlock()
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() (uint64, uint64) {
		close(done)
		<-stopped
		mu.Lock()
		defer mu.Unlock()
		return peak, live
	}
}
