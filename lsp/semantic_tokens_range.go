package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/semantictokens"
)

// semanticTokensRange answers the semantic tokens of a range (what an editor shows first).
func semanticTokensRange(ctx context.Context, s *Server, p *protocol.SemanticTokensRangeParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return &semanticTokens{Data: []uint32{}}, nil
	}
	sp := spanOf(sn.file.Lines, p.Range)
	return &semanticTokens{Data: semantictokens.Encode(sn.file.Lines, semantictokens.Tokens(sn.cfg, sn.file, &sp, sn.schemas))}, nil
}
