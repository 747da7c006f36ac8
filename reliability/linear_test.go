package reliability

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/lsp"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Output linear in the input: a dependency cycle of n members gets n diagnostics, each with a
// message of bounded length (the cycle shortened past a few dozen members) and its two
// neighbours as related information, not n² names and related places. A 1,000-member cycle used
// to publish 187 MB after 9.5 s and `check -format json` printed 221 MB for 4,000 members.
//
// Time is bounded as a ratio measured in the same run: each path (check in process, the binary,
// the server's publish and a completion after it) on n members takes at most linearRatio times
// the CPU time it takes on n/10. Linear work takes about ten times as long (less: a process and
// the schemas cost the same for both), quadratic work a hundred times. CPU time, because on a
// busy machine a long run waits for a core more often than a short one, which inflates a ratio of
// wall times (40 times for linear work, with the suite running beside it); the bound on one
// absolute wall time that this replaces failed there too (2.24 s against 2 s for the binary).
const (
	linearRatio = 40
	// bytesPerMember bounds check's JSON output and the server's publish per diagnostic.
	bytesPerMember = 1000
)

// cycleSource is `let r0 = aws.s3.Bucket { bucket = r1.bucket }` ... with the last reading r0.
func cycleSource(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "let r%d = aws.s3.Bucket { bucket = r%d.bucket }\n", i, (i+1)%n)
	}
	return b.Bytes()
}

// chainSource is `let v0 = 0`, `let v1 = v0`, ...: no cycle, one unused binding at the end.
func chainSource(n int) []byte {
	var b bytes.Buffer
	b.WriteString("let v0 = 0\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "let v%d = v%d\n", i, i-1)
	}
	return b.Bytes()
}

// namingSource is `let Bucket0 = 0`, `let use_0 = Bucket0`, ...: n bindings that are not
// snake_case, each with a rename fix that must look at its own references only.
func namingSource(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "let Bucket%d = %d\nlet use_%d = Bucket%d\n", i, i, i, i)
	}
	return b.Bytes()
}

func TestLinearOutput(t *testing.T) {
	n := suite.Scale(2000, 10000) // and the reference, n/10
	for _, tc := range []struct {
		name string
		src  func(n int) []byte
		code string        // the diagnostic expected: n of them for the cycle, one for the chain
		want func(int) int // how many, for n
	}{
		{thousands(n) + "-member cycle", cycleSource, string(finding.CodeCycle), func(n int) int { return n }},
		{thousands(n) + "-statement chain", chainSource, "unused-let", func(int) int { return 1 }},
		{thousands(n) + " names to rename", namingSource, string(finding.CodeSnakeCase), func(n int) int { return n }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dirs := map[int]string{n: writeTemp(t, tc.src(n)), n / 10: writeTemp(t, tc.src(n/10))}
			t.Run("check in process", func(t *testing.T) {
				linearTime(t, n, func(n int) time.Duration { return linearCheck(t, dirs[n], tc.code, tc.want(n)) })
			})
			t.Run("check binary", func(t *testing.T) {
				linearTime(t, n, func(n int) time.Duration {
					r := run(t, time.Minute, "", "check", "-format", "json", "-severity", "info", dirs[n])
					var ds []diag
					if err := json.Unmarshal([]byte(r.stdout), &ds); err != nil || r.code > 1 {
						t.Fatalf("check exited %d: %v\n%s", r.code, err, r.stderr)
					}
					size := len(r.stdout)
					t.Logf("%d: check -format json: %v (CPU %v), %d bytes (%d diagnostics)", n, r.took.Round(time.Millisecond), r.cpu.Round(time.Millisecond), size, len(ds))
					if got := count(ds, tc.code); got != tc.want(n) {
						t.Errorf("%d %s diagnostics, want %d", got, tc.code, tc.want(n))
					}
					if size > bytesPerMember*max(len(ds), 1) {
						t.Errorf("%d bytes of output for %d diagnostics (limit %d a diagnostic)", size, len(ds), bytesPerMember)
					}
					return r.cpu
				})
			})
			t.Run("server", func(t *testing.T) {
				linearTime(t, n, func(n int) time.Duration {
					path := filepath.Join(dirs[n], "main.crn")
					return linearServe(t, path, readText(t, path), tc.code)
				})
			})
		})
	}
}

