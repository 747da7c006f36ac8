package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"
)

// didSave records that the file on disk changed (other configurations may read it, e.g. as a
// module) and re-checks its directory.
func didSave(ctx context.Context, s *Server, p *protocol.DidSaveTextDocumentParams) error {
	path := pathOf(p.TextDocument.URI)
	if path == "" {
		return nil
	}
	s.ws.Changed(path)
	s.pub.dirChanged(ctx, filepath.Dir(path))
	s.index.changed(ctx, filepath.Dir(path), s.workspaceFolders())
	return nil
}
