package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// documentHighlight marks the declaration (write) and the uses (read) of the name at the cursor.
func documentHighlight(ctx context.Context, s *Server, p *protocol.DocumentHighlightParams) (any, error) {
	out := []protocol.DocumentHighlight{}
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return out, nil
	}
	for _, h := range navigate.Highlights(sn.cfg, sn.file, sn.offset(p.Position)) {
		kind := protocol.DocumentHighlightKindRead
		if h.Write {
			kind = protocol.DocumentHighlightKindWrite
		}
		out = append(out, protocol.DocumentHighlight{Range: toRange(sn.file.Lines, h.Span), Kind: kind})
	}
	return out, nil
}
