package lsp

import (
	"encoding/json"

	"go.lsp.dev/protocol"
)

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

// serverCapabilities extends the library's capabilities with the 3.17 inlay hint and diagnostic
// providers.
type serverCapabilities struct {
	protocol.ServerCapabilities
	InlayHintProvider  bool               `json:"inlayHintProvider,omitempty"`
	DiagnosticProvider *diagnosticOptions `json:"diagnosticProvider,omitempty"`
}

type initializeResult struct {
	Capabilities serverCapabilities   `json:"capabilities"`
	ServerInfo   *protocol.ServerInfo `json:"serverInfo,omitempty"`
}

// initializeParams is the library's initialize params with the 3.17 client capabilities it
// lacks: textDocument.diagnostic (the client pulls diagnostics) and
// workspace.diagnostics.refreshSupport.
type initializeParams struct {
	protocol.InitializeParams
	Pull    *diagnosticClientCapabilities
	Refresh bool
}

type diagnosticClientCapabilities struct {
	DynamicRegistration    bool `json:"dynamicRegistration,omitempty"`
	RelatedDocumentSupport bool `json:"relatedDocumentSupport,omitempty"`
}

func (p *initializeParams) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, &p.InitializeParams); err != nil {
		return err
	}
	var extra struct {
		Capabilities struct {
			TextDocument struct {
				Diagnostic *diagnosticClientCapabilities `json:"diagnostic"`
			} `json:"textDocument"`
			Workspace struct {
				Diagnostics struct {
					RefreshSupport bool `json:"refreshSupport"`
				} `json:"diagnostics"`
			} `json:"workspace"`
		} `json:"capabilities"`
	}
	if err := json.Unmarshal(b, &extra); err != nil {
		return err
	}
	p.Pull = extra.Capabilities.TextDocument.Diagnostic
	p.Refresh = extra.Capabilities.Workspace.Diagnostics.RefreshSupport
	return nil
}

// diagnosticOptions is the 3.17 diagnosticProvider.
type diagnosticOptions struct {
	Identifier            string `json:"identifier,omitempty"`
	InterFileDependencies bool   `json:"interFileDependencies"`
	WorkspaceDiagnostics  bool   `json:"workspaceDiagnostics"`
}

// documentDiagnosticParams is textDocument/diagnostic.
type documentDiagnosticParams struct {
	TextDocument       protocol.TextDocumentIdentifier `json:"textDocument"`
	Identifier         string                          `json:"identifier,omitempty"`
	PreviousResultID   string                          `json:"previousResultId,omitempty"`
	WorkDoneToken      json.RawMessage                 `json:"workDoneToken,omitempty"`      // a number or a string
	PartialResultToken json.RawMessage                 `json:"partialResultToken,omitempty"` // a number or a string
}

// Report kinds of pulled diagnostics.
const (
	reportFull      = "full"
	reportUnchanged = "unchanged"
)

// documentDiagnosticReport is a full or an unchanged report of one document: Items only in a
// full one (never null there), ResultID always.
type documentDiagnosticReport struct {
	Kind     string                `json:"kind"`
	ResultID string                `json:"resultId,omitempty"`
	Items    []protocol.Diagnostic `json:"items,omitempty"`
}

// MarshalJSON writes items: [] in a full report without findings (a struct of its own: encoders
// differ on which of two fields of one name wins).
func (r documentDiagnosticReport) MarshalJSON() ([]byte, error) {
	if r.Kind != reportFull {
		return json.Marshal(struct {
			Kind     string `json:"kind"`
			ResultID string `json:"resultId,omitempty"`
		}{r.Kind, r.ResultID})
	}
	items := r.Items
	if items == nil {
		items = []protocol.Diagnostic{}
	}
	return json.Marshal(struct {
		Kind     string                `json:"kind"`
		ResultID string                `json:"resultId,omitempty"`
		Items    []protocol.Diagnostic `json:"items"`
	}{r.Kind, r.ResultID, items})
}

// workspaceDiagnosticParams is workspace/diagnostic.
type workspaceDiagnosticParams struct {
	Identifier         string             `json:"identifier,omitempty"`
	PreviousResultIDs  []previousResultID `json:"previousResultIds"`
	WorkDoneToken      json.RawMessage    `json:"workDoneToken,omitempty"`
	PartialResultToken json.RawMessage    `json:"partialResultToken,omitempty"`
}

type previousResultID struct {
	URI   protocol.DocumentURI `json:"uri"`
	Value string               `json:"value"`
}

// workspaceDocumentDiagnosticReport is one document's report in a workspace report: its URI and
// its version (null for a document that is not open).
type workspaceDocumentDiagnosticReport struct {
	documentDiagnosticReport
	URI     protocol.DocumentURI `json:"uri"`
	Version *int32               `json:"version"`
}

// MarshalJSON keeps the embedded report's items: [] and adds uri and version.
func (r workspaceDocumentDiagnosticReport) MarshalJSON() ([]byte, error) {
	inner, err := r.documentDiagnosticReport.MarshalJSON()
	if err != nil {
		return nil, err
	}
	tail, err := json.Marshal(struct {
		URI     protocol.DocumentURI `json:"uri"`
		Version *int32               `json:"version"`
	}{r.URI, r.Version})
	if err != nil {
		return nil, err
	}
	out := append(inner[:len(inner)-1:len(inner)-1], ',')
	return append(out, tail[1:]...), nil
}

// workspaceDiagnosticReport is the answer to workspace/diagnostic, and the value of each of its
// partial results.
type workspaceDiagnosticReport struct {
	Items []workspaceDocumentDiagnosticReport `json:"items"`
}

// codeActionWithFiles is a code action whose edit may create a file: go.lsp.dev/protocol v0.12.0's
// WorkspaceEdit holds text document edits only in documentChanges, not the create operations LSP
// 3.13 added.
type codeActionWithFiles struct {
	Title       string                  `json:"title"`
	Kind        protocol.CodeActionKind `json:"kind,omitempty"`
	Diagnostics []protocol.Diagnostic   `json:"diagnostics,omitempty"`
	Edit        workspaceEditWithFiles  `json:"edit"`
}

// workspaceEditWithFiles is a workspace edit of documentChanges: createFile operations and
// protocol.TextDocumentEdit values, applied in order.
type workspaceEditWithFiles struct {
	DocumentChanges []any `json:"documentChanges"`
}

// createFile is LSP's CreateFile operation ("kind": "create").
type createFile struct {
	Kind    string                      `json:"kind"`
	URI     protocol.DocumentURI        `json:"uri"`
	Options *protocol.CreateFileOptions `json:"options,omitempty"`
}
