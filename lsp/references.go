package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// references answers find references across the files of the configuration.
func references(ctx context.Context, s *Server, p *protocol.ReferenceParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return []protocol.Location{}, nil
	}
	return s.locations(ctx, navigate.References(sn.cfg, sn.file, sn.offset(p.Position), p.Context.IncludeDeclaration)), nil
}
