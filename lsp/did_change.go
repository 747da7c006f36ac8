package lsp

import (
	"context"

	"go.uber.org/zap"
)

// didChange applies incremental or full changes (UTF-16 ranges) to an open document, re-parses it
// around the change and publishes its syntax errors. A change for an older version, or for a
// document never opened, is dropped with a log line.
func didChange(ctx context.Context, s *Server, p *didChangeParams) error {
	uri := p.TextDocument.URI
	d, doc, cs, err := s.docs.store.Change(keyOf(uri, documentPath(uri)), p.TextDocument.Version, sessionChanges(p.ContentChanges))
	if err != nil {
		s.log.Info("change dropped", zap.Error(err))
		return nil
	}
	if d.Path == "" {
		return nil
	}
	s.pub.edited(ctx, d, doc, cs.Edits)
	return nil
}
