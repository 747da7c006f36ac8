package navigate

import (
	"cmp"
	"slices"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Highlight is one occurrence of the name under the cursor in the file: Write for the
// declaration, read for every use.
type Highlight struct {
	Span  grammar.Span
	Write bool
}

// Highlights returns the occurrences in f of the name at offset: its declaration (Write) when
// it is in f, and every reference in f. On an enum value it returns the uses of the same value.
func Highlights(cfg *workspace.Config, f *workspace.File, offset int) []Highlight {
	t, ok := targetOf(cfg, locate(cfg, f, offset))
	if !ok {
		return nil
	}
	var out []Highlight
	for _, o := range occurrences(cfg, t) {
		if o.loc.Path == f.Path {
			out = append(out, Highlight{Span: o.loc.Span, Write: o.write})
		}
	}
	slices.SortFunc(out, func(a, b Highlight) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	return slices.Compact(out)
}
