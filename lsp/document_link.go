package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// documentLink answers the links of a document: each resource type to the page documenting it,
// each module's source to the module's directory.
func documentLink(ctx context.Context, s *Server, p *protocol.DocumentLinkParams) (any, error) {
	out := []protocol.DocumentLink{}
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return out, nil
	}
	for _, l := range navigate.Links(sn.cfg, sn.file, sn.schemas) {
		target := protocol.DocumentURI(l.URL)
		if l.Dir != "" {
			target = uriOf(l.Dir)
		}
		out = append(out, protocol.DocumentLink{Range: toRange(sn.file.Lines, l.Span), Target: target, Tooltip: l.Tooltip})
	}
	return out, ctx.Err()
}
