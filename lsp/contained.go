package lsp

import (
	"go.uber.org/zap"

	"github.com/carina-rs/carina-lsp/internal/contain"
)

// maxPanicsRemembered bounds the set of contained panics already logged.
const maxPanicsRemembered = 1024

// contained is the reporter of panics that a check or a feature provider contained: each distinct
// one (unit, place and value) is logged once, with its stack, however often the same statement is
// checked again.
func (s *Server) contained(p contain.Panic) {
	key := p.String()
	s.mu.Lock()
	if s.panicsSeen == nil || len(s.panicsSeen) >= maxPanicsRemembered {
		s.panicsSeen = map[string]bool{}
	}
	seen := s.panicsSeen[key]
	s.panicsSeen[key] = true
	s.mu.Unlock()
	if !seen {
		s.log.Error("contained "+key, zap.String("unit", p.Unit), zap.String("path", p.Path), zap.Int("line", p.Line), zap.String("stack", p.Stack))
	}
}
