package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/semantictokens"
)

// semanticTokensFull answers the semantic tokens of a whole document.
func semanticTokensFull(ctx context.Context, s *Server, p *protocol.SemanticTokensParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return &semanticTokens{Data: []uint32{}}, nil
	}
	return &semanticTokens{Data: semantictokens.Encode(sn.file.Lines, semantictokens.Tokens(sn.cfg, sn.file, nil, sn.schemas))}, nil
}
