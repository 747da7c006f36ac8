package treesitter

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/corpus"
)

// cleanFiles are the .crn files carina-lsp's parser reads without a syntax error: the corpus,
// the examples and the CloudFormation converter's goldens.
func cleanFiles(t *testing.T) []string {
	t.Helper()
	files := corpus.Files(t)
	for _, dir := range []string{"../../examples", "../../cfn/testdata/golden"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".crn") {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// ourStatements returns where carina-lsp's parser puts src's statements, and its errors.
func ourStatements(ps *grammar.Parser, src string) ([]span, []grammar.SyntaxError) {
	f := ps.Parse(src)
	var out []span
	for _, s := range f.Stmts {
		sp := s.Abs(s.Node.Pos())
		out = append(out, span{int(sp.Start), int(sp.End)})
	}
	return out, f.Errors
}

// TestCorpusParsesClean: every file carina-lsp's parser reads without error parses with no
// ERROR or MISSING node, and its statements are where carina-lsp's parser puts them.
func TestCorpusParsesClean(t *testing.T) {
	drv := driver(t)
	files := cleanFiles(t)
	got := parseFiles(t, drv, files)
	ps := grammar.NewParser()
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want, errs := ourStatements(ps.Fork(), string(data))
		if len(errs) > 0 {
			t.Errorf("%s: carina-lsp's parser: %s", path, errs[0].Msg)
			continue
		}
		p := got[path]
		if len(p.Errors) > 0 {
			t.Errorf("%s: %s", path, strings.Join(p.Errors, ", "))
			continue
		}
		if diff := cmp.Diff(want, p.Stmts); diff != "" {
			t.Errorf("%s: statements of carina-lsp (-) and tree-sitter (+):\n%s", path, diff)
		}
	}
	if len(files) < 363 {
		t.Errorf("only %d files", len(files))
	}
}

// A mutation rewrites a file from its statements' texts into another valid file.
type mutation struct {
	name string
	join func(stmts []string) string
}

var mutations = []mutation{
	{"reversed", func(s []string) string {
		out := make([]string, len(s))
		for i := range s {
			out[i] = s[len(s)-1-i]
		}
		return strings.Join(out, "\n\n")
	}},
	{"one line", func(s []string) string { return strings.Join(s, " ") }},
	{"comments between", func(s []string) string {
		return strings.Join(s, "\n/* a /* nested */ comment */ # and a line\n")
	}},
	{"every other", func(s []string) string {
		var out []string
		for i := 0; i < len(s); i += 2 {
			out = append(out, s[i])
		}
		return strings.Join(out, "\n")
	}},
}

// TestStatementBoundariesOnMutations: on the corpus rewritten (statements reversed, on one line,
// comments between, every other dropped), both parsers put the statements at the same places,
// those the rewrite put them at.
func TestStatementBoundariesOnMutations(t *testing.T) {
	drv := driver(t)
	files := corpus.Files(t)
	if testing.Short() {
		files = sample(files, 60)
	}
	dir := t.TempDir()
	ps := grammar.NewParser()
	type want struct {
		stmts []span
		name  string
	}
	wants := map[string]want{}
	var paths []string
	for i, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		spans, _ := ourStatements(ps.Fork(), src)
		texts := make([]string, len(spans))
		for j, s := range spans {
			texts[j] = src[s.Start:s.End]
		}
		for k, m := range mutations {
			out := m.join(texts)
			p := filepath.Join(dir, fmt.Sprintf("%d-%d.crn", i, k))
			if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			ours, errs := ourStatements(ps.Fork(), out)
			if len(errs) > 0 {
				t.Errorf("%s, %s: carina-lsp's parser: %s", path, m.name, errs[0].Msg)
			}
			wants[p] = want{ours, path + ", " + m.name}
			paths = append(paths, p)
		}
	}
	got := parseFiles(t, drv, paths)
	for _, p := range paths {
		w, g := wants[p], got[p]
		if len(g.Errors) > 0 {
			t.Errorf("%s: %s", w.name, strings.Join(g.Errors, ", "))
			continue
		}
		if diff := cmp.Diff(w.stmts, g.Stmts); diff != "" {
			t.Errorf("%s: statements of carina-lsp (-) and tree-sitter (+):\n%s", w.name, diff)
		}
	}
}

// TestOneBrokenStatement: a stray character in one statement leaves every other statement whole
// and where it was, so an editor keeps highlighting the rest of the file.
func TestOneBrokenStatement(t *testing.T) {
	drv := driver(t)
	files := corpus.Files(t)
	if testing.Short() {
		files = sample(files, 60)
	}
	dir := t.TempDir()
	ps := grammar.NewParser()
	type broken struct {
		name   string
		others []span // the statements but the broken one, in the broken file
		at     span   // the broken statement
	}
	var cases []broken
	var paths []string
	for i, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		spans, _ := ourStatements(ps.Fork(), src)
		if len(spans) < 3 {
			continue
		}
		k := len(spans) / 2
		// after the statement's first word: `let` @ name = ..., `aws.s3.Bucket` @ { ... }
		s := spans[k]
		cut := s.Start + strings.IndexAny(src[s.Start:s.End]+" ", " \t\n{")
		const stray = " @ "
		out := src[:cut] + stray + src[cut:]
		var others []span
		for j, o := range spans {
			if j < k {
				others = append(others, o)
			} else if j > k {
				others = append(others, span{o.Start + len(stray), o.End + len(stray)})
			}
		}
		p := filepath.Join(dir, fmt.Sprintf("%d.crn", i))
		if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, broken{path, others, span{s.Start, s.End + len(stray)}})
		paths = append(paths, p)
	}
	got := parseFiles(t, drv, paths)
	whole := 0
	for i, p := range paths {
		c, g := cases[i], got[p]
		if len(g.Errors) == 0 {
			t.Errorf("%s: the stray character is no error", c.name)
		}
		have := map[span]bool{}
		for _, s := range g.Stmts {
			have[s] = true
		}
		lost := 0
		for _, o := range c.others {
			if !have[o] {
				lost++
			}
		}
		if lost > 0 {
			t.Errorf("%s: %d of the %d other statements are not whole after the broken one (at %d)", c.name, lost, len(c.others), c.at.Start)
		} else {
			whole++
		}
	}
	t.Logf("%d of %d files keep every other statement whole", whole, len(paths))
}

// sample returns n of files spread over the list (all when it is shorter).
func sample(files []string, n int) []string {
	if len(files) <= n {
		return files
	}
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, files[i*len(files)/n])
	}
	return out
}
