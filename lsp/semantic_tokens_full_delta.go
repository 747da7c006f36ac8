package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// semanticTokensFullDelta answers the edits from the document's previous answer (the one whose
// result id the client names) to its tokens now; when that answer is not the one kept (an older
// one, or none since the document opened) it answers the whole tokens, as the spec allows.
func semanticTokensFullDelta(ctx context.Context, s *Server, p *protocol.SemanticTokensDeltaParams) (any, error) {
	uri := p.TextDocument.URI
	data, ok := s.fullTokens(ctx, uri)
	if !ok {
		return &semanticTokens{Data: []uint32{}}, nil
	}
	old, ok := s.tokens.previous(uri, p.PreviousResultID)
	id := s.tokens.record(uri, data)
	if !ok {
		return &semanticTokens{ResultID: id, Data: data}, nil
	}
	return &protocol.SemanticTokensDelta{ResultID: id, Edits: tokenEdits(old, data)}, nil
}
