package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/format"
)

// rangeFormatting formats the statements overlapping a range, as minimal edits.
func rangeFormatting(ctx context.Context, s *Server, p *protocol.DocumentRangeFormattingParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return []protocol.TextEdit{}, nil
	}
	v := sn.view()
	sp := spanOf(v.lines, p.Range)
	e, err := format.Range(v.text, int(sp.Start), int(sp.End), s.formatOptions(sn, p.Options))
	if err != nil || e.Start == e.End && e.Text == "" {
		return []protocol.TextEdit{}, nil
	}
	before := v.text[e.Start:e.End]
	var out []format.Edit
	for _, le := range format.LineEdits(before, e.Text) {
		out = append(out, format.Edit{Start: e.Start + le.Start, End: e.Start + le.End, Text: le.Text})
	}
	return textEdits(v, out), ctx.Err()
}
