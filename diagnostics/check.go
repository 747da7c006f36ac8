package diagnostics

import (
	"cmp"
	"context"
	"slices"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Check runs every check on a configuration and returns its diagnostics, sorted by file and
// position. Each diagnostic belongs to the file containing its range. schemas may be nil: the
// schema checks are then skipped (and each resource type says so once).
func Check(ctx context.Context, cfg *workspace.Config, schemas *schema.Index) []finding.Diagnostic {
	return CheckWith(ctx, cfg, schemas, Options{})
}

// Options configures a check run.
type Options struct {
	// Memo holds the statement-local results of earlier runs on versions of the same
	// configuration: a statement whose text and environment (what its names resolve to, the
	// schemas, the names a suggestion could propose) are unchanged keeps its diagnostics without
	// being analysed again, so after an edit only the edited statements and those depending on
	// what changed are analysed. Nil: every statement is analysed.
	Memo *Memo
	// OnPanic hears of every check that panicked: once per check and statement for the
	// statement-local checks, once per check and run for the others. Only that check's findings
	// there are lost; every other diagnostic is still returned. Nil: panics are contained
	// silently.
	OnPanic contain.Reporter
	// Before, when set, is called before each check runs on a statement (st nil for the checks
	// that span statements), inside the containment: for tracing, and for tests that inject a
	// fault into one check.
	Before func(check string, f *workspace.File, st *grammar.Stmt)
	// Disable lists codes not to report (`check -disable`, the server's disable setting); see
	// ParseDisable. Syntax errors are always reported. Comments in the files silence codes for
	// one statement (DisableDirective).
	Disable []finding.Code
	// Level, when set, gives the level a project's configuration sets for a code in a file
	// (package config): off drops the finding, else it is reported at that severity. Syntax
	// errors keep theirs. Disable and the disable comments still turn a code off.
	Level func(path string, code finding.Code) (sev finding.Severity, off, set bool)
	// Plan, when set, gives the configuration's plan against its local state file: replacements,
	// prevent_destroy and a damaged state file are then reported (checkPlan). The caller caches
	// it: a state file is read once and the plan computed once per configuration.
	Plan func(context.Context, *workspace.Config, *schema.Index) Planned

	// nested marks the check of a module or an upstream configuration from the configuration
	// that uses it (checkModules): its own imports are that configuration's to check, and only
	// what Carina meets while it loads and expands the module is read from it (the codes of
	// moduleLoadCodes, moduleCallCodes and moduleExpandCodes, unknown-module-attribute), so
	// the schema checks, the lint and the cross-statement checks do not run.
	nested bool
}

// CheckWith is Check with options: a memo of earlier runs and a reporter of contained panics.
func CheckWith(ctx context.Context, cfg *workspace.Config, schemas *schema.Index, opts Options) []finding.Diagnostic {
	memo := opts.Memo
	c := &checker{ctx: ctx, cfg: cfg, schemas: schemas, opts: opts}
	for _, f := range cfg.Files {
		c.out = append(c.out, Syntax(f.Path, f.AST)...)
		c.broken = c.broken || len(f.AST.Errors) > 0
	}
	broken := c.broken
	c.keepBindFixes()
	c.stmtRefs = make(map[*grammar.Stmt][]*workspace.Ref, 64)
	for _, r := range cfg.Refs {
		c.stmtRefs[r.Stmt] = append(c.stmtRefs[r.Stmt], r)
	}
	c.environment()

	run := memo.begin(c)
	defer memo.end(run) // also on cancellation: the memo is locked during the run
	for _, f := range cfg.Files {
		for _, st := range f.AST.Stmts {
			if ctx.Err() != nil {
				return nil
			}
			if run.reuse(f, st) {
				continue
			}
			mark, marks, markt := len(c.out), len(c.noSchema), len(c.tags)
			c.only, c.onlyFile, c.onlyRefs, c.linesUsed = st, f, c.stmtRefs[st], false
			c.checkStatement()
			c.only, c.onlyFile, c.onlyRefs = nil, nil, nil
			run.store(f, st, c.out[mark:], c.noSchema[marks:], c.tags[markt:], c.linesUsed)
		}
	}

	// What spans statements: the dependency graph, names declared twice, what nothing uses.
	if !opts.nested {
		c.contained("cycles", c.checkCycles)
		c.contained("wait bypasses", c.checkBypasses)
		c.contained("redundant depends_on", c.checkRedundantDependsOn)
		c.contained("duplicates", c.checkDuplicates)
		c.contained("placement", c.checkPlacement)
	}
	c.contained("modules", c.checkModules)
	c.contained("upstream configurations", c.checkUpstreams)
	c.contained("provider routing", c.checkProviderRouting)
	c.contained("default tags", c.checkDefaultTags)
	c.contained("backends", c.checkBackends)
	if !opts.nested {
		if !broken {
			// Text that did not parse may hold the references that would make these used.
			c.contained("unused", c.checkUnused)
		}
		c.contained("unused waits", func() { c.checkUnusedWaits(!broken) })
		c.contained("no schema", c.reportNoSchema)
		c.contained("naming", c.checkNaming)
		c.contained("tag keys", c.checkTagKeys)
		c.contained("plan", c.checkPlan)
	}
	c.contained("disable comments", c.suppress)
	if ctx.Err() != nil {
		return nil
	}
	Sort(c.out)
	return c.out
}

// checkStatement runs the statement-local checks on the statement in scope (c.only), each
// contained: a check that panics loses its own findings on this statement, nothing else.
func (c *checker) checkStatement() {
	mark := len(c.out)
	c.contained("constructs", c.checkConstructs)
	c.contained("waits", c.checkWaits)
	c.contained("blocks", c.checkBlocks)
	if !c.opts.nested {
		c.contained("resources", c.checkResources)
	}
	c.contained("attribute references", c.checkAttrRefs)
	c.contained("module calls", c.checkModuleCalls)
	if !c.opts.nested {
		c.contained("pipe form", c.checkPipeForm)
	}
	c.contained("types", c.checkTypes)
	if !c.opts.nested {
		c.contained("tag keys", c.collectTagKeys)
		c.contained("schema versions", func() { c.checkVersions(mark) })
	}
}

// contained runs one check on what is in scope (the statement c.only, or the configuration).
// When it panics, the findings it added are dropped and the panic is reported with the file,
// the statement's line and the stack.
func (c *checker) contained(name string, check func()) {
	mark, marks, markt := len(c.out), len(c.noSchema), len(c.tags)
	f, st := c.onlyFile, c.only
	path, line := c.cfg.Dir, 0
	if f != nil && st != nil {
		path, line = f.Path, f.Lines.Line(int(st.Offset))+1
	}
	ok := contain.Run(c.opts.OnPanic, "check "+name, path, line, func() {
		if c.opts.Before != nil {
			c.opts.Before(name, f, st)
		}
		check()
	})
	if !ok {
		c.out, c.noSchema, c.tags = c.out[:mark], c.noSchema[:marks], c.tags[:markt]
	}
}

// reportNoSchema reports each resource type without schema once, at its first place.
func (c *checker) reportNoSchema() {
	seen := map[string]bool{}
	for _, s := range c.noSchema {
		if !seen[s.head] {
			seen[s.head] = true
			c.add(s.file, s.span, finding.Info, finding.CodeNoSchema, "no schema for %s: attribute checks skipped", s.head)
		}
	}
}

// Sort orders diagnostics by file, then position, then message; equal ones keep their order.
// It sorts small keys (the file's rank, the span) and moves each diagnostic once: a stable sort
// of the diagnostics themselves rotates large values over and over, and compares paths each
// time (a fifth of check's time on a file with 16,000 findings).
func Sort(ds []finding.Diagnostic) {
	if slices.IsSortedFunc(ds, finding.Compare) {
		return
	}
	paths := make([]string, 0, 8)
	for i := range ds {
		if !slices.Contains(paths, ds[i].Path) {
			if len(paths) > 64 {
				slices.SortStableFunc(ds, finding.Compare) // many files: ranking them is no cheaper
				return
			}
			paths = append(paths, ds[i].Path)
		}
	}
	slices.Sort(paths)
	type key struct {
		file       int32
		start, end int32
		i          int32
	}
	keys := make([]key, len(ds))
	for i := range ds {
		keys[i] = key{int32(slices.Index(paths, ds[i].Path)), ds[i].Span.Start, ds[i].Span.End, int32(i)}
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end),
			cmp.Compare(ds[a.i].Message, ds[b.i].Message), cmp.Compare(a.i, b.i))
	})
	// Put each diagnostic in its place following the permutation's cycles (keys[k].i is the
	// diagnostic that belongs at k), without a copy of the slice.
	for k := range keys {
		if keys[k].i < 0 || int(keys[k].i) == k {
			continue
		}
		hold := ds[k]
		j := k
		for {
			from := int(keys[j].i)
			keys[j].i = -1
			if from == k {
				ds[j] = hold
				break
			}
			ds[j] = ds[from]
			j = from
		}
	}
}
