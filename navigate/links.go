package navigate

import (
	"cmp"
	"slices"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Link is a place of a file that links elsewhere: a resource type to the page documenting it
// (URL), a module's source to the module's directory (Dir, a path). Span is absolute in the file.
type Link struct {
	Span    grammar.Span
	URL     string
	Dir     string
	Tooltip string
}

// Links returns the links of file f of cfg, in the order of the file: every resource type whose
// schema names its documentation (schema.Resource.DocsURL; a type in an older spelling links to
// the type it names), and the source of every `use` whose module directory was loaded.
func Links(cfg *workspace.Config, f *workspace.File, schemas *schema.Index) []Link {
	var out []Link
	for _, st := range f.AST.Stmts {
		grammar.Inspect(st.Node, func(n grammar.Node) bool {
			r, ok := n.(*grammar.ResourceExpr)
			if !ok || r.Type == nil {
				return true
			}
			head := r.Type.String()
			if folded, ok := schemas.FoldHead(head); ok {
				head = folded
			}
			rs := schemas.Declared(head, r.Read != nil)
			if u := rs.DocsURL(); u != "" {
				sp := r.Type.Span
				out = append(out, Link{
					Span:    grammar.Span{Start: st.Offset + sp.Start, End: st.Offset + sp.End},
					URL:     u,
					Tooltip: "Documentation of " + rs.Type,
				})
			}
			return true
		})
	}
	for _, imp := range cfg.Modules {
		if imp == nil || imp.Config == nil || imp.Decl == nil || imp.Decl.File != f {
			continue
		}
		kb, ok := imp.Decl.Value.(*grammar.KeywordBlockExpr)
		if !ok {
			continue
		}
		src := kb.Body.Attr(grammar.ConstructOf(kb.Construct).KeyOf(grammar.PathValue).Name)
		if src == nil || src.Value == nil {
			continue
		}
		sp := src.Value.Pos()
		out = append(out, Link{
			Span:    grammar.Span{Start: imp.Decl.Stmt.Offset + sp.Start, End: imp.Decl.Stmt.Offset + sp.End},
			Dir:     imp.Dir,
			Tooltip: "The module " + imp.Decl.Name,
		})
	}
	slices.SortFunc(out, func(a, b Link) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	return out
}
