package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/internal/gcfloor"
	"github.com/carina-rs/carina-lsp/report"
	"github.com/carina-rs/carina-lsp/schema"
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
	ws       *workspace.Workspace
	projects *projects           // the carina-lsp.toml files and the schema sources they choose
	opts     diagnostics.Options // OnPanic (and Memo) are set per target
	// memo has each configuration checked with a statement memo, as the server does: a statement
	// repeated verbatim whose names resolve alike is analysed once.
	memo bool
	// verbose says on stderr which provider versions' schemas each configuration is checked with.
	verbose bool
	callers workspace.CallerMemo // the pins of the configurations that use modules
	// threshold is the least severity that fails the run: -severity when given (thresholdSet),
	// else a configuration file's diagnostics.fail-on, else error.
	threshold    finding.Severity
	thresholdSet bool
	deps         recentDeps
}

// keptDeps is how many directories of modules and upstream states the workspace keeps built for
// the configurations still to come: the configurations of a tree are checked in order, and those
// near each other use the same modules.
const keptDeps = 64

// recentDeps are the directories of modules and upstream states read by the configurations
// checked last, oldest first, at most keptDeps: the older ones are forgotten by the workspace, so
// that memory does not grow with the modules of the tree.
type recentDeps struct {
	mu   sync.Mutex
	dirs []string
}

// read records the directories a configuration read and forgets those no longer among the last
// keptDeps.
func (r *recentDeps) read(ws *workspace.Workspace, cfg *workspace.Config) {
	var dirs []string
	seen := map[*workspace.Config]bool{}
	var visit func(*workspace.Config)
	visit = func(c *workspace.Config) {
		if c == nil || seen[c] {
			return
		}
		seen[c] = true
		for _, imps := range []map[string]*workspace.Import{c.Modules, c.Upstreams} {
			for _, imp := range imps {
				if imp.Dir != "" && imp.Dir != cfg.Dir {
					dirs = append(dirs, imp.Dir)
				}
				visit(imp.Config)
			}
		}
	}
	visit(cfg)
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, d := range dirs {
		if i := slices.Index(r.dirs, d); i >= 0 {
			r.dirs = slices.Delete(r.dirs, i, i+1) // read again: the most recent
		}
		r.dirs = append(r.dirs, d)
	}
	for len(r.dirs) > keptDeps {
		ws.Forget(r.dirs[0])
		r.dirs = r.dirs[1:]
	}
}

// run checks the targets next yields with up to jobs workers, one configuration each at a time,
// and hands each outcome to report in the order yielded as soon as it and those before it are
// done (so the output does not depend on which worker finished first). Each configuration's model
// is forgotten once checked: memory holds the configurations being checked and the findings, not
// the tree. After a fatal outcome, or when ctx is canceled, the rest is received but not checked.
func (c *checker) run(ctx context.Context, next func() (target, bool), jobs int, report func(checked)) {
	first, ok := next()
	if !ok {
		return
	}
	second, more := next()
	if !more {
		// One configuration, the usual case from an editor's task or a pre-commit hook, is checked
		// on this goroutine: starting workers and the threads that run them costs a tenth of the
		// CPU of checking a small configuration.
		report(c.check(ctx, first))
		return
	}
	go c.projects.base.Base() // the embedded schemas load on one core while the tree is walked
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type job struct {
		i int
		t target
	}
	type result struct {
		i   int
		out checked
	}
	work := make(chan job)
	ready := make(chan result, max(1, jobs))
	var wg sync.WaitGroup
	for range max(1, jobs) {
		wg.Go(func() {
			for j := range work {
				ready <- result{j.i, c.check(ctx, j.t)}
			}
		})
	}
	go func() {
		head := []target{first, second}
		n := 0
		for {
			var t target
			if len(head) > 0 {
				t, head = head[0], head[1:]
			} else if t, ok = next(); !ok {
				break
			}
			if ctx.Err() == nil {
				work <- job{n, t}
				n++
			}
		}
		close(work)
		wg.Wait()
		close(ready)
	}()
	gc := gcfloor.New(gcfloor.Check)
	defer gc.Restore()
	gc.Adjust()
	pending := map[int]checked{}
	due := 0 // the index of the next outcome to report
	for r := range ready {
		gc.Adjust()
		pending[r.i] = r.out
		for out, ok := pending[due]; ok && ctx.Err() == nil; out, ok = pending[due] {
			delete(pending, due)
			due++
			report(out)
			if out.fatal {
				cancel()
			}
		}
	}
}

