package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// foldingRange answers folding ranges: blocks, long lists and maps, comments, heredocs, regions.
func foldingRange(ctx context.Context, s *Server, p *protocol.FoldingRangeParams) (any, error) {
	out := []protocol.FoldingRange{}
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return out, nil
	}
	for _, fold := range navigate.FoldingRanges(sn.file) {
		out = append(out, protocol.FoldingRange{
			StartLine: uint32(fold.StartLine), EndLine: uint32(fold.EndLine), Kind: protocol.FoldingRangeKind(fold.Kind),
		})
	}
	return out, ctx.Err()
}
