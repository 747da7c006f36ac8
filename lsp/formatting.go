package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/format"
)

// formatting formats a whole document and answers with minimal edits (whole changed lines), so
// the cursor and undo history outside them survive. A document with syntax errors gets no edits:
// its diagnostics already say why.
func formatting(_ context.Context, s *Server, p *protocol.DocumentFormattingParams) (any, error) {
	d := s.docs.get(p.TextDocument.URI)
	if d == nil {
		return []protocol.TextEdit{}, nil
	}
	out, err := format.Source(d.text, formatOptions(p.Options))
	if err != nil {
		return []protocol.TextEdit{}, nil
	}
	return textEdits(d, format.LineEdits(d.text, out)), nil
}

// formatOptions returns the layout for the editor: always Carina's house style (two spaces), like
// `carina fmt` and `carina-lsp fmt`, whatever the editor's tab size, so that formatting on save
// and the CLI never fight over a file.
func formatOptions(protocol.FormattingOptions) format.Options { return format.Options{} }

func textEdits(d *document, edits []format.Edit) []protocol.TextEdit {
	out := make([]protocol.TextEdit, 0, len(edits))
	for _, e := range edits {
		out = append(out, protocol.TextEdit{
			Range:   protocol.Range{Start: toPosition(d.lines, e.Start), End: toPosition(d.lines, e.End)},
			NewText: e.Text,
		})
	}
	return out
}
