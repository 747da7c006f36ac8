package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/cursor"
)

// selectionRange answers the nested ranges an editor's "expand selection" steps through, one
// chain a position, from the syntax tree through the locator (cursor.Selection).
func selectionRange(ctx context.Context, s *Server, p *protocol.SelectionRangeParams) (any, error) {
	out := []*protocol.SelectionRange{}
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return out, nil
	}
	for _, pos := range p.Positions {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// The spec wants one answer a position: a position with no steps gets the empty range
		// there.
		sel := &protocol.SelectionRange{Range: protocol.Range{Start: pos, End: pos}}
		spans := cursor.Selection(sn.cfg, sn.file, sn.offset(pos), sn.schemas)
		for i := len(spans) - 1; i >= 0; i-- {
			parent := sel
			if i == len(spans)-1 {
				parent = nil
			}
			sel = &protocol.SelectionRange{Range: toRange(sn.file.Lines, spans[i]), Parent: parent}
		}
		out = append(out, sel)
	}
	return out, nil
}
