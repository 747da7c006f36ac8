package lsp

import (
	"context"
	"fmt"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// locationsCommand is the command of every code lens: its arguments are the document's URI, the
// lens's position and the locations to show. The VS Code extension runs the editor's references
// view with them; for other clients, workspace/executeCommand returns the locations.
const locationsCommand = "carina.showLocations"

// codeLens answers textDocument/codeLens: on each top-level binding, how many references it has,
// how many bindings and statements depend on it, and which waits wait on it, each part opening
// its locations. From the request's snapshot and the configuration's indexes: no new build.
func codeLens(ctx context.Context, s *Server, p *protocol.CodeLensParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return []protocol.CodeLens{}, nil
	}
	out := []protocol.CodeLens{}
	for _, l := range navigate.Lenses(sn.cfg, sn.file) {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		rng := toRange(sn.file.Lines, l.Node.Select)
		lens := func(title string, locs []navigate.Location) {
			out = append(out, protocol.CodeLens{Range: rng, Command: &protocol.Command{
				Title:     title,
				Command:   locationsCommand,
				Arguments: []any{sn.uri, rng.Start, s.locations(ctx, locs)},
			}})
		}
		lens(plural(len(l.References), "reference"), l.References)
		if len(l.Dependents) > 0 {
			lens(plural(len(l.Dependents), "dependent"), l.Dependents)
		}
		if len(l.WaitedOn) > 0 {
			names := make([]string, len(l.WaitedOn))
			locs := make([]navigate.Location, len(l.WaitedOn))
			for i, w := range l.WaitedOn {
				names[i] = w.Name
				locs[i] = navigate.Location{Path: w.Path, Span: w.Select}
			}
			lens("waited on by "+strings.Join(names, ", "), locs)
		}
	}
	return out, nil
}

// plural writes "1 reference", "3 references".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
