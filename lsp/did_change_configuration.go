package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// didChangeConfiguration takes new settings (schema paths, log level) and re-checks every open
// configuration.
func didChangeConfiguration(ctx context.Context, s *Server, p *protocol.DidChangeConfigurationParams) error {
	set, ok, err := parseSettings(p.Settings)
	if err != nil {
		s.log.Warn("didChangeConfiguration", zap.Error(err))
		return nil
	}
	if !ok {
		return nil
	}
	s.applySettings(ctx, set)
	dirs := map[string]bool{}
	for _, d := range s.docs.all() {
		if d.Path != "" {
			dirs[filepath.Dir(d.Path)] = true
		}
	}
	for dir := range dirs {
		s.pub.dirChanged(ctx, dir)
	}
	return nil
}
