package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// didClose returns the file to its content on disk and clears its diagnostics; the other open
// files of its configuration are re-checked (they may have read the closed buffer's text).
func didClose(ctx context.Context, s *Server, p *protocol.DidCloseTextDocumentParams) error {
	d := s.docs.close(p.TextDocument.URI)
	s.tokens.drop(p.TextDocument.URI)
	if d == nil || d.path == "" {
		return nil
	}
	s.ws.ClearOverlay(d.path)
	s.pub.closed(ctx, d)
	return nil
}
