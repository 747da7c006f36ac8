package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// definition answers go to definition, across the files of the configuration (and into module
// and upstream directories).
func definition(ctx context.Context, s *Server, p *protocol.DefinitionParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return []protocol.Location{}, nil
	}
	return s.locations(ctx, navigate.Definition(sn.cfg, sn.file, sn.offset(p.Position))), nil
}

// locations converts navigation results, reading the line index of each file they point into.
func (s *Server) locations(_ context.Context, ls []navigate.Location) []protocol.Location {
	out := make([]protocol.Location, 0, len(ls))
	for _, l := range ls {
		f, err := s.ws.ParseFile(l.Path)
		if err != nil {
			continue
		}
		out = append(out, protocol.Location{URI: s.docs.uriOf(l.Path), Range: toRange(f.Lines, l.Span)})
	}
	return out
}
