// Package editors holds the editor integrations of carina-lsp, which are not Go: the VS Code
// extension (vscode/), a TextMate bundle (tmbundle/) and a Neovim plugin (nvim/). Its tests keep
// them in step with the Go lexer: the two copies of the TextMate grammar must be byte-identical,
// valid JSON, and their keyword patterns must list exactly grammar.Keywords() (and their constant
// patterns grammar.Constants()), so a keyword added to the lexer without the grammars fails the
// build. The grammar's scopes are tested by `npm test` in vscode/ (see scripts/test).
package editors
