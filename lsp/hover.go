package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/hover"
)

// textDocumentHover answers textDocument/hover with a Markdown card.
func textDocumentHover(ctx context.Context, s *Server, p *protocol.HoverParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	h := hover.AtWith(ctx, sn.cfg, sn.file, sn.offset(p.Position), sn.schemas, hover.Options{OnPanic: s.contained})
	if h == nil {
		return nil, nil
	}
	r := toRange(sn.file.Lines, h.Span)
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: h.Markdown}, Range: &r}, nil
}
