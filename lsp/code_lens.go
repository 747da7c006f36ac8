package lsp

import (
	"context"
	"fmt"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/navigate"
)

// locationsCommand is the command of every code lens. Its arguments are the document's URI, the
// position of the binding's name and which locations the lens counts (navigate.LensReferences,
// LensDependents, LensWaits); workspace/executeCommand answers them with those locations, which
// the editors show (VS Code's references view, Neovim's quickfix list). The locations are not in
// the lens itself: a file's lenses would carry every reference of every binding (on the
// 10,000-line benchmark file, megabytes of JSON at each request) for the one a user clicks.
const locationsCommand = "carina.showLocations"

// codeLens answers textDocument/codeLens: on each top-level binding, how many references it has,
// how many bindings and statements depend on it, and which waits wait on it. From the request's
// snapshot and the configuration's indexes: no new build.
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
		rng := toRange(sn.file.Lines, l.Select)
		lens := func(title, what string) {
			out = append(out, protocol.CodeLens{Range: rng, Command: &protocol.Command{
				Title: title, Command: locationsCommand, Arguments: []any{sn.uri, rng.Start, what},
			}})
		}
		lens(plural(l.References, "reference"), navigate.LensReferences)
		if l.Dependents > 0 {
			lens(plural(l.Dependents, "dependent"), navigate.LensDependents)
		}
		if len(l.WaitedOn) > 0 {
			lens("waited on by "+strings.Join(l.WaitedOn, ", "), navigate.LensWaits)
		}
	}
	return out, nil
}

// lensLocations returns the locations a lens of the binding at p in document uri counts.
func (s *Server) lensLocations(ctx context.Context, uri protocol.DocumentURI, p protocol.Position, what string) ([]protocol.Location, bool) {
	if what != navigate.LensReferences && what != navigate.LensDependents && what != navigate.LensWaits {
		return nil, false
	}
	sn, ok := s.snapshotOf(ctx, uri)
	if !ok {
		return []protocol.Location{}, true
	}
	off := int32(sn.offset(p))
	for _, l := range navigate.Lenses(sn.cfg, sn.file) {
		if l.Select.Start == off {
			return s.locations(ctx, navigate.LensLocations(sn.cfg, l.Decl, what)), true
		}
	}
	return []protocol.Location{}, true
}

// plural writes "1 reference", "3 references".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
