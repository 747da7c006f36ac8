package lsp

import "encoding/json"

// cancelRequest handles $/cancelRequest, for numeric and string ids (the library's own cancel
// handler ignores numeric ids, which is what clients send). It is handled before the dispatch
// table so that it works in every state.
func (s *Server) cancelRequest(raw json.RawMessage) {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(raw, &p) != nil || len(p.ID) == 0 {
		return
	}
	key := string(p.ID)
	var n json.Number
	if json.Unmarshal(p.ID, &n) == nil {
		key = n.String()
	}
	s.mu.Lock()
	cancel := s.inflight[key]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}