// linearTime fails the test unless measure(n) (a CPU time) is at most linearRatio times
// measure(n/10), the smallest of three runs, in one of three tries (see suite.Ratio).
func linearTime(t *testing.T, n int, measure func(n int) time.Duration) {
	t.Helper()
	var got, ref time.Duration
	best, all := suite.Ratio(3, linearRatio, func() (float64, float64) {
		ref = measure(n / 10)
		for range 2 {
			ref = min(ref, measure(n/10))
		}
		got = measure(n)
		return float64(got), float64(ref)
	})
	t.Logf("%d: %v of CPU, %.1f times the %v of %d", n, got.Round(time.Millisecond), best, ref.Round(time.Millisecond), n/10)
	if best > linearRatio {
		t.Errorf("%d took %.1f times as long as %d at best (tries: %.1f); the bound is %v", n, best, n/10, all, linearRatio)
	}
}

func count(ds []diag, code string) int {
	n := 0
	for _, d := range ds {
		if d.Code == code {
			n++
		}
	}
	return n
}

// linearCheck builds and checks the configuration in process, as check does, and returns the
// CPU time it took.
func linearCheck(t *testing.T, dir, code string, want int) time.Duration {
	var defaults schema.Defaults
	idx, err := defaults.Index()
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC() // the garbage of the run before is not this run's cost
	start, cpu := time.Now(), suite.CPUTime()
	cfg, err := workspace.New(workspace.OSFS{}).Config(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	ds := diagnostics.Check(context.Background(), cfg, idx)
	took, cpu := time.Since(start), suite.CPUTime()-cpu
	size, related := 0, 0
	for _, d := range ds {
		size += len(d.Message)
		related += len(d.Related)
		if len(d.Message) > bytesPerMember/2 || len(d.Related) > 2 {
			t.Fatalf("a diagnostic of %d bytes and %d related places: %.300s", len(d.Message), len(d.Related), d.Message)
		}
	}
	t.Logf("in process: %v (CPU %v), %d diagnostics, %d bytes of messages, %d related places", took.Round(time.Millisecond), cpu.Round(time.Millisecond), len(ds), size, related)
	if got := len(slices.DeleteFunc(ds, func(d finding.Diagnostic) bool { return string(d.Code) != code })); got != want {
		t.Errorf("%d %s diagnostics, want %d", got, code, want)
	}
	return cpu
}

// linearServe opens the file in the server: the publish with the semantic diagnostics is linear
// in size, and completion is answered right after. It returns the CPU time of the process from
// the open to the answer (the server runs in it).
func linearServe(t *testing.T, path string, src string, code string) time.Duration {
	s := startSession(t, lsp.Options{})
	defer s.stop()
	s.initialize(filepath.Dir(path))
	runtime.GC()
	start, cpu := time.Now(), suite.CPUTime()
	u := s.open(path, src)
	p := s.waitDiagnostics(time.Minute, u, func(p protocol.PublishDiagnosticsParams) bool {
		return slices.ContainsFunc(p.Diagnostics, func(d protocol.Diagnostic) bool { return d.Code == code })
	})
	published := time.Since(start)
	size := s.publishedBytes(u)
	if size > bytesPerMember*len(p.Diagnostics) {
		t.Errorf("%d bytes published for %d diagnostics (limit %d a diagnostic)", size, len(p.Diagnostics), bytesPerMember)
	}
	var items any
	doc := protocol.TextDocumentIdentifier{URI: u}
	if err := s.call(time.Minute, "textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc, Position: pos(0, 9)}}, &items); err != nil {
		t.Fatal(err)
	}
	took, cpu := time.Since(start), suite.CPUTime()-cpu
	t.Logf("server: diagnostics published after %v, %d of them in %d bytes; completion answered after %v (CPU %v)", published.Round(time.Millisecond), len(p.Diagnostics), size, took.Round(time.Millisecond), cpu.Round(time.Millisecond))
	return cpu
}
