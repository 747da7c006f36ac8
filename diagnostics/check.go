package diagnostics

import (
	"cmp"
	"context"
	"slices"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Check runs every check on a configuration and returns its diagnostics, sorted by file and
// position. Each diagnostic belongs to the file containing its range. schemas may be nil: the
// schema checks are then skipped (and each resource type says so once).
func Check(ctx context.Context, cfg *workspace.Config, schemas *schema.Index) []Diagnostic {
	return CheckWith(ctx, cfg, schemas, nil)
}

// CheckWith is Check with a memo of the statement-local checks from earlier runs on versions of
// the same configuration: a statement whose text and environment (what its names resolve to, the
// schemas, the names a suggestion could propose) are unchanged keeps its diagnostics without being
// analysed again, so after an edit only the edited statements and those depending on what changed
// are analysed. memo may be nil.
func CheckWith(ctx context.Context, cfg *workspace.Config, schemas *schema.Index, memo *Memo) []Diagnostic {
	c := &checker{ctx: ctx, cfg: cfg, schemas: schemas}
	broken := false
	for _, f := range cfg.Files {
		c.out = append(c.out, Syntax(f.Path, f.AST)...)
		broken = broken || len(f.AST.Errors) > 0
	}
	c.stmtRefs = make(map[*g.Stmt][]*workspace.Ref, 64)
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
			mark, marks := len(c.out), len(c.noSchema)
			c.only, c.onlyFile = st, f
			c.checkStatement()
			c.only, c.onlyFile = nil, nil
			run.store(f, st, c.out[mark:], c.noSchema[marks:])
		}
	}

	// What spans statements: the dependency graph, names declared twice, what nothing uses.
	c.checkCycles()
	c.checkBypasses()
	c.checkDuplicates()
	c.checkPlacement()
	if !broken {
		// Text that did not parse may hold the references that would make these used.
		c.checkUnused()
	}
	c.checkUnusedWaits(!broken)
	c.reportNoSchema()
	if ctx.Err() != nil {
		return nil
	}
	Sort(c.out)
	return c.out
}

// checkStatement runs the statement-local checks on the statement in scope (c.only).
func (c *checker) checkStatement() {
	c.checkWaits()
	c.checkRefs()
	c.checkBlocks()
	c.checkResources()
	c.checkAttrRefs()
	c.checkModuleCalls()
}

// reportNoSchema reports each resource type without schema once, at its first place.
func (c *checker) reportNoSchema() {
	seen := map[string]bool{}
	for _, s := range c.noSchema {
		if !seen[s.head] {
			seen[s.head] = true
			c.add(s.file, s.span, Info, CodeNoSchema, "no schema for %s: attribute checks skipped", s.head)
		}
	}
}

// Sort orders diagnostics by file, then position, then message.
func Sort(ds []Diagnostic) {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.Path, b.Path),
			cmp.Compare(a.Span.Start, b.Span.Start),
			cmp.Compare(a.Span.End, b.Span.End),
			cmp.Compare(a.Message, b.Message),
		)
	})
}
