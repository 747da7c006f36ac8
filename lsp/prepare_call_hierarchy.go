package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// prepareCallHierarchy answers textDocument/prepareCallHierarchy with the binding at the
// position, as an item of the dependency hierarchy: its callers are what depends on it, its
// callees what it depends on.
func prepareCallHierarchy(ctx context.Context, s *Server, p *protocol.CallHierarchyPrepareParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	n, ok := navigate.HierarchyAt(sn.cfg, sn.file, sn.offset(p.Position))
	if !ok {
		return nil, nil
	}
	it, ok := s.hierarchyItem(n)
	if !ok {
		return nil, nil
	}
	return []protocol.CallHierarchyItem{it}, nil
}
