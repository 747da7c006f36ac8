package lsp

import (
	"context"
	"slices"

	"go.lsp.dev/protocol"
)

// didChangeWorkspaceFolders keeps the list of workspace folders (used for workspace symbols and to
// resolve relative schema paths) and indexes them again.
func didChangeWorkspaceFolders(ctx context.Context, s *Server, p *protocol.DidChangeWorkspaceFoldersParams) error {
	defer func() { s.index.start(ctx, s.workspaceFolders(), s.clientCaps().workDoneProgress) }()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range p.Event.Removed {
		path := pathOf(protocol.DocumentURI(f.URI))
		s.folders = slices.DeleteFunc(s.folders, func(x string) bool { return x == path })
	}
	for _, f := range p.Event.Added {
		if path := pathOf(protocol.DocumentURI(f.URI)); path != "" && !slices.Contains(s.folders, path) {
			s.folders = append(s.folders, path)
		}
	}
	return nil
}
