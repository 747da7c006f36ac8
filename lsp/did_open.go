package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/grammar"
)

// didOpen makes the buffer the file's content for every analysis and publishes its diagnostics:
// the syntax phase at once, the semantic phase after the debounce.
func didOpen(ctx context.Context, s *Server, p *protocol.DidOpenTextDocumentParams) error {
	path := documentPath(p.TextDocument.URI)
	d := s.docs.open(p.TextDocument.URI, path, p.TextDocument.Version, p.TextDocument.Text)
	if path == "" {
		return nil // neither a file nor an untitled buffer: nothing to analyse
	}
	doc := s.ws.EditOverlay(path, d.text, d.lines, grammar.Edit{Start: -1})
	s.pub.edited(ctx, d, doc, nil)
	return nil
}
