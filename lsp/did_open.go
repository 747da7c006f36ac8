package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// didOpen makes the buffer the file's content for every analysis and publishes its diagnostics:
// the syntax phase at once, the semantic phase after the debounce.
func didOpen(ctx context.Context, s *Server, p *protocol.DidOpenTextDocumentParams) error {
	path := documentPath(p.TextDocument.URI)
	d, doc := s.docs.store.Open(keyOf(p.TextDocument.URI, path), string(p.TextDocument.URI), path, p.TextDocument.Version, p.TextDocument.Text)
	if path == "" {
		return nil // neither a file nor an untitled buffer: nothing to analyse
	}
	s.pub.edited(ctx, d, doc, nil)
	return nil
}
