// Command gen writes the editor grammars (the TextMate grammar of the VS Code extension and of
// the TextMate bundle, Neovim's syntax file) from the templates of editors/internal/grammargen
// and the construct table, and the Helix and Zed copies of the tree-sitter queries
// (editors/internal/tsqueries). It is run by go generate in the editors directory:
//
//	go run ./internal/gen
//
// A file whose content is unchanged is left untouched.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/carina-rs/carina-lsp/editors/internal/grammargen"
	"github.com/carina-rs/carina-lsp/editors/internal/tsqueries"
	"github.com/carina-rs/carina-lsp/grammar"
)

func main() {
	files, err := grammargen.Files(grammar.Constructs())
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	queries, err := tsqueries.Files(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	for _, q := range queries {
		files = append(files, grammargen.File{Path: q.Path, Data: q.Data})
	}
	for _, f := range files {
		path := filepath.FromSlash(f.Path)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, f.Data) {
			continue
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}
