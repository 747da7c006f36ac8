package reliability

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/carina-rs/carina-lsp/lsp"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Evaluation linear in what it reads: a pipe chain `x |> f() |> f() ...`, a composition
// `f >> g >> ...` and subscripts `x[0][0]...` are trees as deep as they are long, and so are the
// values of lets each reading the one before; each step used to walk, copy or re-read the steps
// before it. check of a pipe chain took 3.1 s of CPU at 10,000 steps and more than a minute at
// 100,000, 12 KB of memory a step; 10,000 composed closures took 15 s, 100,000 subscripts 23 s,
// 5,000 lets each calling the one before 8 s. Each chain ends where evaluating it through is the
// only way to the diagnostic expected (a built-in or a user function given the wrong type), or is
// read by a let that nothing reads (`unused-let`).
func chainSources() []struct {
	name  string
	src   func(n int) []byte
	other string         // a second file of the directory, when not ""
	want  map[string]int // the diagnostics' codes, how many of each
} {
	unused := map[string]int{"unused-let": 1}
	wrongType := map[string]int{"builtin-argument": 1, "unused-let": 1}
	return []struct {
		name  string
		src   func(n int) []byte
		other string
		want  map[string]int
	}{
		{"pipe chain of built-ins", func(n int) []byte {
			return chain("let x = 'a'\nlet a = x", n, " |> upper()", " |> length() |> upper()\nlet use_a = a\n")
		}, "", wrongType},
		{"pipe chain of a user function", func(n int) []byte {
			return chain("fn f(l: list(String)): list(String) { l }\nlet x = ['a']\nlet a = x", n, " |> f()", " |> join(',') |> f()\nlet use_a = a\n")
		}, "", map[string]int{"parameter-type": 1, "unused-let": 1}},
		{"pipe chain of a closure", func(n int) []byte {
			return chain("let r = replace('a', 'b')\nlet a = 'a'", n, " |> r()", "\nlet use_a = a\n")
		}, "", unused},
		{"composition", func(n int) []byte {
			return chain("let g = replace('a', 'b')", n, " >> replace('b', 'a')", "\nlet a = 'a' |> g()\nlet use_a = a\n")
		}, "", unused},
		{"subscripts", func(n int) []byte {
			return chain("let x = [[['a']]]\nlet a = x", n, "[0]", "\nlet use_a = a\n")
		}, "", unused},
		{"lets each listing the one before", func(n int) []byte {
			return lets("let v0 = ['a']\n", n, "let v%d = [v%d]\n")
		}, "", wrongType},
		// In a directory of two files, each let's value is also searched for calls of functions
		// the other file does not declare (Carina copies it there): resolved, digested and
		// searched once.
		{"lets each calling the one before, beside another file", func(n int) []byte {
			return lets("let v0 = 'a'\n", n, "let v%d = upper(v%d)\n")
		}, "let other = 1\nlet use_other = other\n", map[string]int{"builtin-argument": 1, "unused-let": 2}},
	}
}

// lets writes head, then n lets, each step's format given its number and the one before's; the
// last one's value, as long as the chain, is given to length() then to upper().
func lets(head string, n int, step string) []byte {
	var b bytes.Buffer
	b.WriteString(head)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, step, i, i-1)
	}
	fmt.Fprintf(&b, "let a = v%d |> length() |> upper()\nlet use_a = a\n", n)
	return b.Bytes()
}

// chain writes head, step n times, then tail.
func chain(head string, n int, step, tail string) []byte {
	var b bytes.Buffer
	b.Grow(len(head) + n*len(step) + len(tail))
	b.WriteString(head)
	for range n {
		b.WriteString(step)
	}
	b.WriteString(tail)
	return b.Bytes()
}

