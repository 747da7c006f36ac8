package reliability

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/lsp"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Output linear in the input: a dependency cycle of n members gets n diagnostics, each with a
// message of bounded length (the cycle shortened past a few dozen members) and its two
// neighbours as related information, not n² names and related places. A 1,000-member cycle used
// to publish 187 MB after 9.5 s and `check -format json` printed 221 MB for 4,000 members.

// linearLimit bounds the in-process check and the server's publish; linearBinaryLimit the binary,
// which also starts a process and decodes the embedded schemas.
const (
	linearLimit       = time.Second
	linearBinaryLimit = 2 * time.Second
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
	const n = 10000
	for _, tc := range []struct {
		name string
		src  []byte
		code string // the diagnostic expected: n of them for the cycle, one for the chain
		want int
	}{
		{"10,000-member cycle", cycleSource(n), string(diagnostics.CodeCycle), n},
		{"10,000-statement chain", chainSource(n), "unused-let", 1},
		{"10,000 names to rename", namingSource(n), string(diagnostics.CodeSnakeCase), n},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeTemp(t, tc.src)
			t.Run("check in process", func(t *testing.T) { linearCheck(t, dir, tc.code, tc.want) })
			t.Run("check binary", func(t *testing.T) {
				r := run(t, time.Minute, "", "check", "-format", "json", "-severity", "info", dir)
				var ds []diag
				if err := json.Unmarshal([]byte(r.stdout), &ds); err != nil || r.code > 1 {
					t.Fatalf("check exited %d: %v\n%s", r.code, err, r.stderr)
				}
				took, size := r.took, len(r.stdout)
				t.Logf("check -format json: %v, %d bytes (%d diagnostics)", took.Round(time.Millisecond), size, len(ds))
				if took > linearBinaryLimit {
					t.Errorf("check took %v (limit %v)", took, linearBinaryLimit)
				}
				if got := count(ds, tc.code); got != tc.want {
					t.Errorf("%d %s diagnostics, want %d", got, tc.code, tc.want)
				}
				if size > bytesPerMember*max(len(ds), 1) {
					t.Errorf("%d bytes of output for %d diagnostics (limit %d a diagnostic)", size, len(ds), bytesPerMember)
				}
			})
			t.Run("server", func(t *testing.T) { linearServe(t, filepath.Join(dir, "main.crn"), tc.src, tc.code) })
		})
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

// linearCheck builds and checks the configuration in process, as check does.
func linearCheck(t *testing.T, dir, code string, want int) {
	var defaults schema.Defaults
	idx, err := defaults.Index()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	cfg, err := workspace.New(workspace.OSFS{}).Config(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	ds := diagnostics.Check(context.Background(), cfg, idx)
	took := time.Since(start)
	size, related := 0, 0
	for _, d := range ds {
		size += len(d.Message)
		related += len(d.Related)
		if len(d.Message) > bytesPerMember/2 || len(d.Related) > 2 {
			t.Fatalf("a diagnostic of %d bytes and %d related places: %.300s", len(d.Message), len(d.Related), d.Message)
		}
	}
	t.Logf("in process: %v, %d diagnostics, %d bytes of messages, %d related places", took.Round(time.Millisecond), len(ds), size, related)
	if took > linearLimit {
		t.Errorf("building and checking took %v (limit %v)", took, linearLimit)
	}
	if got := len(slices.DeleteFunc(ds, func(d diagnostics.Diagnostic) bool { return string(d.Code) != code })); got != want {
		t.Errorf("%d %s diagnostics, want %d", got, code, want)
	}
}

// linearServe opens the file in the server: the publish with the semantic diagnostics comes
// within linearLimit, is linear in size, and completion is answered right after.
func linearServe(t *testing.T, path string, src []byte, code string) {
	s := startSession(t, lsp.Options{})
	s.initialize(filepath.Dir(path))
	start := time.Now()
	u := s.open(path, string(src))
	p := s.waitDiagnostics(time.Minute, u, func(p protocol.PublishDiagnosticsParams) bool {
		return slices.ContainsFunc(p.Diagnostics, func(d protocol.Diagnostic) bool { return d.Code == code })
	})
	took := time.Since(start)
	size := s.publishedBytes(u)
	t.Logf("server: diagnostics published after %v, %d of them in %d bytes", took.Round(time.Millisecond), len(p.Diagnostics), size)
	if took > linearLimit {
		t.Errorf("the diagnostics were published after %v (limit %v)", took, linearLimit)
	}
	if size > bytesPerMember*len(p.Diagnostics) {
		t.Errorf("%d bytes published for %d diagnostics (limit %d a diagnostic)", size, len(p.Diagnostics), bytesPerMember)
	}
	start = time.Now()
	var items any
	doc := protocol.TextDocumentIdentifier{URI: u}
	if err := s.call(time.Minute, "textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc, Position: pos(0, 9)}}, &items); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > linearLimit {
		t.Errorf("completion took %v after the publish (limit %v)", took, linearLimit)
	}
}
