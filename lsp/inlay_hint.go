package lsp

import (
	"context"

	"github.com/carina-rs/carina-lsp/hover"
)

// inlayHints answers textDocument/inlayHint (LSP 3.17, types of our own): the effective timeout of
// each wait that sets none.
func inlayHints(ctx context.Context, s *Server, p *inlayHintParams) (any, error) {
	out := []inlayHint{}
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return out, nil
	}
	for _, h := range hover.InlayHints(sn.cfg, sn.file, spanOf(sn.file.Lines, p.Range), sn.schemas) {
		out = append(out, inlayHint{
			Position:    toPosition(sn.file.Lines, h.Offset),
			Label:       h.Label,
			Tooltip:     h.Tooltip,
			PaddingLeft: h.PaddingLeft,
		})
	}
	return out, nil
}
