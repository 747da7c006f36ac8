module github.com/carina-rs/carina-lsp

go 1.26

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/google/go-cmp v0.7.0
	go.lsp.dev/jsonrpc2 v0.10.0
	go.lsp.dev/protocol v0.12.0
	go.uber.org/zap v1.28.0
)

// jsonrpc2 v1.x does not compile with protocol v0.12.0 (undefined: jsonrpc2.Replier).
exclude (
	go.lsp.dev/jsonrpc2 v1.0.0
	go.lsp.dev/jsonrpc2 v1.0.1
)
