package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/semantictokens"
)

// semanticTokensFull answers the semantic tokens of a whole document, with a result id a later
// delta request can name.
func semanticTokensFull(ctx context.Context, s *Server, p *protocol.SemanticTokensParams) (any, error) {
	data, ok := s.fullTokens(ctx, p.TextDocument.URI)
	if !ok {
		return &semanticTokens{Data: []uint32{}}, nil
	}
	return &semanticTokens{ResultID: s.tokens.record(p.TextDocument.URI, data), Data: data}, nil
}

// fullTokens encodes the semantic tokens of a whole open document.
func (s *Server) fullTokens(ctx context.Context, uri protocol.DocumentURI) ([]uint32, bool) {
	sn, ok := s.snapshotOf(ctx, uri)
	if !ok {
		return nil, false
	}
	return semantictokens.Encode(sn.file.Lines, semantictokens.Tokens(sn.cfg, sn.file, nil, sn.schemas)), true
}
