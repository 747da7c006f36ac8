// Package editors holds the editor integrations of carina-lsp, which are not Go: the VS Code
// extension (vscode/), a TextMate bundle (tmbundle/), a Neovim plugin (nvim/), and a tree-sitter
// grammar (tree-sitter-carina/, tested by package editors/treesitter) with its Helix (helix/) and
// Zed (zed/) packages. Their grammars
// (the TextMate grammar, in both folders, and Neovim's syntax file) are generated from the
// templates of internal/grammargen and the keywords of the construct table: run go generate
// ./editors after changing either. Its tests keep them in step with the Go lexer: the committed
// grammars must be what the generator writes, valid JSON, and their keyword patterns must list
// exactly grammar.Keywords() (and their constant patterns grammar.Constants()). The grammar's
// scopes are tested by `npm test` in vscode/ (see scripts/test).
package editors

//go:generate go run ./internal/gen
