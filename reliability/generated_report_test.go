package reliability

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/langgen"
)

// The report of TestGeneratedAgreeWithCarina for a developer fixing the checker: every kind of
// disagreement, with its smallest program reduced to what still shows it.

// writeGeneratedReport writes every kind of disagreement of all to out in Markdown, most
// frequent first: its count, its smallest program reduced (reduceProgram), Carina's message and
// check's errors on the reduced program.
func writeGeneratedReport(t *testing.T, refcheck, refparse, out string, all []genJudged) {
	t.Helper()
	kinds := map[string][]genJudged{}
	for _, j := range all {
		if j.key != "" {
			k := j.key
			if j.reason != "" {
				k = "deliberate (" + j.reason + "): " + k
			}
			kinds[k] = append(kinds[k], j)
		}
	}
	keys := slices.Collect(maps.Keys(kinds))
	// The disagreements first, then those a deliberate difference explains: each most frequent
	// first.
	slices.SortFunc(keys, func(a, b string) int {
		return cmp.Or(cmp.Compare(len(kinds[a][0].reason), len(kinds[b][0].reason)), len(kinds[b])-len(kinds[a]), strings.Compare(a, b))
	})
	var b strings.Builder
	fmt.Fprintf(&b, "# Disagreements with Carina's checker on %d generated programs\n\n", len(all))
	fmt.Fprintf(&b, "From `TestGeneratedAgreeWithCarina` (seed %#x); each example is the smallest program of its kind, "+
		"reduced statement by statement while the disagreement stays the same kind. Reproduce one with "+
		"`langgen.Generate(seed, N)`.\n", generatedSeed)
	base := t.TempDir()
	for i, k := range keys {
		group := kinds[k]
		slices.SortStableFunc(group, func(x, y genJudged) int { return len(x.prog.Text()) - len(y.prog.Text()) })
		small := reduceProgram(t, refcheck, refparse, filepath.Join(base, strconv.Itoa(i)), group[0])
		var nums []string
		for _, j := range group[:min(10, len(group))] {
			nums = append(nums, strconv.Itoa(j.prog.N))
		}
		fmt.Fprintf(&b, "\n## %d. %s\n\n%d programs (e.g. %s); mistakes injected: %s.\n\n```\n%s```\n\n",
			i+1, k, len(group), strings.Join(nums, ", "), mistakesOf(group), small.prog.Text())
		fmt.Fprintf(&b, "- refcheck: %s\n", cmp.Or(verdictText(small.theirs), "OK"))
		fmt.Fprintf(&b, "- check: %s\n", cmp.Or(strings.ReplaceAll(small.oursAll, "\n", "\n  "), "no language error"))
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d kinds of disagreement to %s", len(keys), out)
}

func verdictText(v checkVerdict) string {
	if v.ok {
		return "OK"
	}
	return "ERR " + v.msg
}

// mistakesOf names the mistakes injected into a group of programs, with their counts.
func mistakesOf(group []genJudged) string {
	count := map[string]int{}
	for _, j := range group {
		count[cmp.Or(j.prog.Mistake, "none")]++
	}
	var out []string
	for _, m := range slices.Sorted(maps.Keys(count)) {
		out = append(out, fmt.Sprintf("%s (%d)", m, count[m]))
	}
	return strings.Join(out, ", ")
}

// reduceProgram removes statements, member lines and files of j's program, one at a time, while
// the disagreement stays of its kind: in each round every removal is judged and the smallest
// program that keeps the kind goes on.
func reduceProgram(t *testing.T, refcheck, refparse, base string, j genJudged) genJudged {
	t.Helper()
	for round := 0; ; round++ {
		cands := removals(j.prog)
		if len(cands) == 0 {
			return j
		}
		judged, _ := judgePrograms(t, refcheck, refparse, filepath.Join(base, strconv.Itoa(round)), cands)
		var best *genJudged
		for i := range judged {
			c := &judged[i]
			if c.key == j.key && c.reason == j.reason && (best == nil || len(c.prog.Text()) < len(best.prog.Text())) {
				best = c
			}
		}
		if best == nil {
			return j
		}
		j = *best
	}
}

// removals returns the programs p is with one of its files, top-level statements or member
// lines (an indented line of a block holding no bracket of its own) removed.
func removals(p langgen.Program) []langgen.Program {
	var out []langgen.Program
	with := func(i int, text string) {
		q := p
		q.Files = slices.Clone(p.Files)
		if text == "" {
			q.Files = slices.Delete(q.Files, i, i+1)
		} else {
			q.Files[i].Text = text
		}
		out = append(out, q)
	}
	inDir := func(f langgen.File) bool { return path.Dir(f.Path) == p.Dir }
	for i, f := range p.Files {
		// The directory checked keeps a file: without one there is nothing to check.
		if !inDir(f) || slices.ContainsFunc(p.Files[i+1:], inDir) || slices.ContainsFunc(p.Files[:i], inDir) {
			with(i, "")
		}
		stmts := grammar.Split(f.Text, grammar.Lex(f.Text))
		if len(stmts) > 1 {
			for _, r := range stmts {
				with(i, f.Text[:r.Start]+strings.TrimPrefix(f.Text[r.End:], "\n"))
			}
		}
		lines := strings.SplitAfter(f.Text, "\n")
		for k, line := range lines {
			if strings.HasPrefix(line, "  ") && !strings.ContainsAny(line, "{}") {
				with(i, strings.Join(slices.Delete(slices.Clone(lines), k, k+1), ""))
			}
		}
	}
	return out
}
