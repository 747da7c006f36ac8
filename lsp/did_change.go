package lsp

import (
	"context"

	"go.uber.org/zap"
)

// didChange applies incremental or full changes (UTF-16 ranges) to an open document. A change for
// an older version, or for a document never opened, is dropped with a log line.
func didChange(ctx context.Context, s *Server, p *didChangeParams) error {
	d, edits, err := s.docs.change(p.TextDocument.URI, p.TextDocument.Version, p.ContentChanges)
	if err != nil {
		s.log.Info("change dropped", zap.Error(err))
		return nil
	}
	if d.path == "" {
		return nil
	}
	s.ws.SetOverlay(d.path, d.text)
	s.pub.edited(ctx, d, edits)
	return nil
}
