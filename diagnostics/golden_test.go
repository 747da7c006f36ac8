package diagnostics

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/testutil"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/*.txtar from the checker's output (review every line you accept)")

// The golden tests: each testdata/*.txtar archive holds the files of one configuration directory
// (subdirectories for modules and upstream configurations) and a `want` section, one line per
// expected diagnostic, in the checker's order:
//
//	file:line:col-line:col severity code message
//
// with 1-based lines and 1-based byte columns, the end exclusive. Newlines in messages are
// written \n. In an archive whose comment has the line `related: yes`, each diagnostic's line is
// followed by one line per related place, `  related file:line:col-line:col message`.
//
// A comment line `# not: code [code...]` in a source file marks a near miss: no diagnostic of
// those codes may start on it or on the lines after it up to the next blank line. Every code
// must have at least one want line and at least one near miss across the archives
// (TestGoldenCoverage).

// wantLines returns the lines of an archive's want section.
func wantLines(a *txtar.Archive) []string {
	want, _ := a.Get("want")
	return txtar.Lines(want)
}

// goldenArchives matches the archives of the golden tests.
var goldenArchives = filepath.Join("testdata", "*.txtar")

func TestGolden(t *testing.T) {
	txtar.Run(t, goldenArchives, func(t *testing.T, p string, a *txtar.Archive) {
		if _, ok := a.Get("want"); !ok && !*update {
			t.Fatalf("%s has no want section", p)
		}
		r := checkDir(t, a.Sources(), a.Option("dir"))
		got := r.lines()
		if a.Option("related") == "yes" {
			got = r.linesRelated()
		}
		checkNearMisses(t, r)
		if *update {
			want := strings.Join(got, "\n")
			if want != "" {
				want += "\n"
			}
			a.Set("want", want)
			if err := os.WriteFile(p, []byte(a.Format()), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		if diff := cmp.Diff(wantLines(a), got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("diagnostics (-want +got):\n%s", diff)
		}
	})
}

var notRE = regexp.MustCompile(`^\s*#\s*not:\s*(.+?)\s*$`)

// nearMiss is a `# not:` region of a file: lines [from, to) (0-based) must not start a
// diagnostic of any of codes.
type nearMiss struct {
	file     string
	from, to int
	codes    []string
}

func nearMisses(files map[string]string) []nearMiss {
	var out []nearMiss
	for name, text := range files {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			m := notRE.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			end := i + 1
			for end < len(lines) && strings.TrimSpace(lines[end]) != "" {
				end++
			}
			out = append(out, nearMiss{name, i, end, strings.Fields(m[1])})
		}
	}
	return out
}

// checkNearMisses fails the test when a diagnostic of a code a `# not:` marker excludes starts
// in the marker's region.
func checkNearMisses(t *testing.T, r result) {
	t.Helper()
	files := map[string]string{}
	for _, f := range r.cfg.Files {
		files[testutil.Rel(f.Path)] = f.Text()
	}
	for _, nm := range nearMisses(files) {
		if nm.to == nm.from+1 {
			t.Errorf("%s:%d: a `# not:` marker must be followed by the near miss it marks", nm.file, nm.from+1)
		}
		for _, d := range r.diags {
			if testutil.Rel(d.Path) != nm.file || !slices.Contains(nm.codes, string(d.Code)) {
				continue
			}
			f := r.cfg.File(d.Path)
			if l := f.Lines.Line(int(d.Span.Start)); l >= nm.from && l < nm.to {
				t.Errorf("near miss %s:%d-%d produces %s", nm.file, nm.from+1, nm.to, describeDiag(r.cfg, d))
			}
		}
	}
}

// codeRE finds the Code constants of package finding's Go files, where every code is declared.
var codeRE = regexp.MustCompile(`\bCode\s*=\s*"([^"]+)"`)

func declaredCodes(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob("../finding/*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range codeRE.FindAllStringSubmatch(string(data), -1) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return out
}

// TestGoldenCoverage requires, for every Code constant of the package, a want line with that
// code (the diagnostic appears) and a `# not:` near miss naming it (a close variant that must not
// produce it) among the archives, and no want line with a code that is not declared.
func TestGoldenCoverage(t *testing.T) {
	codes := declaredCodes(t)
	if len(codes) < 40 {
		t.Fatalf("found only %d Code constants; is the scan broken?", len(codes))
	}
	positive := map[string][]string{}
	negative := map[string][]string{}
	for _, p := range txtar.Glob(t, goldenArchives) {
		a := txtar.Read(t, p)
		name := filepath.Base(p)
		for _, l := range wantLines(a) {
			if strings.HasPrefix(l, "  related ") {
				continue
			}
			f := strings.Fields(l)
			if len(f) < 3 {
				t.Errorf("%s: malformed want line %q", name, l)
				continue
			}
			positive[f[2]] = append(positive[f[2]], name)
		}
		for _, nm := range nearMisses(a.Sources()) {
			for _, c := range nm.codes {
				negative[c] = append(negative[c], name)
			}
		}
	}
	for _, c := range codes {
		if len(positive[c]) == 0 {
			t.Errorf("code %s: no archive expects it (no positive case)", c)
		}
		if len(negative[c]) == 0 {
			t.Errorf("code %s: no archive has a `# not: %s` near miss (no negative case)", c, c)
		}
	}
	for c, in := range positive {
		if !slices.Contains(codes, c) {
			t.Errorf("%v expect code %s, which is no Code constant", in, c)
		}
	}
	for c, in := range negative {
		if !slices.Contains(codes, c) {
			t.Errorf("%v mark a near miss of %s, which is no Code constant", in, c)
		}
	}
}

func countFunc(ds []finding.Diagnostic, keep func(finding.Diagnostic) bool) int {
	n := 0
	for _, d := range ds {
		if keep(d) {
			n++
		}
	}
	return n
}
