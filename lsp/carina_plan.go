package lsp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/plan"
	"github.com/carina-rs/carina-lsp/state"
)

// planParams are the params of carina/plan.
type planParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
}

// planResult is carina/plan's answer: `carina-lsp plan`'s display of the document's
// configuration, whether the apply changes anything, and the problems the command would print
// (a state file it cannot read, prevent_destroy, what is not planned yet), each with its place.
type planResult struct {
	Text     string   `json:"text"`
	Changed  bool     `json:"changed"`
	Problems []string `json:"problems,omitempty"`
}

// carinaPlan answers carina/plan, for the editors' plan views (VS Code's "Carina: Show Plan",
// Neovim's :CarinaPlan): the plan of the configuration as it is in the editor, against its local
// state file (none: every resource is created, as `carina-lsp plan` says).
func carinaPlan(ctx context.Context, s *Server, p *planParams) (any, error) {
	sn, ok := s.snapshotOf(ctx, p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	pd := s.sess.Plan(ctx, sn.cfg, sn.schemas)
	out := &planResult{}
	if pd.Err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		where := ""
		if pd.Loc.File != nil {
			where = " (the backend block at " + (plan.Problem{File: pd.Loc.File, Span: pd.Loc.Span}).Place() + ")"
		}
		if errors.Is(pd.Err, state.ErrRemote) {
			out.Problems = append(out.Problems, fmt.Sprintf("%v%s; the plan reads a local state file only", pd.Err, where))
		} else {
			out.Problems = append(out.Problems, fmt.Sprintf("state file: %v%s", pd.Err, where))
		}
		return out, nil
	}
	pl := pd.Plan
	if pl == nil { // no state file: nothing applied yet
		in := plan.Input{Config: sn.cfg, Info: sn.cfg.Types(sn.schemas)}
		if sn.schemas != nil {
			in.Schemas = plan.IndexSchemas{Index: sn.schemas}
		}
		var err error
		if pl, err = plan.Compute(ctx, in); err != nil {
			return nil, err
		}
	}
	var b bytes.Buffer
	if err := plan.Write(&b, pl, plan.Options{DeleteAttributes: true, Exports: true, Modules: true}); err != nil {
		return nil, err
	}
	out.Text, out.Changed = b.String(), pl.Changed()
	for _, e := range pl.Errors {
		out.Problems = append(out.Problems, fmt.Sprintf("%s: error: %s", problemPlace(e, pd.Loc, sn.cfg.Dir), e.Message))
	}
	for _, u := range pl.Unsupported {
		out.Problems = append(out.Problems, fmt.Sprintf("%s: not planned: %s (the plan is incomplete)", problemPlace(u, pd.Loc, sn.cfg.Dir), u.Message))
	}
	return out, nil
}

// problemPlace is where a plan's problem is (the state file for one that is not in the
// configuration), relative to the configuration's directory as the view is the configuration's.
func problemPlace(pr plan.Problem, loc state.Location, dir string) string {
	p := pr.Place()
	if p == "" {
		p = loc.Path
	}
	if rel, err := filepath.Rel(dir, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}
