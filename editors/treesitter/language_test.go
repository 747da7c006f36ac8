package treesitter

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/langgen"
	"github.com/carina-rs/carina-lsp/internal/testutil/txtar"
)

// languageArchives are the test archives whose .crn files exercise the language beyond the
// corpus: Carina's own test cases (reliability) and the features' marker archives.
var languageArchives = []string{
	"../../reliability/testdata/carina/*/*.txtar",
	"../../lsp/testdata/markers/*.txtar",
	"../../diagnostics/testdata/*.txtar",
	"../../diagnostics/testdata/codes/*.txtar",
	"../../hover/testdata/*.txtar",
	"../../completion/testdata/*.txtar",
	"../../fix/testdata/*.txtar",
	"../../format/testdata/*.txtar",
}

// TestLanguageParsesClean: beyond the corpus, every configuration of the test archives and of
// the language generator (functions, closures, pipes, if, for, modules, upstream states, waits,
// custom types) that carina-lsp's parser reads without error parses with no ERROR or MISSING
// node, its statements where carina-lsp's parser puts them. The generator draws 300 programs in
// short mode and 3,000 in long mode.
func TestLanguageParsesClean(t *testing.T) {
	drv := driver(t)
	dir := t.TempDir()
	ps := grammar.NewParser()
	want := map[string][]span{}
	origin := map[string]string{}
	add := func(from, text string) {
		got, errs := ourStatements(ps.Fork(), text)
		if len(errs) > 0 {
			return // a syntax error case: TestOneBrokenStatement's business
		}
		p := filepath.Join(dir, fmt.Sprintf("%05d.crn", len(want)))
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		want[p], origin[p] = got, from
	}
	archives := 0
	for _, pattern := range languageArchives {
		for _, path := range txtar.Glob(t, pattern) {
			archives++
			for _, f := range txtar.Read(t, path).Files {
				if strings.HasSuffix(f.Name, ".crn") {
					add(path+": "+f.Name, f.Data)
				}
			}
		}
	}
	fromArchives := len(want)
	programs := 300
	if !testing.Short() {
		programs = 3000
	}
	for n := range programs {
		for _, f := range langgen.Generate(7, n).Files {
			add(fmt.Sprintf("generated program %d: %s", n, f.Path), f.Text)
		}
	}
	files := make([]string, 0, len(want))
	for p := range want {
		files = append(files, p)
	}
	got := parseFiles(t, drv, files)
	bad := 0
	for _, p := range files {
		g := got[p]
		switch {
		case len(g.Errors) > 0:
			t.Errorf("%s: %s", origin[p], strings.Join(g.Errors, ", "))
		case !cmp.Equal(want[p], g.Stmts):
			t.Errorf("%s: statements of carina-lsp (-) and tree-sitter (+):\n%s", origin[p], cmp.Diff(want[p], g.Stmts))
		default:
			continue
		}
		if bad++; bad == 20 {
			t.Fatal("too many")
		}
	}
	t.Logf("%d files of %d archives and %d files of %d generated programs parse clean", fromArchives, archives, len(want)-fromArchives, programs)
	if archives < 500 || fromArchives < 1000 {
		t.Errorf("only %d files of %d archives", fromArchives, archives)
	}
}
