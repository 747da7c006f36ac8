package completion

import (
	"slices"
	"strings"

	g "github.com/carina-rs/carina-lsp/grammar"
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

// wait completes inside `wait target { }`.
func (c *completer) wait(fr *frame) {
	pos := c.cur.position(fr)
	switch pos.kind {
	case posKey:
		c.waitKeys(fr)
	case posValue:
		switch pos.key {
		case "until":
			c.until(fr, pos.rhs)
		case "timeout":
			if len(pos.rhs) == 0 {
				c.timeout(fr)
			}
		case "depends_on":
			if len(pos.rhs) == 0 {
				c.add("[ ]", Snippet, "[$0]", "bindings to wait for first", "")
			}
		}
	case posAfter:
		if pos.key == "until" && len(pos.rhs) > 0 && !slices.ContainsFunc(pos.rhs, func(e entry) bool { return isComparison(e.kind) }) {
			c.text("==", Operator, "== ", "the only comparison supported", "")
		}
	}
}

// waitKeys offers until, depends_on and timeout, minus the keys the block has.
func (c *completer) waitKeys(fr *frame) {
	present := c.presentKeys(fr)
	if !present["until"] {
		c.add("until", Property, "until = ", "required: the predicate the target must satisfy",
			"`until = "+orTarget(fr.head)+".<attribute> == <value>`: the wait polls the target until it holds.")
	}
	if !present["depends_on"] {
		c.add("depends_on", Property, "depends_on = [$0]", "bindings that must complete before polling starts", "")
	}
	if !present["timeout"] {
		ws := c.x.Wait(c.targetHead(fr.head))
		def := formatDuration(ws.Timeout.Secs)
		c.add("timeout", Property, "timeout = ${1:"+def+"}", "default "+def+" ("+ws.Timeout.Source+")", "")
	}
}

func orTarget(t string) string {
	if t == "" {
		return "<target>"
	}
	return t
}

// targetHead returns the resource type a wait target stands for ("" when unknown).
func (c *completer) targetHead(target string) string {
	if r := c.cfg.ResourceOfIn(c.lookup(target), c.f); r != nil && r.Type != nil {
		return r.Type.String()
	}
	return ""
}

func isComparison(k g.Kind) bool {
	switch k {
	case g.Eq, g.NotEq, g.Lt, g.LtEq, g.Gt, g.GtEq:
		return true
	}
	return false
}

// until completes the predicate `until = target.attr == value`: on the left the target and its
// attributes (read-only enum attributes first); on the right the values of the attribute's type.
func (c *completer) until(fr *frame, rhs []entry) {
	target := fr.head
	d := c.lookup(target)
	if d == nil || target == "" {
		return
	}
	rs := c.declSchema(d)
	op := slices.IndexFunc(rhs, func(e entry) bool { return isComparison(e.kind) })
	if len(rhs) == 0 {
		if qual, _, ok := c.cur.qualified(); ok {
			segs := splitRef(qual)
			if len(segs) > 0 && segs[0] == target {
				c.schemaMembers(qual, rs, membersAt(rs, segs[1:]), true)
			}
			return
		}
		c.text(target, Reference, target, "the wait's target ("+c.declDetail(d)+")", "")
		c.schemaMembers(target, rs, membersAt(rs, nil), true)
		return
	}
	if op < 0 || op != len(rhs)-1 || rs == nil {
		return
	}
	lhs := strings.TrimSpace(c.src[c.cur.tokStart(rhs[0]):c.cur.tokStart(rhs[op])])
	segs := splitRef(lhs)
	if len(segs) < 2 || segs[0] != target {
		return
	}
	m, ok := rs.Lookup(segs[1:])
	if !ok {
		return
	}
	// The right of an until compares with a literal or an enum value, never a binding.
	c.value(nil, want{rs: rs, ty: m.Type, literal: true}, nil)
}

// timeout offers the wait's effective default timeout first (from the target's schema, else
// Carina's), then common durations; after digits, the digits with each unit.
func (c *completer) timeout(fr *frame) {
	head := c.targetHead(fr.head)
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
func (c *completer) waitDeps(wait, list *frame) {
	listed := c.listedNames(list)
	target := c.lookup(wait.head)
	var first, rest []*workspace.Decl
	for _, n := range c.bindingNames() {
		if n == wait.name || n == wait.head || n == c.cur.owner || listed[n] {
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
			detail += ", refers to " + wait.head
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

// tokStart returns the start offset of an entry's token.
func (cu *cursor) tokStart(e entry) int32 { return cu.toks[e.tok].Start }
