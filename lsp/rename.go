package lsp

import (
	"context"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// rename renames a binding across the files of its configuration. An invalid or clashing name is
// refused with a message that says why.
func rename(ctx context.Context, s *Server, p *protocol.RenameParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	edits, err := navigate.Rename(sn.cfg, sn.file, sn.offset(p.Position), p.NewName)
	if err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, err.Error())
	}
	changes := map[protocol.DocumentURI][]protocol.TextEdit{}
	for path, es := range edits {
		f, err := s.ws.ParseFile(path)
		if err != nil {
			return nil, err
		}
		u := s.docs.uriOf(path)
		for _, e := range es {
			changes[u] = append(changes[u], protocol.TextEdit{Range: toRange(f.Lines, e.Span), NewText: e.NewText})
		}
	}
	return &protocol.WorkspaceEdit{Changes: changes}, nil
}
