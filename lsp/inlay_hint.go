package lsp

import (
	"context"

	"github.com/carina-rs/carina-lsp/hover"
)

// inlayHints answers textDocument/inlayHint (LSP 3.17, types of our own): the effective timeout of
// each wait that sets none, and the inferred types when the settings ask for them.
func inlayHints(ctx context.Context, s *Server, p *inlayHintParams) (any, error) {
	out := []inlayHint{}
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return out, nil
	}
	s.mu.Lock()
	opts := hover.InlayOptions{Types: s.settings.InlayHints.Types}
	s.mu.Unlock()
	for _, h := range hover.InlayHintsWith(sn.cfg, sn.file, spanOf(sn.file.Lines, p.Range), sn.schemas, opts) {
		out = append(out, inlayHint{
			Position:    toPosition(sn.file.Lines, h.Offset),
			Label:       h.Label,
			Tooltip:     h.Tooltip,
			PaddingLeft: h.PaddingLeft,
		})
	}
	return out, nil
}
