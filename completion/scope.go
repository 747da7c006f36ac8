package completion

import (
	"slices"

	"github.com/carina-rs/carina-lsp/workspace"
)

// isLocal reports whether name is declared by a frame around the cursor.
func (c *completer) isLocal(fr *frame, name string) bool {
	for f := fr; f != nil; f = f.parent {
		if slices.Contains(f.locals, name) {
			return true
		}
	}
	return false
}

// scope offers the names in scope at a value: the local lets, loop variables and parameters of
// the frames around the cursor, then the configuration's value bindings and arguments, then its
// resources, data sources, waits, module calls and upstream_state bindings (not the statement's
// own binding).
func (c *completer) scope(fr *frame) {
	for f := fr; f != nil; f = f.parent {
		for i := len(f.locals) - 1; i >= 0; i-- {
			c.text(f.locals[i], Variable, f.locals[i], "local", "")
		}
	}
	names := c.bindingNames()
	var refs []*workspace.Decl
	for _, n := range names {
		if n == c.cur.owner {
			continue
		}
		if c.done() {
			return
		}
		d := c.lookup(n)
		switch d.Kind {
		case workspace.Value, workspace.Argument, workspace.ForEach, workspace.Conditional:
			c.text(n, Variable, n, d.Kind.String(), "")
		case workspace.Resource, workspace.DataSource, workspace.Wait, workspace.ModuleCall, workspace.Upstream:
			refs = append(refs, d)
		}
	}
	for _, d := range refs {
		c.text(d.Name, Reference, d.Name, c.declDetail(d), "")
	}
}
