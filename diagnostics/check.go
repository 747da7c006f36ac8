package diagnostics

import (
	"cmp"
	"context"
	"slices"

	"github.com/carina-rs/carina-lsp/workspace"
)

// Check runs every check on a configuration and returns its diagnostics, sorted by file and
// position. Each diagnostic belongs to the file containing its range.
func Check(ctx context.Context, cfg *workspace.Config) []Diagnostic {
	var out []Diagnostic
	for _, f := range cfg.Files {
		if ctx.Err() != nil {
			return nil
		}
		out = append(out, Syntax(f.Path, f.AST)...)
	}
	Sort(out)
	return out
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
