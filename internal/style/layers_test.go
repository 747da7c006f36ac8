package style

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// source is one non-test Go file of the module, parsed.
type source struct {
	rel  string // slash path from the repository root
	pkg  string // its directory, the package's path in the module
	file *ast.File
	fset *token.FileSet
}

// sources parses every non-test Go file of the module (editors' generators and testdata aside).
func sources(t *testing.T) []source {
	t.Helper()
	root, rels := goFiles(t, false)
	out := make([]source, 0, len(rels))
	for _, rel := range rels {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, filepath.Join(root, filepath.FromSlash(rel)), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, source{rel: rel, pkg: pathDir(rel), file: f, fset: fset})
	}
	return out
}

func pathDir(rel string) string {
	if i := strings.LastIndex(rel, "/"); i >= 0 {
		return rel[:i]
	}
	return "."
}

// TestChecksImportedForChecking: the vocabulary of problems is package finding's; a package
// imports diagnostics only to run the checks (session, and what drives a check of its own:
// the server's syntax phase, the docs' examples, the exercise harness). config, graph, fix,
// report and the rest name codes and severities through finding.
func TestChecksImportedForChecking(t *testing.T) {
	allowed := []string{"checktree", "cmd/carina-lsp", "internal/codedocs", "internal/exercise", "lsp", "session"}
	var got []string
	for _, s := range sources(t) {
		for _, imp := range s.file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == module+"diagnostics" && !slices.Contains(got, s.pkg) {
				got = append(got, s.pkg)
			}
		}
	}
	slices.Sort(got)
	if diff := cmp.Diff(allowed, got); diff != "" {
		t.Errorf("the packages importing diagnostics (-allowed +got); a package that only names a code or a severity imports finding:\n%s", diff)
	}
}

// TestOneOfEach: what is owned once is written once. The rule of which directories a walk skips
// ("node_modules" spelt out), the worker pool over directories (a WaitGroup's Go), the JSON
// string escaper (a \u escape appended) and the store of open documents (a map of documents)
// each appear in one file.
func TestOneOfEach(t *testing.T) {
	type rule struct {
		what string
		in   func(n ast.Node) bool
		want string
	}
	str := func(s string) func(ast.Node) bool {
		return func(n ast.Node) bool {
			l, ok := n.(*ast.BasicLit)
			if !ok || l.Kind != token.STRING {
				return false
			}
			v, err := strconv.Unquote(l.Value)
			return err == nil && strings.Contains(v, s)
		}
	}
	rules := []rule{
		{"the walk's skip rule", str("node_modules"), "session/walk.go"},
		{"the JSON string escaper", func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !isIdent(call.Fun, "append") {
				return false
			}
			for i := 1; i+1 < len(call.Args); i++ {
				if isChar(call.Args[i], `'\\'`) && isChar(call.Args[i+1], "'u'") {
					return true // append(b, '\\', 'u', ...): a \u escape written out
				}
			}
			return false
		}, "internal/jsonstr/jsonstr.go"},
		{"the worker pool", func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			return ok && sel.Sel.Name == "Go" && isIdent(sel.X, "wg")
		}, "session/pool.go"},
		{"the store of open documents", func(n ast.Node) bool {
			m, ok := n.(*ast.MapType)
			if !ok {
				return false
			}
			star, ok := m.Value.(*ast.StarExpr)
			return ok && (isIdent(star.X, "Document") || isIdent(star.X, "document"))
		}, "session/documents.go"},
	}
	found := map[string][]string{}
	for _, s := range sources(t) {
		if strings.HasPrefix(s.rel, "internal/") && !strings.HasPrefix(s.rel, "internal/jsonstr/") && !strings.HasPrefix(s.rel, "internal/codedocs/") {
			continue // the test suite's own helpers and tools (internal/suite's walk of the repository)
		}
		ast.Inspect(s.file, func(n ast.Node) bool {
			for _, r := range rules {
				if n != nil && r.in(n) && !slices.Contains(found[r.what], s.rel) {
					found[r.what] = append(found[r.what], s.rel)
				}
			}
			return true
		})
	}
	for _, r := range rules {
		if diff := cmp.Diff([]string{r.want}, found[r.what]); diff != "" {
			t.Errorf("%s is written in (-want +got):\n%s", r.what, diff)
		}
	}
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func isChar(e ast.Expr, lit string) bool {
	l, ok := e.(*ast.BasicLit)
	return ok && l.Kind == token.CHAR && l.Value == lit
}
