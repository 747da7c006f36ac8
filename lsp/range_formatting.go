package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/format"
)

// rangeFormatting formats the statements overlapping a range, as minimal edits.
func rangeFormatting(_ context.Context, s *Server, p *protocol.DocumentRangeFormattingParams) (any, error) {
	d := s.docs.get(p.TextDocument.URI)
	if d == nil {
		return []protocol.TextEdit{}, nil
	}
	sp := spanOf(d.lines, p.Range)
	e, err := format.Range(d.text, int(sp.Start), int(sp.End), formatOptions(p.Options))
	if err != nil || e.Start == e.End && e.Text == "" {
		return []protocol.TextEdit{}, nil
	}
	before := d.text[e.Start:e.End]
	var out []format.Edit
	for _, le := range format.LineEdits(before, e.Text) {
		out = append(out, format.Edit{Start: e.Start + le.Start, End: e.Start + le.End, Text: le.Text})
	}
	return textEdits(d, out), nil
}
