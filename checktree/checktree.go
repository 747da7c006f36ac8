// Package checktree owns checking the configurations of trees, the run behind `carina-lsp
// check`: what each target gives (Checker.Check: a target that could not be read, a broken
// carina-lsp.toml, which stops the run, a configuration it ignores, the failing threshold of
// its diagnostics.fail-on under the one given, schemas that do not load, files that cannot be
// read, contained panics, the schemas each configuration is checked with, and its findings with
// their ranges, limited to the files named) and the run over the targets on a pool of workers in
// the order they were found (Checker.Run), with the collector's floor and the embedded schemas
// loading while the tree is walked. The findings come from session (Session.Findings); what the
// run prints of them is report's.
package checktree

import (
	"context"
	"errors"
	"fmt"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/internal/gcfloor"
	"github.com/carina-rs/carina-lsp/report"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Outcome is what checking one target gave: its findings (each diagnostic with its range, so that
// the model can be dropped) and what it says on stderr, in order.
type Outcome struct {
	Dir      string // the configuration's directory
	Findings []report.Located
	Messages []string
	Fails    bool // a finding at or above the configuration's failing threshold: exit 1
	IOFailed bool // a file or directory could not be read: exit 2 after the report
	Internal bool // a contained panic lost some findings: exit 2 after the report
	Fatal    bool // the run cannot go on (schemas that do not load, a broken carina-lsp.toml): exit 2 without a report
}

// Checker checks the targets of one run.
type Checker struct {
	Session *session.Session
	Options diagnostics.Options // OnPanic (and Memo) are set per target
	// Memo has each configuration checked with a statement memo, as the server does: a statement
	// repeated verbatim whose names resolve alike is analysed once.
	Memo bool
	// Verbose says on stderr which provider versions' schemas each configuration is checked with.
	Verbose bool
	// Threshold is the least severity that fails the run: the one given when ThresholdSet (check's
	// -severity), else a configuration file's diagnostics.fail-on, else Threshold.
	Threshold    finding.Severity
	ThresholdSet bool
	// Prefix begins each message ("carina-lsp check: ").
	Prefix string
	// Fixes keeps each finding's fixes (the agents' check tool reports them); check drops them,
	// as their texts would only hold memory.
	Fixes bool
}

// Run checks the targets next yields with up to jobs workers (session.Pool), and hands each
// outcome to handle in the order yielded. After a fatal outcome, or when ctx is canceled, the
// rest is received but not checked.
func (c *Checker) Run(ctx context.Context, next func() (session.Target, bool), jobs int, handle func(Outcome)) {
	var gc *gcfloor.Floor // with many configurations only: one is checked as Go's default has it
	n := 0
	counted := func() (session.Target, bool) {
		t, ok := next()
		if n++; n == 2 && ok {
			go c.Session.BaseSources().Base() // the embedded schemas load on one core while the tree is walked
			gc = gcfloor.New(gcfloor.Check)
			gc.Adjust()
		}
		return t, ok
	}
	defer func() { gc.Restore() }()
	session.Pool(ctx, jobs, true, counted, c.Check, func(out Outcome) bool {
		gc.Adjust()
		handle(out)
		return !out.Fatal
	})
}

// Check checks one target.
func (c *Checker) Check(ctx context.Context, t session.Target) (out Outcome) {
	out.Dir = t.Dir
	say := func(format string, args ...any) {
		out.Messages = append(out.Messages, c.Prefix+fmt.Sprintf(format, args...))
	}
	if t.Err != nil {
		say("%v\n", t.Err)
		out.IOFailed = true
		return out
	}
	// Every mistake of the files, for every configuration they apply to: the workers check in
	// any order, and the report stops at the first fatal outcome, so the run prints each once.
	chain := c.Session.Chain(t.Dir, "")
	if len(chain.Errors) > 0 {
		for _, e := range chain.Errors {
			say("%s\n", e)
		}
		out.Fatal = true
		return out
	}
	if ign, _ := chain.Ignored(t.Dir); ign {
		return out
	}
	threshold := c.Threshold
	if sev, _, ok := chain.FailOn(); ok && !c.ThresholdSet {
		threshold = sev
	}
	onPanic := func(p contain.Panic) {
		say("internal error: %s (its findings there are missing; please report this with the file)\n%s", p, p.Stack)
		out.Internal = true
	}
	opts := c.Options
	opts.OnPanic = onPanic
	if c.Memo {
		opts.Memo = diagnostics.NewMemo()
	}
	// A panic outside the contained checks (building the model) loses this configuration only.
	contain.Run(onPanic, "check of a configuration", t.Dir, 0, func() {
		res, err := c.Session.Findings(ctx, t.Dir, session.Check{Chain: chain, Options: opts})
		var schemaErr *session.SchemaError
		switch {
		case errors.As(err, &schemaErr):
			say("%v\n", err)
			out.Fatal = true
			return
		case err != nil:
			if ctx.Err() == nil {
				say("%v\n", err)
				out.IOFailed = true
			}
			return
		}
		for _, le := range res.Config.LoadErrors {
			if t.Only == nil || t.Only[le.Path] {
				say("%v\n", le.Err)
				out.IOFailed = true
			}
		}
		if c.Verbose {
			say("%s: schemas: %s\n", t.Dir, res.Schemas.Describe())
		}
		lines := map[string]*workspace.File{}
		for _, f := range res.Config.Files {
			lines[f.Path] = f
		}
		out.Findings = make([]report.Located, 0, len(res.Diags))
		for _, d := range res.Diags {
			if t.Only == nil || t.Only[d.Path] {
				if !c.Fixes {
					d.Fixes = nil // not reported; their texts would only hold memory
				}
				out.Findings = append(out.Findings, report.Located{Diagnostic: d, Range: report.RangeOf(d, lines)})
				out.Fails = out.Fails || d.Severity <= threshold
			}
		}
	})
	return out
}
