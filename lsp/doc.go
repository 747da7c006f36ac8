// Package lsp owns the Language Server Protocol side of carina-lsp: the JSON-RPC wiring over
// stdio, the lifecycle (initialize, shutdown, exit), the store of open documents (versions,
// incremental changes in UTF-16 positions), scheduling (requests run concurrently and can be
// cancelled; document notifications apply in order), two-phase diagnostics publishing, and the
// conversion between byte offsets and LSP positions. It holds no language logic: each feature
// calls the package that owns it (grammar, workspace, diagnostics, completion, hover, navigate,
// semantictokens, format). There is one file per LSP method.
package lsp
