package lsp

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/navigate"
	"github.com/carina-rs/carina-lsp/plan"
	"github.com/carina-rs/carina-lsp/workspace"
)

// locationsCommand is the command of every code lens. Its arguments are the document's URI, the
// position of the binding's name and which locations the lens counts (navigate.LensReferences,
// LensDependents, LensWaits); workspace/executeCommand answers them with those locations, which
// the editors show (VS Code's references view, Neovim's quickfix list). The locations are not in
// the lens itself: a file's lenses would carry every reference of every binding (on the
// 10,000-line benchmark file, megabytes of JSON at each request) for the one a user clicks.
const locationsCommand = "carina.showLocations"

// showPlanCommand is the command of the plan's lenses: the editors open their plan view on it
// (VS Code's "Carina: Show Plan", Neovim's :CarinaPlan). It is the client's, not the server's:
// it is left out of executeCommandProvider, where VS Code's client would claim it.
const showPlanCommand = "carina.showPlan"

// codeLens answers textDocument/codeLens: on each top-level binding, how many references it has,
// how many bindings and statements depend on it, and which waits wait on it. From the request's
// snapshot and the configuration's indexes: no new build. With a local state file, each resource
// also gets what the apply does to it, a module call's statement what it does to each instance,
// and the backend block (else the first line of the
// configuration's first file) a lens for each resource the apply deletes (planLenses).
func codeLens(ctx context.Context, s *Server, p *protocol.CodeLensParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return []protocol.CodeLens{}, nil
	}
	out := []protocol.CodeLens{}
	out = append(out, s.planLenses(ctx, sn)...)
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
	// The plan's lenses first at a place, then the locations'; each in the order of the file.
	slices.SortStableFunc(out, func(a, b protocol.CodeLens) int {
		return cmp.Or(cmp.Compare(a.Range.Start.Line, b.Range.Start.Line), cmp.Compare(a.Range.Start.Character, b.Range.Start.Character))
	})
	return out, nil
}

// planLenses are the lenses of the plan against the local state file: none without one.
func (s *Server) planLenses(ctx context.Context, sn snapshot) []protocol.CodeLens {
	pd := s.sess.Plan(ctx, sn.cfg, sn.schemas)
	if pd.Plan == nil {
		return nil
	}
	var out []protocol.CodeLens
	lens := func(off int32, title string) {
		pos := toRange(sn.file.Lines, grammar.Span{Start: off, End: off})
		out = append(out, protocol.CodeLens{Range: pos, Command: &protocol.Command{
			Title: title, Command: showPlanCommand, Arguments: []any{sn.uri},
		}})
	}
	// A resource in text that does not parse yet is not deleted: no delete lens while typing.
	deleteAt := int32(-1)
	switch {
	case broken(sn.cfg):
	case pd.Loc.File == sn.file:
		deleteAt = pd.Loc.Span.Start
	case pd.Loc.File == nil && len(sn.cfg.Files) > 0 && sn.cfg.Files[0] == sn.file:
		deleteAt = 0
	}
	for _, r := range pd.Plan.Resources {
		switch {
		case r.File == sn.file && r.Stmt != nil:
			lens(r.Stmt.Offset, r.Headline())
		case r.File == nil && r.Op == plan.Delete && deleteAt >= 0:
			lens(deleteAt, r.Headline())
		}
	}
	// A module call's statement declares none of its instance's resources (they are the
	// module's): it gets a lens summing each instance it makes up.
	byStmt := pd.Plan.InstancesIn(sn.file)
	for _, st := range sn.file.AST.Stmts {
		ins := byStmt[st]
		for _, in := range ins {
			label := "module"
			if len(ins) > 1 {
				label = in.Name // one of a for's: which one
			}
			lens(st.Offset, label+": "+in.Summary().Brief())
		}
	}
	return out
}

// broken reports whether a file of the configuration has syntax errors.
func broken(cfg *workspace.Config) bool {
	for _, f := range cfg.Files {
		if len(f.AST.Errors) > 0 {
			return true
		}
	}
	return false
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
