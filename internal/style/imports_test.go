package style

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/carina-rs/carina-lsp/"

// TestOneImportName enforces that the module's packages are imported under their own names
// (grammar, not sometimes g): a reader meets one name for one package everywhere.
func TestOneImportName(t *testing.T) {
	root, rels := goFiles(t, true)
	for _, rel := range rels {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, filepath.Join(root, filepath.FromSlash(rel)), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if !strings.HasPrefix(path, module) || imp.Name == nil || imp.Name.Name == "_" {
				continue
			}
			t.Errorf("%s:%d: %s imported as %s; import it under its own name", rel, fset.Position(imp.Pos()).Line, path, imp.Name.Name)
		}
	}
}
