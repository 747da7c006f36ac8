package diagnostics

import (
	"cmp"
	"context"
	"slices"

	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Check runs every check on a configuration and returns its diagnostics, sorted by file and
// position. Each diagnostic belongs to the file containing its range. schemas may be nil: the
// schema checks are then skipped (and each resource type says so once).
func Check(ctx context.Context, cfg *workspace.Config, schemas *schema.Index) []Diagnostic {
	c := &checker{ctx: ctx, cfg: cfg, schemas: schemas}
	broken := false
	for _, f := range cfg.Files {
		c.out = append(c.out, Syntax(f.Path, f.AST)...)
		broken = broken || len(f.AST.Errors) > 0
	}
	c.checkWaits(!broken)
	c.checkCycles()
	c.checkBypasses()
	c.checkRefs()
	c.checkDuplicates()
	if !broken {
		// Text that did not parse may hold the references that would make these used.
		c.checkUnused()
	}
	c.checkBlocks()
	c.checkResources()
	c.checkAttrRefs()
	c.checkModuleCalls()
	if ctx.Err() != nil {
		return nil
	}
	Sort(c.out)
	return c.out
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
