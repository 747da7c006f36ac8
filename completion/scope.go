package completion

import (
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// scope offers the names in scope at a value: the local lets, loop variables and parameters
// around the cursor, then the configuration's value bindings and arguments, then its resources,
// data sources, waits, module calls and upstream_state bindings (not the statement's own
// binding).
func (c *completer) scope() {
	for _, n := range c.sl.Locals {
		c.text(n, Variable, n, "local", "")
	}
	names := c.bindingNames()
	var refs []*workspace.Decl
	exp := c.expected()
	var values []ranked
	for _, n := range names {
		if n == c.sl.Owner {
			continue
		}
		if c.done() {
			return
		}
		d := c.lookup(n)
		switch d.Kind {
		case workspace.Value, workspace.Argument, workspace.ForEach, workspace.Conditional:
			r := ranked{label: n, kind: Variable, detail: d.Kind.String(), fit: types.Unsure}
			if t := c.inferred(d); t.Known() {
				r.detail += ": " + t.String()
				if exp != nil {
					r.fit = types.FitOf(exp, t)
				}
			}
			values = append(values, r)
		case workspace.Resource, workspace.DataSource, workspace.Wait, workspace.ModuleCall, workspace.Upstream:
			refs = append(refs, d)
		}
	}
	c.addRanked(values)
	for _, d := range refs {
		c.text(d.Name, Reference, d.Name, c.declDetail(d), "")
	}
}
