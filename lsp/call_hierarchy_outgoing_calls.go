package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// outgoingCalls answers callHierarchy/outgoingCalls: what the item depends on (the bindings it
// reads, waits on or lists in depends_on; for a module call, the module's resources and waits),
// with the ranges of those references in the item's file.
func outgoingCalls(ctx context.Context, s *Server, p *protocol.CallHierarchyOutgoingCallsParams) (any, error) {
	n, ok := s.hierarchyNode(ctx, p.Item)
	if !ok {
		return []protocol.CallHierarchyOutgoingCall{}, nil
	}
	out := []protocol.CallHierarchyOutgoingCall{}
	for _, c := range navigate.Outgoing(n) {
		if it, ok := s.hierarchyItem(c.Node); ok {
			out = append(out, protocol.CallHierarchyOutgoingCall{To: it, FromRanges: s.spanRanges(n.Path, c.Ranges)})
		}
	}
	return out, nil
}
