package lsp

import (
	"context"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// prepareRename says what a rename at the cursor would rename, or why it cannot.
func prepareRename(ctx context.Context, s *Server, p *protocol.PrepareRenameParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	sp, name, err := navigate.PrepareRename(sn.cfg, sn.file, sn.offset(p.Position))
	if err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, err.Error())
	}
	return struct {
		Range       protocol.Range `json:"range"`
		Placeholder string         `json:"placeholder"`
	}{toRange(sn.file.Lines, sp), name}, nil
}
