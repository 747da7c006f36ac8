package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// foldingRange answers folding ranges: blocks, long lists and maps, comments, heredocs, regions.
func foldingRange(_ context.Context, s *Server, p *protocol.FoldingRangeParams) (any, error) {
	out := []protocol.FoldingRange{}
	d := s.docs.get(p.TextDocument.URI)
	if d == nil || d.path == "" {
		return out, nil
	}
	f, err := s.ws.ParseFile(d.path)
	if err != nil {
		return out, nil
	}
	for _, fold := range navigate.FoldingRanges(f) {
		out = append(out, protocol.FoldingRange{
			StartLine: uint32(fold.StartLine), EndLine: uint32(fold.EndLine), Kind: protocol.FoldingRangeKind(fold.Kind),
		})
	}
	return out, nil
}
