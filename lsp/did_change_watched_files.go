package lsp

import (
	"context"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/schema"
)

// didChangeWatchedFiles picks up .crn and schema files changed outside the editor, lock files
// (carina-providers.lock: which provider version's schemas apply) and project configuration files
// (carina-lsp.toml: levels, ignored paths, schemas).
func didChangeWatchedFiles(ctx context.Context, s *Server, p *protocol.DidChangeWatchedFilesParams) error {
	dirs := map[string]bool{}
	for _, ev := range p.Changes {
		path := pathOf(ev.URI)
		if path == "" {
			continue
		}
		if filepath.Base(path) == config.FileName {
			// Levels, ignored paths, schemas and the formatter's options of everything under it.
			s.forgetConfig(path)
		}
		if strings.HasSuffix(path, ".json") && strings.Contains(filepath.ToSlash(path), "/.carina/schemas/") ||
			filepath.Base(path) == schema.LockFile || filepath.Base(path) == config.FileName {
			s.schemas.Reset()
			s.pulls.invalidateAll()
			for _, d := range s.docs.all() {
				dirs[filepath.Dir(d.Path)] = true
			}
			continue
		}
		s.ws.Changed(path)
		dirs[filepath.Dir(path)] = true
	}
	folders := s.workspaceFolders()
	for dir := range dirs {
		s.pub.dirChanged(ctx, dir)
		s.index.changed(ctx, dir, folders)
	}
	return nil
}
