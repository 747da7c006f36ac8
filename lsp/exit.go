package lsp

// exit ends the session (the "exit" notification): code 0 after shutdown, 1 otherwise, as LSP
// specifies. It is handled before the dispatch table so that it works in every state.
func (s *Server) exit() {
	code := 1
	if s.lifecycle() == shutDown {
		code = 0
	}
	s.exitOnce.Do(func() { s.exited <- code })
}
