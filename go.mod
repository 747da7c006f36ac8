module github.com/carina-rs/carina-lsp

go 1.26.0

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/google/go-cmp v0.7.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
	github.com/pelletier/go-toml/v2 v2.4.3
	github.com/pierrec/lz4/v4 v4.1.33
	github.com/segmentio/encoding v0.5.4
	go.lsp.dev/jsonrpc2 v0.10.0
	go.lsp.dev/protocol v0.12.0
	go.lsp.dev/uri v0.3.0
	go.uber.org/zap v1.28.0
	go.yaml.in/yaml/v3 v3.0.4
	golang.org/x/crypto v0.59.0
)

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	go.lsp.dev/pkg v0.0.0-20210717090340-384b27a52fb2 // indirect
	go.uber.org/multierr v1.10.0 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.20.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/time v0.15.0 // indirect
)

// jsonrpc2 v1.x does not compile with protocol v0.12.0 (undefined: jsonrpc2.Replier).
exclude (
	go.lsp.dev/jsonrpc2 v1.0.0
	go.lsp.dev/jsonrpc2 v1.0.1
)

// npm's packages (editors/vscode, e2e/node, e2e/workbench) are no Go: walking them made every
// ./... slower, and scripts/test installs the extension's while go vet and go test run.
ignore node_modules
