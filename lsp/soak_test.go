package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/schema"
)

// soakFiles is the configuration the soak types, in the order it types the files: a provider, a
// certificate with its DNS validation, a bucket, two waits and a CloudFront distribution reading
// them. It ends with one warning (an unused let) and one error (a wait whose until uses !=).
var soakFiles = []struct{ name, text string }{
	{"providers.crn", `# Providers of the registry stack.
provider aws {
  region = aws.Region.us_east_1
}
`},
	{"main.crn", `let cert = aws.acm.Certificate {
  domain_name       = 'registry.carina-rs.dev'
  validation_method = dns
}

let validation_record = aws.route53.RecordSet {
  hosted_zone_id   = 'Z0123456789'
  name             = cert.domain_validation_options[0].resource_record.name
  type             = cname
  ttl              = 60
  resource_records = [cert.domain_validation_options[0].resource_record.value]
}

let logs = aws.s3.Bucket {
  bucket = 'registry-logs'
}

let unused_name = 'registry'
`},
	{"wait.crn", `# The distribution must not use the certificate before ACM has issued it.
let cert_issued = wait cert {
  until      = cert.status == aws.acm.Certificate.Status.Issued
  depends_on = [validation_record]
  timeout    = 75min
}

let logs_ready = wait logs {
  until   = logs.bucket != ''
  timeout = 5min
}
`},
	{"cdn.crn", `awscc.cloudfront.Distribution {
  distribution_config = {
    enabled = true

    default_cache_behavior = {
      target_origin_id       = 'registry'
      viewer_protocol_policy = redirect_to_https
    }

    viewer_certificate = {
      acm_certificate_arn      = cert_issued.certificate_arn
      ssl_support_method       = sni_only
      minimum_protocol_version = tlsv1_2_2021
    }

    logging = {
      bucket = logs_ready.bucket
    }
  }
}
`},
}

// soakPace is how fast the soak types.
type soakPace struct {
	keystroke time.Duration // between keystrokes
	pause     time.Duration // after each statement (a blank line) and each file
	debounce  time.Duration // the server's
}

