package grammar

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoKeywordSpelled enforces that the construct table is the one place that spells the
// language's keywords: no string literal in the code outside this package (tests and test data
// aside) is a keyword. Code names a construct (WaitConstruct.Keyword()) or reads its keys
// (ConstructOf(WaitConstruct).Keys); prose that mentions a keyword inside a longer message is
// fine.
func TestNoKeywordSpelled(t *testing.T) {
	keywords := map[string]bool{}
	for _, k := range Keywords() {
		keywords[k] = true
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", "testdata", "grammar":
				return filepath.SkipDir
			}
			if strings.HasPrefix(d.Name(), ".") && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := goparser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if v, err := strconv.Unquote(lit.Value); err == nil && keywords[v] {
					rel, _ := filepath.Rel(root, fset.Position(lit.Pos()).Filename)
					t.Errorf("%s:%d: the keyword %q is spelled outside grammar; name its construct instead", rel, fset.Position(lit.Pos()).Line, v)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Fatalf("only %d files checked: the walk missed the repository", checked)
	}
}
