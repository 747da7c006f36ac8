package reliability

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

// Carina's own verdicts on configurations written for each of its language rules
// (testdata/carina/<area>/*.txtar): each archive is a configuration (subdirectories are its
// modules and upstream configurations), its comment says which rule it exercises and, on a line
// `carina: OK` or `carina: ERR <fragment of Carina's first error>`, what Carina's checker
// (refcheck, the static part of `carina validate`) says of it. check must report an error of a
// language-level code exactly where Carina reports one, but for the archives listed in
// testdata/carina/differences.txt, each with the reason we differ (docs/language-rules.md).

// carinaCase is one archive.
type carinaCase struct {
	name    string // area/name
	files   map[string]string
	dir     string // the directory checked, relative to the archive's root
	verdict string // "OK", or "ERR <fragment>"
}

func readCarinaCases(t *testing.T) []carinaCase {
	t.Helper()
	var out []carinaCase
	for _, p := range txtar.Glob(t, filepath.Join("testdata", "carina", "*", "*.txtar")) {
		a := txtar.Read(t, p)
		v := a.Option("carina")
		if v == "" {
			t.Fatalf("%s: no carina: line", p)
		}
		rel, _ := filepath.Rel(filepath.Join("testdata", "carina"), p)
		out = append(out, carinaCase{name: strings.TrimSuffix(filepath.ToSlash(rel), ".txtar"), files: a.Sources(),
			dir: a.Option("dir"), verdict: v})
	}
	return out
}

// ourCaseVerdict returns check's language-level errors on a case, as `file:line: message [code]`.
func ourCaseVerdict(t *testing.T, c carinaCase) []string {
	t.Helper()
	dir := testutil.Root
	if c.dir != "" && c.dir != "." {
		dir = path.Join(testutil.Root, c.dir)
	}
	cfg := testutil.Config(t, c.files, dir)
	idx, _ := testutil.ChosenIndex(t, c.files, cfg, nil)
	var out []string
	for _, d := range diagnostics.Check(context.Background(), cfg, idx) {
		if d.Severity != finding.Error || diagnostics.ReadsSchema(d.Code) {
			continue
		}
		line := 0
		if f := cfg.File(d.Path); f != nil {
			line = f.Lines.Line(int(d.Span.Start)) + 1
		}
		out = append(out, fmt.Sprintf("%s:%d: %s [%s]", testutil.Rel(d.Path), line, d.Message, d.Code))
	}
	return out
}

// readDifferences reads testdata/carina/differences.txt: `area/name  reason` a line.
func readDifferences(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "carina", "differences.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		name, reason, _ := strings.Cut(l, " ")
		out[name] = strings.TrimSpace(reason)
	}
	return out
}

func TestCarinaCases(t *testing.T) {
	cases := readCarinaCases(t)
	diffs := readDifferences(t)
	agree := 0
	byArea := map[string][2]int{}
	var wrong []string
	for _, c := range cases {
		ours := ourCaseVerdict(t, c)
		theirs := strings.HasPrefix(c.verdict, "ERR")
		area, _, _ := strings.Cut(c.name, "/")
		n := byArea[area]
		n[0]++
		ok := theirs == (len(ours) > 0)
		if ok {
			agree++
			n[1]++
		}
		byArea[area] = n
		_, listed := diffs[c.name]
		switch {
		case ok && listed:
			t.Errorf("%s agrees with Carina now: remove it from differences.txt", c.name)
		case !ok && !listed:
			first := "no error"
			if len(ours) > 0 {
				first = ours[0]
			}
			wrong = append(wrong, fmt.Sprintf("%s\n    carina: %s\n    ours:   %s", c.name, c.verdict, first))
		}
	}
	for name := range diffs {
		if !slices.ContainsFunc(cases, func(c carinaCase) bool { return c.name == name }) {
			t.Errorf("differences.txt lists %s, which is no case", name)
		}
	}
	t.Logf("%d cases: verdicts agree on %d (%.1f%%)", len(cases), agree, 100*float64(agree)/float64(len(cases)))
	for _, a := range slices.Sorted(maps.Keys(byArea)) {
		t.Logf("  %-12s %d/%d", a, byArea[a][1], byArea[a][0])
	}
	if len(wrong) > 0 {
		t.Errorf("%d cases where check and Carina disagree, not listed in differences.txt:\n%s", len(wrong), strings.Join(wrong, "\n"))
	}
}
