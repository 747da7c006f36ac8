// Package e2e holds the end-to-end tests that drive the built carina-lsp binary from real
// clients: headless Neovim (its built-in LSP client) and a Node client on
// vscode-languageserver-protocol. A missing client skips a test locally but fails it under
// CI=true, so CI can never pass without running them.
package e2e
