// Package lsp owns the Language Server Protocol side of carina-lsp: New makes a Server and
// Server.Serve runs one session. It holds the JSON-RPC wiring over stdio, the lifecycle
// (initialize, shutdown, exit), the store of open documents (versions, incremental changes in
// UTF-16 positions), scheduling (requests run concurrently and can be cancelled; document
// notifications apply in order), two-phase diagnostics publishing, the background index of
// workspace symbols, unsaved (untitled:) buffers, and the conversion between byte offsets and LSP
// positions. It holds no language logic: each feature calls the package that owns it (grammar,
// workspace, diagnostics, fix, completion, hover, navigate, semantictokens, format). There is one
// file per LSP method.
package lsp
