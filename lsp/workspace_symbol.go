package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// workspaceSymbol searches the top-level names of the open configurations.
func workspaceSymbol(ctx context.Context, s *Server, p *protocol.WorkspaceSymbolParams) (any, error) {
	out := []protocol.SymbolInformation{}
	for _, x := range navigate.WorkspaceSymbols(ctx, s.configs(ctx), p.Query) {
		locs := s.locations(ctx, []navigate.Location{x.Location})
		if len(locs) == 0 {
			continue
		}
		out = append(out, protocol.SymbolInformation{Name: x.Name, Kind: protocol.SymbolKind(x.Kind), ContainerName: x.Container, Location: locs[0]})
	}
	return out, ctx.Err()
}
