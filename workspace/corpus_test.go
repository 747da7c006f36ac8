package workspace

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/carina-rs/carina-lsp/internal/corpus"
	"github.com/carina-rs/carina-lsp/internal/suite"
	"github.com/google/go-cmp/cmp"
)

// corpusDirs returns every directory of the corpus (../shared/corpus beside the repository)
// that holds .crn files, sorted; it skips the test when the corpus is missing, except under
// CI=true where that is a failure.
func corpusDirs(t *testing.T) (root string, dirs []string) {
	t.Helper()
	root, err := filepath.Abs(corpus.Shared(t, "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && IsSource(p) && !seen[filepath.Dir(p)] {
			seen[filepath.Dir(p)] = true
			dirs = append(dirs, filepath.Dir(p))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(dirs)
	if len(dirs) < 100 {
		t.Fatalf("only %d corpus directories found under %s", len(dirs), root)
	}
	return root, dirs
}

// importProblem is a `use` that cannot be resolved, found from a corpus directory by following
// its imports (and theirs).
type importProblem struct {
	From  string // the importing directory, relative to the corpus
	Alias string
	Err   string // "not exist" or "circular"
}

// The corpus ships only .crn files, and a few fixtures import directories that are not part of
// it; one fixture is a deliberate cycle. Each of these is expected with its reason; every other
// `use` must resolve.
var corpusImportProblems = map[string][]importProblem{
	// source '../../../modules/github-oidc': the module is outside the corpus.
	"carina/carina-core/tests/fixtures/fmt_smoke/github-oidc": {
		{"carina/carina-core/tests/fixtures/fmt_smoke/github-oidc", "github", "not exist"},
	},
	// './modules/web_tier' and './modules/network' are not shipped with the fixture.
	"carina/carina-cli/tests/fixtures/module_list": {
		{"carina/carina-cli/tests/fixtures/module_list", "network", "not exist"},
		{"carina/carina-cli/tests/fixtures/module_list", "web_tier", "not exist"},
	},
}

// corpusCycleDirs reach the deliberate cycle cycle_a <-> cycle_b: exactly one circular import
// must be found from each, whichever of the two closes it.
var corpusCycleDirs = []string{
	"carina/carina-core/tests/fixtures/nested_modules",
	"carina/carina-core/tests/fixtures/nested_modules/cycle_a",
	"carina/carina-core/tests/fixtures/nested_modules/cycle_b",
}

// importProblems follows c's `use` imports recursively and returns the unresolved ones.
func importProblems(root string, c *Config, seen map[*Config]bool) []importProblem {
	if seen[c] {
		return nil
	}
	seen[c] = true
	var out []importProblem
	for _, alias := range keys(c.Modules) {
		imp := c.Modules[alias]
		rel, _ := filepath.Rel(root, c.Dir)
		rel = filepath.ToSlash(rel)
		switch {
		case imp.Err == nil && imp.Config != nil:
			out = append(out, importProblems(root, imp.Config, seen)...)
		case errors.Is(imp.Err, fs.ErrNotExist):
			out = append(out, importProblem{rel, alias, "not exist"})
		case imp.Err != nil && strings.Contains(imp.Err.Error(), "Circular import detected"):
			out = append(out, importProblem{rel, alias, "circular"})
		default:
			out = append(out, importProblem{rel, alias, fmt.Sprint(imp.Err)})
		}
	}
	return out
}

// Every corpus directory builds a configuration without panicking, reading every file, and
// with every `use` resolved (but for the listed exceptions).
func TestCorpusConfigs(t *testing.T) {
	root, dirs := corpusDirs(t)
	ws := New(OSFS{})
	ctx := context.Background()
	modules, imports := 0, 0
	for _, dir := range dirs {
		rel, _ := filepath.Rel(root, dir)
		rel = filepath.ToSlash(rel)
		t.Run(rel, func(t *testing.T) {
			c, err := ws.Config(ctx, dir)
			if err != nil {
				t.Fatalf("Config: %v", err)
			}
			for _, le := range c.LoadErrors {
				t.Errorf("LoadError %s: %v", le.Path, le.Err)
			}
			if len(c.Files) == 0 {
				t.Errorf("no files loaded")
			}
			checkModelInvariants(t, c)
			if c.IsModule {
				modules++
			}
			imports += len(c.Modules)

			got := importProblems(root, c, map[*Config]bool{})
			if slices.Contains(corpusCycleDirs, rel) {
				if len(got) != 1 || got[0].Err != "circular" {
					t.Errorf("import problems = %+v, want exactly one circular import", got)
				}
				return
			}
			if diff := cmp.Diff(corpusImportProblems[rel], got); diff != "" {
				t.Errorf("import problems (-want +got):\n%s", diff)
			}
		})
	}
	if modules == 0 || imports == 0 {
		t.Errorf("%d modules and %d imports in the corpus: the test is not looking at what it should", modules, imports)
	}
}

// checkModelInvariants checks what must hold for any configuration: spans inside their files
// and naming what they claim, references and waits consistent with the declarations, edges
// between top-level declarations only.
func checkModelInvariants(t *testing.T, c *Config) {
	t.Helper()
	decls := map[*Decl]bool{}
	for _, d := range c.Decls {
		decls[d] = true
		if c.File(d.File.Path) != d.File {
			t.Errorf("decl %s: file %s not in the configuration", d.Name, d.File.Path)
		}
		if got := spanText(d.File, d.NameSpan); got != d.Name {
			t.Errorf("decl %s at %s: NameSpan text %q", d.Name, where(d.File, d.NameSpan.Start), got)
		}
	}
	for name, ds := range c.Bindings {
		for _, d := range ds {
			if d.Name != name || !d.TopLevel || !decls[d] || name == "_" {
				t.Errorf("binding %s: %s", name, describeDecl(d))
			}
		}
	}
	for _, r := range c.Refs {
		if got := spanText(r.File, r.Span); got != r.Name {
			t.Errorf("ref %s at %s: Span text %q", r.Name, where(r.File, r.Span.Start), got)
		}
		for _, p := range r.Path {
			if got := spanText(r.File, p.Span); got != p.Text {
				t.Errorf("ref %s path %s at %s: span text %q", r.Name, p.Text, where(r.File, p.Span.Start), got)
			}
		}
		if r.Decl != nil && (!decls[r.Decl] || r.Decl.Name != r.Name) {
			t.Errorf("ref %s at %s resolves to %s, not a declaration of its name", r.Name, where(r.File, r.Span.Start), describeDecl(r.Decl))
		}
		if r.Owner != nil && !r.Owner.TopLevel {
			t.Errorf("ref %s: owner %s is not top-level", r.Name, r.Owner.Name)
		}
	}
	for _, w := range c.Waits {
		if w.Decl.Kind != Wait || w.Expr != w.Decl.WaitExpr() {
			t.Errorf("wait %s: inconsistent", w.Decl.Name)
		}
		if w.Target != nil && w.Target.Kind != RefWaitTarget {
			t.Errorf("wait %s: target kind %v", w.Decl.Name, w.Target.Kind)
		}
	}
	for from, to := range c.Deps {
		for _, d := range to {
			if !from.TopLevel || !d.TopLevel {
				t.Errorf("edge %s -> %s between non-top-level declarations", from.Name, d.Name)
			}
		}
	}
}

// Every corpus file cut short at each line still builds: the model copes with whatever the
// parser recovers. The short mode cuts the files of one directory in five.
func TestCorpusTruncated(t *testing.T) {
	root, dirs := corpusDirs(t)
	ws := New(OSFS{})
	ctx := context.Background()
	every := suite.Scale(5, 1) // every directory; one in five in short mode
	for i, dir := range dirs {
		if i%every != 0 {
			continue
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !IsSource(e.Name()) {
				continue
			}
			p := filepath.Join(dir, e.Name())
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			text := string(b)
			for i := 0; i < len(text); i++ {
				if text[i] != '\n' {
					continue
				}
				ws.SetOverlay(p, text[:i])
				c, err := ws.Config(ctx, dir)
				if err != nil {
					rel, _ := filepath.Rel(root, p)
					t.Fatalf("%s cut at %d: %v", rel, i, err)
				}
				if len(c.LoadErrors) != 0 {
					t.Fatalf("LoadErrors: %v", c.LoadErrors)
				}
				checkModelInvariants(t, c)
				if t.Failed() {
					rel, _ := filepath.Rel(root, p)
					t.Fatalf("%s cut at byte %d: %q", rel, i, text[:i])
				}
			}
			ws.ClearOverlay(p)
		}
	}
}
