package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/internal/gcfloor"
	"github.com/carina-rs/carina-lsp/report"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checked is the outcome of checking one target: its findings (each diagnostic with its range,
// so that the model can be dropped) and what it says on stderr, in order.
type checked struct {
	dir      string // the configuration's directory
	findings []report.Located
	messages []string
	fails    bool // a finding at or above the configuration's failing threshold: exit 1
	ioFailed bool // a file or directory could not be read: exit 2 after the report
	internal bool // a contained panic lost some findings: exit 2 after the report
	fatal    bool // the run cannot go on (schemas that do not load, a broken carina-lsp.toml): exit 2 without a report
}

// checker checks the targets of one run of `check`.
type checker struct {
	sess *session.Session
	opts diagnostics.Options // OnPanic (and Memo) are set per target
	// memo has each configuration checked with a statement memo, as the server does: a statement
	// repeated verbatim whose names resolve alike is analysed once.
	memo bool
	// verbose says on stderr which provider versions' schemas each configuration is checked with.
	verbose bool
	// threshold is the least severity that fails the run: -severity when given (thresholdSet),
	// else a configuration file's diagnostics.fail-on, else error.
	threshold    finding.Severity
	thresholdSet bool
}

// run checks the targets next yields with up to jobs workers (session.Pool), and hands each
// outcome to handle in the order yielded. After a fatal outcome, or when ctx is canceled, the
// rest is received but not checked.
func (c *checker) run(ctx context.Context, next func() (session.Target, bool), jobs int, handle func(checked)) {
	n := 0
	counted := func() (session.Target, bool) {
		t, ok := next()
		if n++; n == 2 && ok {
			go c.sess.BaseSources().Base() // the embedded schemas load on one core while the tree is walked
		}
		return t, ok
	}
	gc := gcfloor.New(gcfloor.Check)
	defer gc.Restore()
	gc.Adjust()
	session.Pool(ctx, jobs, true, counted, c.check, func(out checked) bool {
		gc.Adjust()
		handle(out)
		return !out.fatal
	})
}

// check checks one target.
func (c *checker) check(ctx context.Context, t session.Target) (out checked) {
	out.dir = t.Dir
	if t.Err != nil {
		out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: %v\n", t.Err))
		out.ioFailed = true
		return out
	}
	// Every mistake of the files, for every configuration they apply to: the workers check in
	// any order, and the report stops at the first fatal outcome, so the run prints each once.
	chain := c.sess.Chain(t.Dir, "")
	if len(chain.Errors) > 0 {
		for _, e := range chain.Errors {
			out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: %s\n", e))
		}
		out.fatal = true
		return out
	}
	if ignored(chain, t.Dir) {
		return out
	}
	threshold := c.threshold
	if sev, _, ok := chain.FailOn(); ok && !c.thresholdSet {
		threshold = sev
	}
	onPanic := func(p contain.Panic) {
		out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: internal error: %s (its findings there are missing; please report this with the file)\n%s", p, p.Stack))
		out.internal = true
	}
	opts := c.opts
	opts.OnPanic = onPanic
	if c.memo {
		opts.Memo = diagnostics.NewMemo()
	}
	// A panic outside the contained checks (building the model) loses this configuration only.
	contain.Run(onPanic, "check of a configuration", t.Dir, 0, func() {
		res, err := c.sess.Findings(ctx, t.Dir, session.Check{Chain: chain, Options: opts})
		var schemaErr *session.SchemaError
		switch {
		case errors.As(err, &schemaErr):
			out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: %v\n", err))
			out.fatal = true
			return
		case err != nil:
			if ctx.Err() == nil {
				out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: %v\n", err))
				out.ioFailed = true
			}
			return
		}
		for _, le := range res.Config.LoadErrors {
			if t.Only == nil || t.Only[le.Path] {
				out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: %v\n", le.Err))
				out.ioFailed = true
			}
		}
		if c.verbose {
			out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: %s: schemas: %s\n", t.Dir, res.Schemas.Describe()))
		}
		lines := map[string]*workspace.File{}
		for _, f := range res.Config.Files {
			lines[f.Path] = f
		}
		out.findings = make([]report.Located, 0, len(res.Diags))
		for _, d := range res.Diags {
			if t.Only == nil || t.Only[d.Path] {
				d.Fixes = nil // not reported; their texts would only hold memory
				out.findings = append(out.findings, report.Located{Diagnostic: d, Range: report.RangeOf(d, lines)})
				out.fails = out.fails || d.Severity <= threshold
			}
		}
	})
	return out
}

// ignored reports whether the configuration ignores the file or directory at path.
func ignored(c *config.Chain, path string) bool {
	ign, _ := c.Ignored(path)
	return ign
}
