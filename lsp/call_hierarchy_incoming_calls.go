package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// incomingCalls answers callHierarchy/incomingCalls: what depends on the item (reads it, waits
// on it, lists it in depends_on), with the ranges of those references in each dependent's file.
func incomingCalls(ctx context.Context, s *Server, p *protocol.CallHierarchyIncomingCallsParams) (any, error) {
	n, ok := s.hierarchyNode(ctx, p.Item)
	if !ok {
		return []protocol.CallHierarchyIncomingCall{}, nil
	}
	out := []protocol.CallHierarchyIncomingCall{}
	for _, c := range navigate.Incoming(n) {
		if it, ok := s.hierarchyItem(c.Node); ok {
			out = append(out, protocol.CallHierarchyIncomingCall{From: it, FromRanges: s.spanRanges(c.Node.Path, c.Ranges)})
		}
	}
	return out, nil
}
