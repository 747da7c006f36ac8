package report

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/session"
)

// TestEarlyReport walks random trees whose names sort differently as names and as paths (`a`,
// `a-b`, `a.b`, `a b`, `a0`: `a-b/x` sorts before `a/x`) in the order of check's walk, hands each
// configuration's findings over in that order as check does, formatting early what the walk has
// left behind, and compares every format's report with the one written whole at the end.
func TestEarlyReport(t *testing.T) {
	names := []string{"a", "a-b", "a.b", "a b", "a0", "b", "B", "é"}
	formattedEarly := 0 // bytes formatted before the end, over every run: the early path is taken
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 0x6561726c79))
		root := filepath.Join(t.TempDir(), "root")
		var mk func(dir string, depth int)
		mk = func(dir string, depth int) {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, n := range names {
				switch r := rng.IntN(10); {
				case r < 3:
					if err := os.WriteFile(filepath.Join(dir, n+".crn"), nil, 0o644); err != nil {
						t.Fatal(err)
					}
				case r < 5 && depth < 3:
					mk(filepath.Join(dir, n), depth+1)
				}
			}
		}
		mk(root, 0)
		// The order the early report is fed in is check's: the session's walk.
		var targets []string
		err := session.Targets(context.Background(), []string{root}, func(tg session.Target) { targets = append(targets, tg.Dir) })
		if err != nil {
			continue // no .crn file in this tree
		}
		for _, format := range []string{"text", "json", "github", "sarif"} {
			codes := []finding.Code{"unused-let", "syntax", "wait-unused"}
			var all []Located
			sp := NewSpool()
			sp.spillAt = 0          // to a file after the first run, as a large tree's
			sp.noFile = seed%3 == 0 // or all in memory, growing while the merge reads it
			early := NewEarly(sp, mustFormat(t, format), []string{root})
			for _, dir := range targets {
				files, _ := filepath.Glob(filepath.Join(dir, "*.crn"))
				var run []Located
				for range rng.IntN(4) {
					start := int32(rng.IntN(3))
					run = append(run, Located{
						Diagnostic: finding.Diagnostic{Path: files[rng.IntN(len(files))], Span: grammar.Span{Start: start, End: start + 1},
							Severity: finding.Severity(1 + rng.IntN(3)), Code: codes[rng.IntN(len(codes))], Message: fmt.Sprintf("m%d <&>", rng.IntN(2))},
						Range: Range{Pos{int(start), 0}, Pos{int(start), 1}},
					})
				}
				slices.SortStableFunc(run, func(a, b Located) int { return finding.Compare(a.Diagnostic, b.Diagnostic) })
				all = append(all, run...)
				if err := sp.Add(run); err != nil {
					t.Fatal(err)
				}
				early = early.Advance(dir)
				if early == nil {
					t.Fatalf("seed %d: the early report gave up", seed)
				}
			}
			slices.SortStableFunc(all, func(a, b Located) int { return finding.Compare(a.Diagnostic, b.Diagnostic) })
			if early.f != nil {
				if info, err := early.f.Stat(); err == nil {
					formattedEarly += int(info.Size()) + early.w.Buffered()
				}
			}
			var want, got bytes.Buffer
			if err := writeAll(mustFormat(t, format), &want, all); err != nil {
				t.Fatal(err)
			}
			if err := early.Finish(&got); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Fatalf("seed %d, %s, %d configurations: the report formatted early differs:\n--- whole\n%s\n--- early\n%s", seed, format, len(targets), want.String(), got.String())
			}
			early.Close()
			sp.Close()
		}
	}
	if formattedEarly == 0 {
		t.Error("nothing was formatted before the end of any run")
	}
}
