package lsp

import "context"

// shutdown stops accepting requests; the client sends exit next.
func shutdown(_ context.Context, s *Server, _ *struct{}) (any, error) {
	s.setLifecycle(shutDown)
	s.pub.stop()
	return nil, nil
}
