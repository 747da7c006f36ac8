package completion

import (
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// waitTargets offers the bindings a wait can wait on (after `wait `): resources and data sources,
// those with read-only enum attributes first (a state to wait for), then other waits. self is
// the wait's own name.
func (c *completer) waitTargets(self string) {
	var groups [3][]*workspace.Decl
	for _, n := range c.bindingNames() {
		if n == self {
			continue
		}
		d := c.lookup(n)
		switch d.Kind {
		case workspace.Resource, workspace.DataSource:
			if len(roEnums(c.declSchema(d))) > 0 {
				groups[0] = append(groups[0], d)
			} else {
				groups[1] = append(groups[1], d)
			}
		case workspace.Wait:
			groups[2] = append(groups[2], d)
		}
	}
	for gi, ds := range groups {
		for _, d := range ds {
			doc := ""
			if gi == 0 {
				doc = "Read-only enum attributes: `" + strings.Join(roEnums(c.declSchema(d)), "`, `") + "`"
			}
			c.text(d.Name, Reference, d.Name, c.declDetail(d), doc)
		}
	}
}

// roEnums returns the names of a resource's read-only enum attributes, sorted.
func roEnums(rs *schema.Resource) []string {
	if rs == nil {
		return nil
	}
	var out []string
	for n, m := range rs.Attributes {
		if m.ReadOnly && rs.EnumOf(m) != nil {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

func orTarget(t string) string {
	if t == "" {
		return "<target>"
	}
	return t
}

// targetHead returns the resource type the wait's target stands for ("" when unknown).
func (c *completer) targetHead() string {
	if r := c.cfg.ResourceOfIn(c.sl.Block.Target, c.f); r != nil && r.Type != nil {
		return r.Type.String()
	}
	return ""
}

func isComparison(k grammar.Kind) bool {
	switch k {
	case grammar.Eq, grammar.NotEq, grammar.Lt, grammar.LtEq, grammar.Gt, grammar.GtEq:
		return true
	}
	return false
}

// until completes the predicate `until = target.attr == value`: on the left the target and its
// attributes (read-only enum attributes first); on the right the values of the attribute's type.
func (c *completer) until() {
	sl := c.sl
	target := sl.Block.TargetN
	d := sl.Block.Target
	if d == nil || target == "" {
		return
	}
	rs := c.declSchema(d)
	rhs := sl.Rhs
	op := slices.IndexFunc(rhs, func(e cursor.Entry) bool { return isComparison(e.Tok.Kind) })
	if len(rhs) == 0 {
		if qual, _, ok := sl.Qualified(); ok {
			segs := cursor.SplitRef(qual)
			if len(segs) > 0 && segs[0] == target {
				c.schemaMembers(qual, rs, rs.Members(segs[1:]), true)
			}
			return
		}
		c.text(target, Reference, target, "the wait's target ("+c.declDetail(d)+")", "")
		c.schemaMembers(target, rs, rs.Members(nil), true)
		return
	}
	if op < 0 || op != len(rhs)-1 || rs == nil {
		return
	}
	// The right of an until compares with a literal or an enum value, never a binding.
	if sl.Expect.Type != nil {
		c.value(expect(sl.Expect), nil)
	}
}

// timeout offers the wait's effective default timeout first (from the target's schema, else
// Carina's), then common durations; after digits, the digits with each unit.
func (c *completer) timeout() {
	head := c.targetHead()
	ws := c.x.Wait(head)
	detail := "default (" + ws.Timeout.Source + ")"
	if head != "" {
		detail = "default for " + head + " (" + ws.Timeout.Source + ")"
	}
	c.durations(ws.Timeout.Secs, detail)
}

// waitDeps offers the bindings a wait's depends_on can list: those that refer to the target
// first (the validation record of a certificate), then the others; never the wait, its target,
// or names already listed.
func (c *completer) waitDeps() {
	sl := c.sl
	target := sl.Block.Target
	var first, rest []*workspace.Decl
	for _, n := range c.bindingNames() {
		if n == sl.Owner || n == sl.Block.TargetN || sl.Listed[n] {
			continue
		}
		d := c.lookup(n)
		if !dependable(d.Kind) {
			continue
		}
		if target != nil && slices.Contains(c.cfg.Deps[d], target) {
			first = append(first, d)
		} else {
			rest = append(rest, d)
		}
	}
	for _, d := range append(first, rest...) {
		detail := c.declDetail(d)
		if slices.Contains(first, d) {
			detail += ", refers to " + sl.Block.TargetN
		}
		c.text(d.Name, Reference, d.Name, detail, "")
	}
}

// dependable reports whether a binding of kind k can be a dependency: something that is
// created, read or waited for.
func dependable(k workspace.DeclKind) bool {
	switch k {
	case workspace.Resource, workspace.DataSource, workspace.Wait, workspace.ModuleCall, workspace.ForEach, workspace.Conditional:
		return true
	}
	return false
}
