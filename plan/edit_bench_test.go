package plan

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
)

var remoteBackend = regexp.MustCompile(`(?ms)^backend \w+ \{.*?^\}\n`)

// BenchmarkPlanEdit measures what one edit costs the plan of the concatenated corpus against a
// state file holding every named resource as applied: "memo" re-plans with the memo of the
// version before (the server's way), "full" plans from nothing. Each iteration flips one literal
// in the middle of the text, so each plan is of a new version. Sizes side by side: what grows
// with the configuration is what an edit still costs it.
func BenchmarkPlanEdit(b *testing.B) {
	for _, lines := range []int{2500, 5000, 10000} {
		src, _ := corpus.Concat(b, lines)
		src = remoteBackend.ReplaceAllString(src, "")
		// The edit: a string literal near the middle, flipped between two spellings.
		mid := strings.Index(src[len(src)/2:], "'") + len(src)/2
		if mid < len(src)/2 {
			b.Fatal("no string literal in the second half")
		}
		versions := [2]string{src, src[:mid+1] + "x" + src[mid+1:]}
		var sources schema.Sources
		build := func(p *grammar.Parser, text string) (*workspace.Config, *schema.Index) {
			f := &workspace.File{Path: "/cfg/main.crn", AST: p.Parse(text), Lines: source.NewLines(text)}
			cfg := workspace.Build("/cfg", []*workspace.File{f})
			idx, err := sources.ForConfig(cfg.Pins())
			if err != nil {
				b.Fatal(err)
			}
			return cfg, idx
		}
		cfg, idx := build(grammar.NewParser(), src)
		first, err := Compute(context.Background(), Input{Config: cfg, Info: cfg.Types(idx), Schemas: IndexSchemas{idx}})
		if err != nil {
			b.Fatal(err)
		}
		st, err := state.Read("carina.state.json", appliedScalars(b, first))
		if err != nil {
			b.Fatal(err)
		}
		for _, mode := range []string{"memo", "full"} {
			b.Run(fmt.Sprintf("lines=%d/%s", lines, mode), func(b *testing.B) {
				parser := grammar.NewParser()
				var memo *Memo
				if mode == "memo" {
					memo = NewMemo()
				}
				var planned []time.Duration
				plan := func(text string) {
					p := parser
					if memo == nil {
						p = grammar.NewParser()
					}
					cfg, idx := build(p, text)
					start := time.Now()
					if _, err := Compute(context.Background(), Input{Config: cfg, Info: cfg.Types(idx), Schemas: IndexSchemas{idx}, State: st, Memo: memo}); err != nil {
						b.Fatal(err)
					}
					planned = append(planned, time.Since(start))
				}
				plan(versions[1])
				planned = planned[:0]
				b.ResetTimer()
				for i := 0; b.Loop(); i++ {
					plan(versions[i%2])
				}
				slices.Sort(planned)
				// The plan alone, without the parse and build of the version, which the check pays.
				b.ReportMetric(float64(planned[len(planned)/2].Microseconds())/1000, "plan-ms")
				if memo != nil {
					e, r := memo.Stats()
					b.ReportMetric(float64(e), "evaluated/op")
					b.ReportMetric(float64(r), "reused/op")
				}
			})
		}
	}
}

// appliedScalars writes a state file holding every named resource of p with its written scalar
// values, as an apply would have left them (the other values differ: updates to find).
func appliedScalars(tb testing.TB, p *Plan) []byte {
	rows := []map[string]any{}
	seen := map[string]bool{}
	for _, r := range p.Resources {
		if r.Binding == "" || seen[r.Binding] {
			continue
		}
		seen[r.Binding] = true
		attrs := map[string]any{}
		for _, a := range r.Desired {
			switch a.Value.Kind {
			case Str:
				attrs[a.Name] = a.Value.Text
			case Int:
				attrs[a.Name] = a.Value.Int
			case Bool:
				attrs[a.Name] = a.Value.Bool
			}
		}
		rows = append(rows, map[string]any{"resource_type": r.Type, "identity": r.Binding, "binding": r.Binding, "provider": r.Provider,
			"identifier": "id-" + r.Binding, "attributes": attrs})
	}
	out, err := json.Marshal(map[string]any{"version": state.Current, "serial": 1, "lineage": "l", "carina_version": "0.4.0", "resources": rows})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}
