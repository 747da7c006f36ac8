package lsp

import "go.lsp.dev/protocol"

// Wire types that go.lsp.dev/protocol v0.12.0 lacks or gets wrong for our use.

// didChangeParams is textDocument/didChange with content changes whose range is optional: the
// library's type has a non-pointer Range, so a full-text change would read as an edit at 0:0.
type didChangeParams struct {
	TextDocument   protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []contentChange                          `json:"contentChanges"`
}

type contentChange struct {
	Range *protocol.Range `json:"range,omitempty"`
	Text  string          `json:"text"`
}

// publishDiagnosticsParams always carries the version (0 is a valid version) and never encodes
// the diagnostics as null.
type publishDiagnosticsParams struct {
	URI         protocol.DocumentURI  `json:"uri"`
	Version     *int32                `json:"version,omitempty"`
	Diagnostics []protocol.Diagnostic `json:"diagnostics"`
}

// semanticTokensOptions declares the legend, which the library's options type has no field for,
// and full: {delta: true}.
type semanticTokensOptions struct {
	Legend semanticTokensLegend      `json:"legend"`
	Range  bool                      `json:"range"`
	Full   semanticTokensFullOptions `json:"full"`
}

type semanticTokensFullOptions struct {
	Delta bool `json:"delta"`
}

type semanticTokensLegend struct {
	TokenTypes     []string `json:"tokenTypes"`
	TokenModifiers []string `json:"tokenModifiers"`
}

// semanticTokens never encodes its data as null.
type semanticTokens struct {
	ResultID string   `json:"resultId,omitempty"`
	Data     []uint32 `json:"data"`
}

// Inlay hints are LSP 3.17; the library stops at 3.16.
type inlayHintParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Range        protocol.Range                  `json:"range"`
}

type inlayHint struct {
	Position     protocol.Position `json:"position"`
	Label        string            `json:"label"`
	Kind         int               `json:"kind,omitempty"` // 1 type, 2 parameter
	Tooltip      string            `json:"tooltip,omitempty"`
	PaddingLeft  bool              `json:"paddingLeft,omitempty"`
	PaddingRight bool              `json:"paddingRight,omitempty"`
}

// serverCapabilities extends the library's capabilities with the 3.17 inlay hint provider.
type serverCapabilities struct {
	protocol.ServerCapabilities
	InlayHintProvider bool `json:"inlayHintProvider,omitempty"`
}

type initializeResult struct {
	Capabilities serverCapabilities   `json:"capabilities"`
	ServerInfo   *protocol.ServerInfo `json:"serverInfo,omitempty"`
}

// cancelParams is $/cancelRequest; the id is a number or a string.
type cancelParams struct {
	ID any `json:"id"`
}
