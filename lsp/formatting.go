package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/format"
)

// formatting formats a whole document and answers with minimal edits (whole changed lines), so
// the cursor and undo history outside them survive. A document with syntax errors gets no edits:
// its diagnostics already say why.
func formatting(ctx context.Context, s *Server, p *protocol.DocumentFormattingParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return []protocol.TextEdit{}, nil
	}
	v := sn.view()
	out, err := format.Source(v.text, s.formatOptions(sn, p.Options))
	if err != nil {
		return []protocol.TextEdit{}, nil
	}
	return textEdits(v, format.LineEdits(v.text, out)), ctx.Err()
}

// formatOptions returns the layout for the editor: the [format] table of the nearest
// carina-lsp.toml, else Carina's house style (two spaces), like `carina-lsp fmt`, whatever the
// editor's tab size, so that formatting on save and the CLI never fight over a file; and the
// list-to-block rewrite with the snapshot's schemas, as `carina-lsp fmt` does, unless the
// listToBlocks setting (else the file) turns it off.
func (s *Server) formatOptions(sn snapshot, _ protocol.FormattingOptions) format.Options {
	s.mu.Lock()
	set := s.settings.ListToBlocks
	s.mu.Unlock()
	chain := s.chain(filepath.Dir(sn.file.Path))
	var opts format.Options
	if n, _, ok := chain.Indent(); ok {
		opts.Indent = n
	}
	opts.Tabs, _, _ = chain.Tabs()
	blocks, _, ok := chain.ListToBlocks()
	blocks = blocks || !ok
	if set != nil {
		blocks = *set
	}
	if blocks && sn.schemas != nil {
		opts.Blocks = sn.schemas
	}
	return opts
}

func textEdits(v textView, edits []format.Edit) []protocol.TextEdit {
	out := make([]protocol.TextEdit, 0, len(edits))
	for _, e := range edits {
		out = append(out, protocol.TextEdit{
			Range:   protocol.Range{Start: toPosition(v.lines, e.Start), End: toPosition(v.lines, e.End)},
			NewText: e.Text,
		})
	}
	return out
}
