package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// setTrace accepts the client's trace setting; the server's own log level is the logLevel
// setting.
func setTrace(_ context.Context, s *Server, p *protocol.SetTraceParams) error {
	s.log.Debug("setTrace " + string(p.Value))
	return nil
}