// sliceTargets yields a slice of targets as run takes them.
func sliceTargets(ts []target) func() (target, bool) {
	return func() (target, bool) {
		if len(ts) == 0 {
			return target{}, false
		}
		t := ts[0]
		ts = ts[1:]
		return t, true
	}
}

// check checks one target.
func (c *checker) check(ctx context.Context, t target) (out checked) {
	out.dir = t.dir
	if t.err != nil {
		out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: %v\n", t.err))
		out.ioFailed = true
		return out
	}
	defer c.ws.Forget(t.dir)
	// Every mistake of the files, for every configuration they apply to: the workers check in
	// any order, and the report stops at the first fatal outcome, so the run prints each once.
	chain := c.projects.loader.Chain(t.dir, "")
	if len(chain.Errors) > 0 {
		for _, e := range chain.Errors {
			out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: %s\n", e))
		}
		out.fatal = true
		return out
	}
	if ignored(chain, t.dir) {
		return out
	}
	indexes, err := c.projects.schemas(chain)
	if err != nil {
		out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: %v\n", err))
		out.fatal = true
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
	opts.Level = chain.LevelFunc()
	if c.memo {
		opts.Memo = diagnostics.NewMemo()
	}
	// A panic outside the contained checks (building the model) loses this configuration only.
	contain.Run(onPanic, "check of a configuration", t.dir, 0, func() {
		cfg, err := c.ws.Config(ctx, t.dir)
		if err != nil {
			if ctx.Err() == nil {
				out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: %v\n", err))
				out.ioFailed = true
			}
			return
		}
		for _, le := range cfg.LoadErrors {
			if t.only == nil || t.only[le.Path] {
				out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: %v\n", le.Err))
				out.ioFailed = true
			}
		}
		idx, err := c.ws.Schemas(ctx, indexes, cfg, &c.callers)
		if err != nil {
			out.messages = append(out.messages, fmt.Sprintf("carina-lsp check: %v\n", err))
			out.fatal = true
			return
		}
		if c.verbose {
			out.messages = append(out.messages, schemasMessage(t.dir, idx))
		}
		lines := map[string]*workspace.File{}
		for _, f := range cfg.Files {
			lines[f.Path] = f
		}
		diags := diagnostics.CheckWith(ctx, cfg, idx, opts)
		c.deps.read(c.ws, cfg)
		out.findings = make([]report.Located, 0, len(diags))
		for _, d := range diags {
			if (t.only == nil || t.only[d.Path]) && !ignored(chain, d.Path) {
				d.Fixes = nil // not reported; their texts would only hold memory
				out.findings = append(out.findings, report.Located{Diagnostic: d, Range: report.RangeOf(d, lines)})
				out.fails = out.fails || d.Severity <= threshold
			}
		}
	})
	return out
}

// schemasMessage is the -v line of a configuration: the schemas of each provider and why.
func schemasMessage(dir string, idx *schema.Index) string {
	var parts []string
	for _, c := range idx.Choices() {
		parts = append(parts, c.Describe())
	}
	if len(parts) == 0 {
		parts = []string{"no provider block or lock file: the newest known"}
	}
	return fmt.Sprintf("carina-lsp check: %s: schemas: %s\n", dir, strings.Join(parts, "; "))
}
