// Package e2e holds the end-to-end tests that drive the built carina-lsp binary from real
// clients: headless Neovim (its built-in LSP client, the plugin's health check, call hierarchy and
// code lenses, :CarinaConvert, and the minimal setup of docs/editors.md) and a Node client on vscode-languageserver-protocol; and the release
// (scripts/release for this machine: the stamped binary, the .vsix files, the checksums). A
// missing client skips a test locally but fails it under CI=true, so CI can never pass without
// running them.
package e2e
