package completion

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// lookup returns the top-level binding called name, the completed file's own declaration first
// (as references resolve), or nil.
func (c *completer) lookup(name string) *workspace.Decl {
	return c.cfg.LookupIn(name, c.f)
}

// declSchema returns the schema behind a declaration (see workspace.Config.ResourceOfIn: wait
// targets are looked up as lookup does), or nil.
func (c *completer) declSchema(d *workspace.Decl) *schema.Resource {
	r := c.cfg.ResourceOfIn(d, c.f)
	if r == nil || r.Type == nil {
		return nil
	}
	return c.schemaFor(r.Type.String(), r.Read != nil)
}

// schemaFor returns the schema of a resource (or, with read, data-source) head, or nil.
func (c *completer) schemaFor(head string, read bool) *schema.Resource {
	if head == "" {
		return nil
	}
	if read {
		return c.x.DataSource(head)
	}
	return c.x.Resource(head)
}

// resolve follows refs through the resource's definitions (rs may be nil).
func resolve(rs *schema.Resource, t *schema.Type) *schema.Type {
	if rs == nil {
		return t
	}
	return rs.Resolve(t)
}

// declDetail describes a binding in one line: its kind and, for resources, its type.
func (c *completer) declDetail(d *workspace.Decl) string {
	switch d.Kind {
	case workspace.Resource, workspace.DataSource:
		return d.ResourceType()
	case workspace.Wait:
		if w := d.WaitExpr(); w != nil && w.Target != nil {
			return "wait on " + w.Target.Text
		}
	case workspace.ModuleCall:
		if call, ok := d.Value.(*grammar.ModuleCallExpr); ok && call.Name != nil {
			return "module " + call.Name.Text
		}
	}
	return d.Kind.String()
}

// nodeText returns the source text of a node of a statement of file f.
func nodeText(f *workspace.File, st *grammar.Stmt, n grammar.Node) string {
	sp := st.Abs(n.Pos())
	src := f.Text()
	if sp.Start < 0 || int(sp.End) > len(src) || sp.Start > sp.End {
		return ""
	}
	return src[sp.Start:sp.End]
}
