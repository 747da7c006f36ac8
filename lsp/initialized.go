package lsp

import (
	"context"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// initialized starts the session: it starts indexing the workspace folders' configurations for
// workspace symbols in the background, and asks the client to report changes of .crn files and
// schema files made outside the editor (when the client can register watchers).
func initialized(ctx context.Context, s *Server, _ *protocol.InitializedParams) error {
	s.setLifecycle(running)
	s.index.start(ctx, s.workspaceFolders(), s.clientCaps().workDoneProgress)
	if !s.clientCaps().watchedFilesDyn {
		return nil
	}
	params := &protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID:     "carina-watched-files",
		Method: "workspace/didChangeWatchedFiles",
		RegisterOptions: protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: []protocol.FileSystemWatcher{
			{GlobPattern: "**/*.crn"},
			{GlobPattern: "**/.carina/schemas/*.json"},
			{GlobPattern: "**/carina-providers.lock"},
			{GlobPattern: "**/carina-lsp.toml"},
			// Carina's local state files: the plan's lenses and diagnostics follow an apply.
			{GlobPattern: "**/*.state.json"},
		}},
	}}}
	// A request to the client: its answer comes through the connection's reading goroutine,
	// which this handler is running on, so it must not be awaited here.
	go func() {
		if err := s.callClient(ctx, "client/registerCapability", params); err != nil {
			s.log.Info("the client did not register file watchers", zap.Error(err))
		}
	}()
	return nil
}