// TestSoakTyping types soakFiles from empty files to the end, keystroke by keystroke (with a typo
// corrected now and then), requesting completion after each "." and "= " and hover every 30
// keystrokes, pausing after each statement. When the files are saved, the diagnostics published
// for each must equal those of `carina-lsp check` on them, and the heap (after a collection) must
// be back within 10% of its size after the first full analysis.
//
// In the normal suite it types at 1ms a keystroke with a 20ms debounce; CARINA_SOAK=1 types at
// the 20ms with the server's default debounce and longer pauses (about a minute).
func TestSoakTyping(t *testing.T) {
	pace := soakPace{keystroke: time.Millisecond, pause: 40 * time.Millisecond, debounce: 20 * time.Millisecond}
	if os.Getenv("CARINA_SOAK") == "1" {
		pace = soakPace{keystroke: 20 * time.Millisecond, pause: 500 * time.Millisecond, debounce: 150 * time.Millisecond}
	}
	bin := buildCarina(t)
	dir := t.TempDir()
	for _, f := range soakFiles {
		writeFile(t, filepath.Join(dir, f.name), "")
	}
	c := startServer(t, Options{
		Debounce: pace.debounce,
		Logger:   zaptest.NewLogger(t, zaptest.Level(zap.ErrorLevel)),
	})
	c.initialize(dir, protocol.ClientCapabilities{TextDocument: &protocol.TextDocumentClientCapabilities{
		Completion: &protocol.CompletionTextDocumentClientCapabilities{CompletionItem: &protocol.CompletionTextDocumentClientCapabilitiesItem{SnippetSupport: true}},
	}})
	latest := map[protocol.DocumentURI]publishDiagnosticsParams{}
	publishes := 0
	drain := func() {
		c.mu.Lock()
		notes := c.notes
		c.notes = nil // the client keeps only the last diagnostics of each document
		c.mu.Unlock()
		for _, n := range notes {
			if n.method != "textDocument/publishDiagnostics" {
				continue
			}
			var p publishDiagnosticsParams
			if err := json.Unmarshal(n.params, &p); err != nil {
				t.Fatal(err)
			}
			latest[p.URI] = p
			publishes++
		}
	}
	uris := map[string]protocol.DocumentURI{}
	for _, f := range soakFiles {
		uris[f.name] = uriOf(filepath.Join(dir, f.name))
		c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uris[f.name], LanguageID: "carina", Version: 1, Text: ""}})
	}
	waitFirstAnalysis(t, c.srv, dir)
	drain()
	// The embedded schemas decode a type on its first lookup, a cache bounded by the embedded
	// data: fill it before the baseline, so that the growth measured is what typing leaves.
	// A struct's fields are decoded on their first use too (hover, completion): every type's
	// decoded as well.
	if idx, err := c.srv.schemas.Base(); err == nil {
		seen := map[*schema.Type]bool{}
		for _, h := range idx.ResourceTypes("") {
			decodeTypes(idx.Resource(h), seen)
		}
		for _, h := range idx.DataSourceTypes("") {
			decodeTypes(idx.DataSource(h), seen)
		}
	}
	baseline := settledHeap()

	var (
		wg                sync.WaitGroup
		lmu               sync.Mutex
		completion, hover []time.Duration
		peak              uint64
	)
	ask := func(kind string, method string, params any) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			var raw json.RawMessage
			if err := c.call(method, params, &raw); err != nil && rpcCode(err) != protocol.CodeRequestCancelled {
				t.Errorf("%s: %v", method, err)
			}
			lmu.Lock()
			defer lmu.Unlock()
			if kind == "completion" {
				completion = append(completion, time.Since(start))
			} else {
				hover = append(hover, time.Since(start))
			}
		}()
	}
	start := time.Now()
	keystrokes := 0
	next := time.Now()
	key := func() {
		keystrokes++
		next = next.Add(pace.keystroke)
		time.Sleep(time.Until(next))
		if keystrokes%200 == 0 {
			drain()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
	}
	pause := func() {
		time.Sleep(pace.pause)
		next = time.Now()
	}
	for _, f := range soakFiles {
		uri := uris[f.name]
		doc := protocol.TextDocumentIdentifier{URI: uri}
		v := int32(1)
		line, col := 0, 0
		typed := ""
		for i, r := range f.text {
			at := pos(uint32(line), uint32(col))
			if i%37 == 36 && r != '\n' {
				// A typo, corrected at once.
				v++
				c.notify("textDocument/didChange", insertAt(uri, v, at, "q"))
				key()
				v++
				c.notify("textDocument/didChange", &didChangeParams{TextDocument: versioned(uri, v), ContentChanges: []contentChange{{Range: &protocol.Range{Start: at, End: pos(uint32(line), uint32(col+1))}, Text: ""}}})
				key()
			}
			v++
			c.notify("textDocument/didChange", insertAt(uri, v, at, string(r)))
			typed += string(r)
			if r == '\n' {
				line, col = line+1, 0
			} else {
				col += utf16Len(string(r))
			}
			cur := protocol.TextDocumentPositionParams{TextDocument: doc, Position: pos(uint32(line), uint32(col))}
			if r == '.' || r == ' ' && strings.HasSuffix(typed, "= ") {
				ask("completion", "textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: cur})
			}
			if keystrokes%30 == 0 && col > 4 {
				ask("hover", "textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc, Position: pos(uint32(line), uint32(col-3))}})
			}
			key()
			if strings.HasSuffix(typed, "\n\n") {
				pause()
			}
		}
		// The notifications are not answered: wait for the server to have applied the last.
		for deadline := time.Now().Add(hangLimit); c.srv.docs.get(uri).Version != v && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
		if got := c.srv.docs.get(uri).Text; got != f.text {
			t.Fatalf("%s after typing:\n got %q\nwant %q", f.name, got, f.text)
		}
		pause()
	}
	typing := time.Since(start)
	wg.Wait()

	// Save, then the published diagnostics must settle on check's.
	for _, f := range soakFiles {
		writeFile(t, filepath.Join(dir, f.name), f.text)
		c.notify("textDocument/didSave", &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uris[f.name]}})
	}
	want := checkDiagnostics(t, bin, dir)
	var got map[string][]string
	deadline := time.Now().Add(hangLimit)
	for {
		drain()
		got = map[string][]string{}
		for _, f := range soakFiles {
			got[f.name] = diagKeys(latest[uris[f.name]].Diagnostics)
		}
		if sameDiagnosticsByFile(got, want) || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !sameDiagnosticsByFile(got, want) {
		t.Errorf("published diagnostics differ from check's:\npublished: %q\ncheck:     %q", got, want)
	}
	end := heapAfterGC()
	slices.Sort(completion)
	slices.Sort(hover)
	t.Logf("typed %d keystrokes in %v (%v a keystroke, pauses %v, debounce %v); %d publishes", keystrokes, typing.Round(time.Millisecond), pace.keystroke, pace.pause, pace.debounce, publishes)
	t.Logf("completion: %d requests, median %v, p95 %v, max %v", len(completion), pct(completion, 50), pct(completion, 95), pct(completion, 100))
	t.Logf("hover: %d requests, median %v, p95 %v, max %v", len(hover), pct(hover, 50), pct(hover, 95), pct(hover, 100))
	// The documents typed are held, parsed and analysed at the end, as they should be: what
	// typing must not leave behind shows once they are emptied again, as at the baseline.
	const emptied = 1 << 20
	for _, f := range soakFiles {
		c.notify("textDocument/didChange", &didChangeParams{TextDocument: versioned(uris[f.name], emptied), ContentChanges: []contentChange{{Text: ""}}})
	}
	for deadline := time.Now().Add(hangLimit); ; time.Sleep(10 * time.Millisecond) {
		drain()
		done := true
		for _, f := range soakFiles {
			p := latest[uris[f.name]]
			done = done && p.Version != nil && *p.Version == emptied
		}
		if done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no diagnostics of the emptied documents")
		}
	}
	again := settledHeap()
	t.Logf("heap: %.1f MiB after the first full analysis, %.1f MiB at the end with the typed documents, %.1f MiB with them emptied again (%+.1f%%), peak sampled %.1f MiB",
		mib(baseline), mib(end), mib(again), 100*(float64(again)/float64(baseline)-1), mib(peak))
	if float64(again) > 1.10*float64(baseline) {
		t.Errorf("heap with the documents emptied again %.1f MiB is more than 10%% above its %.1f MiB after the first full analysis of them empty", mib(again), mib(baseline))
	}
}

