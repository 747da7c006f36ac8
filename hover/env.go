package hover

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// env is what every feature of the package reads: the configuration and the schemas.
type env struct {
	cfg     *workspace.Config
	schemas *schema.Index
}

// declSchema returns the schema behind a declaration (cursor.DeclSchema), or nil.
func (e env) declSchema(d *workspace.Decl) *schema.Resource {
	return cursor.DeclSchema(e.cfg, nil, e.schemas, d)
}

// waitTarget returns the declaration a wait waits on, or nil.
func (e env) waitTarget(d *workspace.Decl) *workspace.Decl {
	w := d.WaitExpr()
	if w == nil || w.Target == nil {
		return nil
	}
	for _, wi := range e.cfg.Waits {
		if wi.Decl == d && wi.Target != nil {
			return wi.Target.Decl
		}
	}
	return e.cfg.Lookup(w.Target.Text)
}

// waitsOn returns the waits whose target is d.
func (e env) waitsOn(d *workspace.Decl) []*workspace.WaitInfo {
	var out []*workspace.WaitInfo
	for _, wi := range e.cfg.Waits {
		if wi.Target != nil && wi.Target.Decl == d {
			out = append(out, wi)
		}
	}
	return out
}

// users returns the names of the top-level declarations that reference d, in order, without
// duplicates; anonymous counts the references from statements that bind no name.
func (e env) users(d *workspace.Decl) (names []string, anonymous int) {
	for _, r := range e.cfg.Refs {
		if r.Decl != d { // a call counts: a function's, or a binding's holding a partial application
			continue
		}
		switch {
		case r.Owner == nil:
			anonymous++
		case r.Owner != d && !slices.Contains(names, r.Owner.Name):
			names = append(names, r.Owner.Name)
		}
	}
	return names, anonymous
}

// relPath names a file for people: relative to the configuration's directory.
func (e env) relPath(path string) string {
	if r, err := filepath.Rel(e.cfg.Dir, path); err == nil {
		return filepath.ToSlash(r)
	}
	return path
}

// where says where a declaration is: "`main.crn`, line 3".
func (e env) where(d *workspace.Decl) string {
	return e.whereAt(d.File, d.NameSpan.Start)
}

func (e env) whereAt(f *workspace.File, off int32) string {
	return "`" + e.relPath(f.Path) + "`, line " + itoa(uint64(f.Lines.Line(int(off))+1))
}

// lineAt returns the trimmed source line holding offset off of f.
func lineAt(f *workspace.File, off int32) string {
	src := f.Text()
	l := f.Lines.Line(int(off))
	start := f.Lines.LineStart(l)
	end := f.Lines.LineStart(l + 1)
	if end <= start || end > len(src) {
		end = len(src)
	}
	return strings.TrimSpace(src[start:end])
}

// spanText returns the text of an absolute span of f.
func spanText(f *workspace.File, sp grammar.Span) string {
	src := f.Text()
	if sp.Start < 0 || sp.End > int32(len(src)) || sp.Start > sp.End {
		return ""
	}
	return src[sp.Start:sp.End]
}

// nodeText returns the source text of a node of statement st in f, whitespace runs collapsed.
func nodeText(f *workspace.File, st *grammar.Stmt, n grammar.Node) string {
	if n == nil || st == nil {
		return ""
	}
	return strings.Join(strings.Fields(spanText(f, st.Abs(n.Pos()))), " ")
}
