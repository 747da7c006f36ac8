package navigate

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Location is a span of a file: the file's path and an absolute byte span in it.
type Location struct {
	Path string
	Span grammar.Span
}

func declLocation(d *workspace.Decl) Location { return Location{Path: d.File.Path, Span: d.NameSpan} }

func refLocation(r *workspace.Ref) Location { return Location{Path: r.File.Path, Span: r.Span} }

func outputLocation(o *workspace.Output) Location {
	return Location{Path: o.File.Path, Span: o.Stmt.Abs(o.Decl.Name.Span)}
}

// sortLocations sorts locations by path and start, dropping duplicates.
func sortLocations(ls []Location) []Location {
	slices.SortFunc(ls, func(a, b Location) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Span.Start, b.Span.Start), cmp.Compare(a.Span.End, b.Span.End))
	})
	return slices.Compact(ls)
}

// where names a declaration's place for messages: "main.crn:5:5" (1-based line and column).
func where(f *workspace.File, off int32) string {
	line, col := f.Lines.UTF16(int(off))
	return fmt.Sprintf("%s:%d:%d", filepath.Base(f.Path), line+1, col+1)
}
