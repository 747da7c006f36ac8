package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// workspaceSymbol searches the top-level names of every configuration under the workspace
// folders: the open documents' configurations live, the others in the index built in the
// background (what is indexed so far while it is being built). At most maxWorkspaceSymbols
// matches are returned, the best first.
func workspaceSymbol(ctx context.Context, s *Server, p *protocol.WorkspaceSymbolParams) (any, error) {
	open := map[string]bool{}
	var found []scoredSymbol
	for _, x := range navigate.WorkspaceSymbols(ctx, s.configs(ctx), p.Query) {
		open[filepath.Dir(x.Path)] = true
		locs := s.locations(ctx, []navigate.Location{x.Location})
		if len(locs) == 0 {
			continue
		}
		score, _ := navigate.MatchSymbol(p.Query, x.Name)
		found = append(found, scoredSymbol{name: x.Name, kind: protocol.SymbolKind(x.Kind), container: x.Container, path: x.Path, uri: locs[0].URI, rng: locs[0].Range, score: score})
	}
	for _, d := range s.docs.all() {
		if d.Path != "" {
			open[filepath.Dir(d.Path)] = true
		}
	}
	found = append(found, s.index.search(ctx, p.Query, open)...)
	return bestSymbols(found, maxWorkspaceSymbols), ctx.Err()
}
