package diagnostics

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/plan"
	"github.com/carina-rs/carina-lsp/state"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Planned is a configuration's plan against its local state file, as Options.Plan gives it.
type Planned struct {
	// Plan is nil when there is no state file (nothing applied: the plan would only create),
	// the backend is remote, or the file could not be read (Err).
	Plan *plan.Plan
	// Loc is where the state is, found as Carina finds it.
	Loc state.Location
	// Err is why the local state file could not be read or the plan not computed.
	Err error
}

// checkPlan reports what the change does that a user must see before the apply: a replacement
// (a warning on the create-only attribute, naming the dependents that follow), a plan Carina
// refuses (prevent_destroy: an error), and a state file that cannot be read (an error on the
// backend block, as Carina's plan fails on it).
func (c *checker) checkPlan() {
	if c.opts.Plan == nil {
		return
	}
	pd := c.opts.Plan(c.ctx, c.cfg, c.schemas)
	if pd.Err != nil {
		if errors.Is(pd.Err, state.ErrRemote) || c.ctx.Err() != nil {
			return
		}
		f, sp := c.stateSite(pd.Loc)
		err := pd.Err
		var se *state.Error
		if errors.As(err, &se) {
			// The file named as the configuration names it, not by where the machine keeps it.
			rel := *se
			if r, e := filepath.Rel(c.cfg.Dir, se.Path); e == nil {
				rel.Path = filepath.ToSlash(r)
			}
			err = &rel
		}
		if f != nil {
			c.add(f, sp, finding.Error, finding.CodeInvalidState, "the state file cannot be read: %v", err)
		}
		return
	}
	if pd.Plan == nil {
		return
	}
	dependents := pd.Plan.Dependents()
	for _, r := range pd.Plan.Resources {
		if r.Op != plan.Replace || r.File == nil || r.Stmt == nil || len(r.Stmt.Errors) > 0 {
			continue // a statement that does not parse is being typed: its values are not its own yet
		}
		if !slices.Contains(c.cfg.Files, r.File) {
			continue // a module instance's resource: its values are the call's, not the module file's
		}
		deps := dependents(r.Binding)
		follow := ""
		if len(deps) > 0 {
			follow = "; its dependents follow: " + strings.Join(deps, ", ")
		}
		for _, name := range r.Forcing {
			sp, ok := r.AttrKey(name)
			if !ok {
				sp = r.Stmt.Abs(keywordSpan(r.Stmt.Node))
			}
			if ch, ok := change(r, name); ok && ch.HasNew && (ch.New.Kind == plan.Ref || ch.New.Kind == plan.Unknown) {
				// Not edited here: it reads what another change makes anew.
				c.add(r.File, sp, finding.Warning, finding.CodeReplacesResource,
					"%s.%s %s is replaced: %s is create-only and its new value, %s, is known only after the apply%s",
					r.Provider, r.Type, r.Identity, name, ch.New.Display(), follow)
				continue
			}
			how := "deletes the running resource and creates a new one"
			if r.Directives.CreateBeforeDestroy {
				how = "creates a new one, then deletes the running resource (create_before_destroy)"
			}
			c.add(r.File, sp, finding.Warning, finding.CodeReplacesResource,
				"changing %s replaces %s.%s %s: %s is create-only, so the apply %s%s",
				name, r.Provider, r.Type, r.Identity, name, how, follow)
		}
	}
	for _, e := range pd.Plan.Errors {
		f, sp := e.File, e.Span
		if f == nil && c.broken {
			// A resource in text that does not parse yet is not deleted: no error while typing.
			continue
		}
		if f == nil {
			f, sp = c.stateSite(pd.Loc)
		} else if r := pd.Plan.Of(f, stmtAt(f, sp.Start)); r != nil && r.Stmt != nil {
			sp = r.Stmt.Abs(keywordSpan(r.Stmt.Node))
		}
		if f != nil {
			c.add(f, sp, finding.Error, finding.CodePreventDestroy, "%s", e.Message)
		}
	}
}

// change returns the change of a resource's attribute.
func change(r *plan.Resource, name string) (plan.Change, bool) {
	for _, ch := range r.Changes {
		if ch.Name == name {
			return ch, true
		}
	}
	return plan.Change{}, false
}

// stateSite is where a problem of the state file itself is reported: the backend block, else
// the first line of the configuration's first file.
func (c *checker) stateSite(loc state.Location) (*workspace.File, grammar.Span) {
	if loc.File != nil {
		return loc.File, loc.Span
	}
	if len(c.cfg.Files) == 0 {
		return nil, grammar.Span{}
	}
	f := c.cfg.Files[0]
	end := int32(strings.IndexByte(f.Text(), '\n'))
	if end < 0 {
		end = int32(len(f.Text()))
	}
	return f, grammar.Span{Start: 0, End: end}
}

// stmtAt returns the top-level statement of f that starts at off, or nil.
func stmtAt(f *workspace.File, off int32) *grammar.Stmt {
	for _, st := range f.AST.Stmts {
		if st.Offset == off {
			return st
		}
	}
	return nil
}
