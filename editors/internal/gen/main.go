// Command gen writes the editor grammars (the TextMate grammar of the VS Code extension and of
// the TextMate bundle, Neovim's syntax file) from the templates of editors/internal/grammargen
// and the construct table. It is run by go generate in the editors directory:
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
	"github.com/carina-rs/carina-lsp/grammar"
)

func main() {
	files, err := grammargen.Files(grammar.Constructs())
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	for _, f := range files {
		path := filepath.FromSlash(f.Path)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, f.Data) {
			continue
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}