// TestLinearChains checks each chain in process, as check does, and (long mode) in the server,
// opened, edited, hovered and coloured: n steps take at most linearRatio times the CPU time of
// n/10 (see linearTime). The short mode's pairs cost about 1.5 s of CPU in all; the long mode's
// are the 100,000 steps.
func TestLinearChains(t *testing.T) {
	n := suite.Scale(10000, 100000)
	for _, tc := range chainSources() {
		t.Run(fmt.Sprintf("%s of %s steps", tc.name, thousands(n)), func(t *testing.T) {
			dirs := map[int]string{n: writeTemp(t, tc.src(n)), n / 10: writeTemp(t, tc.src(n/10))}
			if tc.other != "" {
				for _, dir := range dirs {
					writeFile(t, filepath.Join(dir, "other.crn"), []byte(tc.other))
				}
			}
			t.Run("check in process", func(t *testing.T) {
				linearTime(t, n, func(n int) time.Duration { return chainCheck(t, dirs[n], tc.want) })
			})
			t.Run("server", func(t *testing.T) {
				suite.Long(t, "the server on each chain")
				linearTime(t, n, func(n int) time.Duration {
					path := filepath.Join(dirs[n], "main.crn")
					return chainServe(t, path, readText(t, path))
				})
			})
		})
	}
}

// chainServe opens a chain in the server, waits for its diagnostics, types a key in the last
// line (`let use_a = a` becomes `let use_ab = a`) and waits for the diagnostics of the edit, then
// asks for a hover in the middle of the longest line and the semantic tokens. It returns the CPU
// time of the process from the open to the last answer.
func chainServe(t *testing.T, path, src string) time.Duration {
	s := startSession(t, lsp.Options{})
	defer s.stop()
	s.initialize(filepath.Dir(path))
	lines := strings.Split(strings.TrimSuffix(src, "\n"), "\n")
	longest := 0
	for i, l := range lines {
		if len(l) > len(lines[longest]) {
			longest = i
		}
	}
	unused := func(name string) func(protocol.PublishDiagnosticsParams) bool {
		return func(p protocol.PublishDiagnosticsParams) bool {
			return slices.ContainsFunc(p.Diagnostics, func(d protocol.Diagnostic) bool { return strings.Contains(d.Message, `"`+name+`"`) })
		}
	}
	runtime.GC()
	cpu := suite.CPUTime()
	u := s.open(path, src)
	s.waitDiagnostics(time.Minute, u, unused("use_a"))
	last := uint32(len(lines) - 1)
	s.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": u, "version": 2},
		"contentChanges": []map[string]any{{"range": protocol.Range{Start: pos(last, 9), End: pos(last, 9)}, "text": "b"}},
	})
	s.waitDiagnostics(time.Minute, u, unused("use_ab"))
	doc := protocol.TextDocumentIdentifier{URI: u}
	var hover, tokens json.RawMessage
	if err := s.call(time.Minute, "textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc, Position: pos(uint32(longest), uint32(len(lines[longest])/2))}}, &hover); err != nil {
		t.Fatal(err)
	}
	if err := s.call(time.Minute, "textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}, &tokens); err != nil {
		t.Fatal(err)
	}
	cpu = suite.CPUTime() - cpu
	t.Logf("server: %d lines, %d bytes of hover, %d of semantic tokens (CPU %v)", len(lines), len(hover), len(tokens), cpu.Round(time.Millisecond))
	return cpu
}

// chainCheck builds and checks the configuration in process and returns the CPU time it took;
// the diagnostics' codes must be want's.
func chainCheck(t *testing.T, dir string, want map[string]int) time.Duration {
	t.Helper()
	var defaults schema.Defaults
	idx, err := defaults.Index()
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC() // the garbage of the run before is not this run's cost
	cpu := suite.CPUTime()
	cfg, err := workspace.New(workspace.OSFS{}).Config(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	ds := diagnostics.Check(context.Background(), cfg, idx)
	cpu = suite.CPUTime() - cpu
	got := map[string]int{}
	for _, d := range ds {
		got[string(d.Code)]++
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics' codes (-want +got):\n%s", diff)
	}
	return cpu
}
