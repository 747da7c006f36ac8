package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// didClose returns the file to its content on disk and clears its diagnostics; the other open
// files of its configuration are re-checked (they may have read the closed buffer's text).
func didClose(ctx context.Context, s *Server, p *protocol.DidCloseTextDocumentParams) error {
	uri := p.TextDocument.URI
	d := s.docs.store.Close(keyOf(uri, documentPath(uri)))
	s.tokens.drop(uri)
	if d == nil || d.Path == "" {
		return nil
	}
	s.pub.closed(ctx, d)
	return nil
}