// waitFirstAnalysis waits until the server has run the semantic check of dir once.
func waitFirstAnalysis(t *testing.T, s *Server, dir string) {
	t.Helper()
	deadline := time.Now().Add(hangLimit)
	for time.Now().Before(deadline) {
		s.pub.mu.Lock()
		n := 0
		for _, f := range soakFiles {
			if _, ok := s.pub.semantic[filepath.Join(dir, f.name)]; ok {
				n++
			}
		}
		s.pub.mu.Unlock()
		if n == len(soakFiles) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the first analysis did not finish within %v", hangLimit)
}

// settledHeap is the least of five heapAfterGC samples 100 ms apart: what is live once the work
// still winding down (a debounced check, the symbol index, an earlier test's server shutting
// down: goroutines this test does not wait for) has let go, which a single sample on a loaded
// machine counts as kept.
func settledHeap() uint64 {
	least := heapAfterGC()
	for range 4 {
		time.Sleep(100 * time.Millisecond)
		least = min(least, heapAfterGC())
	}
	return least
}

func heapAfterGC() uint64 {
	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

func mib(n uint64) float64 { return float64(n) / (1 << 20) }

// pct returns the p-th percentile of sorted durations.
func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	return ds[min(len(ds)-1, len(ds)*p/100)].Round(10 * time.Microsecond)
}

// buildCarina builds the carina-lsp binary into a temporary directory. It opens the repository
// first, so that go test's cache counts the binary's sources (./cmd/carina-lsp is not in this
// test binary) as inputs of this package's tests.
func buildCarina(t *testing.T) string {
	t.Helper()
	if err := suite.Tree(".."); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "carina-lsp")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/carina-lsp")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// checkDiagnostics runs `carina-lsp check -format json` on dir and returns its diagnostics by
// file name, rendered like diagKeys.
func checkDiagnostics(t *testing.T, bin, dir string) map[string][]string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangLimit)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, "check", "-format", "json", "-severity", "info", dir).Output()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		t.Fatalf("check: %v\n%s", err, out)
	}
	var ds []struct {
		File  string `json:"file"`
		Range struct {
			Start, End struct{ Line, Character int }
		} `json:"range"`
		Severity string `json:"severity"`
		Code     string `json:"code"`
		Message  string `json:"message"`
	}
	if err := json.Unmarshal(out, &ds); err != nil {
		t.Fatalf("check's output: %v\n%s", err, out)
	}
	sev := map[string]int{"error": 1, "warning": 2, "info": 3, "hint": 4}
	got := map[string][]string{}
	for _, d := range ds {
		r := d.Range
		got[filepath.Base(d.File)] = append(got[filepath.Base(d.File)], fmt.Sprintf("%d:%d-%d:%d %d %v %s", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character, sev[d.Severity], d.Code, d.Message))
	}
	return got
}

// sameDiagnosticsByFile compares diagnostics by file, in any order.
func sameDiagnosticsByFile(a, b map[string][]string) bool {
	norm := func(m map[string][]string) string {
		var out []string
		for f, ds := range m {
			for _, d := range ds {
				out = append(out, f+" "+d)
			}
		}
		slices.Sort(out)
		return strings.Join(out, "\n")
	}
	return norm(a) == norm(b)
}

// decodeTypes decodes the fields of every type reachable from r's attributes.
func decodeTypes(r *schema.Resource, seen map[*schema.Type]bool) {
	if r == nil {
		return
	}
	var walk func(t *schema.Type)
	walk = func(t *schema.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		walk(t.Element)
		walk(t.Key)
		walk(t.Value)
		for _, m := range t.Fields() {
			walk(m.Type)
		}
	}
	for _, m := range r.Attributes {
		walk(m.Type)
	}
}
