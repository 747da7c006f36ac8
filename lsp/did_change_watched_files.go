package lsp

import (
	"context"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/schema"
)

// didChangeWatchedFiles picks up .crn and schema files changed outside the editor, lock files
// (carina-providers.lock: which provider version's schemas apply) and project configuration files
// (carina-lsp.toml: levels, ignored paths, schemas) and Carina's state files (*.state.json: the
// plan's diagnostics and lenses; the session reads a state file again when its mtime or size
// changed, so the event only says when to look).
func didChangeWatchedFiles(ctx context.Context, s *Server, p *protocol.DidChangeWatchedFilesParams) error {
	dirs := map[string]bool{}
	lenses := false
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
		if users := s.sess.StateFiles()[path]; len(users) > 0 || strings.HasSuffix(path, ".state.json") {
			// The configurations planned against it, wherever they are (a backend's path may
			// name a file in another directory).
			lenses = true
			dirs[filepath.Dir(path)] = true
			for _, d := range users {
				dirs[d] = true
			}
			continue
		}
		s.ws.Changed(path)
		dirs[filepath.Dir(path)] = true
	}
	if lenses {
		s.refreshLenses(ctx)
	}
	folders := s.workspaceFolders()
	for dir := range dirs {
		s.pub.dirChanged(ctx, dir)
		s.index.changed(ctx, dir, folders)
	}
	return nil
}

// refreshLenses asks a client that can to request its code lenses again.
func (s *Server) refreshLenses(ctx context.Context) {
	if !s.clientCaps().lensRefresh || s.conn == nil {
		return
	}
	go func() {
		if err := s.callClient(ctx, "workspace/codeLens/refresh", nil); err != nil {
			s.log.Debug("workspace/codeLens/refresh", zap.Error(err))
		}
	}()
}
