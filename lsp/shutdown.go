package lsp

import "context"

// shutdown stops accepting requests; the client sends exit next. What writes to the client unasked
// (diagnostics, the index's progress) stops before the answer: a client may stop reading once it
// has it, and Neovim 0.7 reports a message that comes after as an error.
func shutdown(_ context.Context, s *Server, _ *struct{}) (any, error) {
	s.setLifecycle(shutDown)
	s.pub.stop()
	s.index.stop()
	return nil, nil
}
