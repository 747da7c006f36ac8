// Package grammargen writes the editor grammars of Carina (the TextMate grammar of the VS Code
// extension and of the TextMate bundle, and Neovim's syntax file) from templates kept here and
// the keywords of the construct table, so a keyword is spelled in one place: grammar.Constructs.
// Command gen (editors/internal/gen, run by go generate ./editors) writes the files, and a test
// of package editors checks that the committed files are what Files renders.
package grammargen

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"text/template"

	"github.com/carina-rs/carina-lsp/grammar"
)

//go:embed carina.tmLanguage.json.tmpl carina.vim.tmpl
var templates embed.FS

// File is one generated file: its path under editors/ and its content.
type File struct {
	Path string
	Data []byte
}

// The generated files: the TextMate grammar goes to two places, byte for byte.
const (
	VSCodeGrammar = "vscode/syntaxes/carina.tmLanguage.json"
	BundleGrammar = "tmbundle/Syntaxes/carina.tmLanguage.json"
	NeovimSyntax  = "nvim/syntax/carina.vim"
)

// The templates they are rendered from, embedded.
const (
	textMateTemplate = "carina.tmLanguage.json.tmpl"
	vimTemplate      = "carina.vim.tmpl"
)

// Files renders the editor grammars for a construct table (grammar.Constructs(), or another
// table in tests), in the order VSCodeGrammar, BundleGrammar, NeovimSyntax.
func Files(constructs []grammar.Construct) ([]File, error) {
	groups, err := Group(constructs)
	if err != nil {
		return nil, err
	}
	textMate, err := render(textMateTemplate, groups)
	if err != nil {
		return nil, err
	}
	// A template edit that breaks the JSON would otherwise only show in the editors.
	if !json.Valid(textMate) {
		return nil, fmt.Errorf("%s does not render valid JSON", textMateTemplate)
	}
	vim, err := render(vimTemplate, groups)
	if err != nil {
		return nil, err
	}
	return []File{{VSCodeGrammar, textMate}, {BundleGrammar, textMate}, {NeovimSyntax, vim}}, nil
}

func render(name string, groups Groups) ([]byte, error) {
	t, err := template.New(name).Funcs(template.FuncMap{
		"alternation": func(words []string) string { return strings.Join(words, "|") },
		"words":       func(words []string) string { return strings.Join(words, " ") },
	}).ParseFS(templates, name)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := t.Execute(&out, groups); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
