package diagnostics

import (
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// checkRedundantDependsOn reports a depends_on entry (of directives or of a wait) naming a
// binding that the statement already depends on through its other dependencies: a value it
// reads, a wait's target, another entry, or what those depend on (Bicep's
// no-unnecessary-dependson). An entry whose only path is through the entry itself, or through
// the statement, is needed and never reported. The fix removes it.
func (c *checker) checkRedundantDependsOn() {
	for _, f := range c.cfg.Files {
		for _, st := range f.AST.Stmts {
			if c.ctx.Err() != nil {
				return
			}
			refs := c.stmtRefs[st]
			for i, e := range refs {
				if !listed(e) || e.Decl == nil || !e.Decl.TopLevel {
					continue
				}
				if listedTwice(refs, i) {
					continue // the duplicate checks speak first; the entry left is judged then
				}
				list, elem := entryOf(st, e)
				if elem == nil {
					continue // not a plain name (a selector, a string): depends_on's own checks say so
				}
				if path := c.impliedPath(refs, i, e.Decl); path != nil {
					c.redundantEntry(f, st, e, list, elem, path)
				}
			}
		}
	}
}

// listedTwice reports whether the entry refs[i] names a binding another entry names too.
func listedTwice(refs []*workspace.Ref, i int) bool {
	for j, r := range refs {
		if j != i && listed(r) && r.Decl == refs[i].Decl {
			return true
		}
	}
	return false
}

// listed reports whether r is an entry of a depends_on list.
func listed(r *workspace.Ref) bool {
	return r.Kind == workspace.RefDirectiveDependsOn || r.Kind == workspace.RefWaitDependsOn
}

// impliedPath returns a path by which the statement of refs depends on target without its
// reference skip: the names from the statement's first dependency to target; nil when there
// is none.
func (c *checker) impliedPath(refs []*workspace.Ref, skip int, target *workspace.Decl) []string {
	owner := refs[skip].Owner
	parent := map[*workspace.Decl]*workspace.Decl{}
	var queue []*workspace.Decl
	for i, r := range refs {
		if i == skip || r.Decl == nil || !r.Decl.TopLevel || r.Kind == workspace.RefCall || r.Decl == owner {
			continue
		}
		if r.Decl == target && r.Kind == workspace.RefWaitTarget {
			return nil // a wait's own target listed: wait-depends-on-target says so
		}
		if _, seen := parent[r.Decl]; !seen {
			parent[r.Decl] = nil
			queue = append(queue, r.Decl)
		}
	}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		if d == target {
			var path []string
			for x := d; x != nil; x = parent[x] {
				path = append([]string{x.Name}, path...)
			}
			return path
		}
		for _, next := range c.cfg.Deps[d] {
			if _, seen := parent[next]; seen || next == owner {
				continue // a path through the statement itself is its own entry's
			}
			parent[next] = d
			queue = append(queue, next)
		}
	}
	return nil
}

// redundantEntry reports entry e (the element elem of the depends_on attribute list) as implied
// by path, with a fix that removes it (the whole key when it is the list's only entry).
func (c *checker) redundantEntry(f *workspace.File, st *grammar.Stmt, e *workspace.Ref, list *grammar.Attribute, elem grammar.Expr, path []string) {
	how := "reads " + path[0]
	if len(path) > 1 {
		how = "depends on it through " + strings.Join(path, " → ")
	}
	d := c.add(f, e.Span, finding.Warning, finding.CodeRedundantDependsOn,
		"%s is already a dependency: this %s %s; remove it from depends_on", e.Name, ownerWord(e), how)
	if !fixableValue(f, st, list.Span) {
		return
	}
	remove := listEntrySpan(f, st.Abs(elem.Pos()))
	if l := list.Value.(*grammar.ListExpr); len(l.Elems) == 1 {
		remove = lineOf(f, st.Abs(list.Span))
	}
	d.Fixes = []finding.Fix{{Title: "Remove " + e.Name + " from depends_on", Edits: []finding.Edit{{Span: remove}}, Safe: true}}
}

// ownerWord names what holds the list: "wait" or "resource".
func ownerWord(e *workspace.Ref) string {
	if e.Kind == workspace.RefWaitDependsOn {
		return grammar.WaitConstruct.Keyword()
	}
	return "resource"
}

// entryOf returns the depends_on attribute whose list holds entry e, and e's element when it is
// a plain name (nil otherwise).
func entryOf(st *grammar.Stmt, e *workspace.Ref) (*grammar.Attribute, grammar.Expr) {
	var attr *grammar.Attribute
	var elem grammar.Expr
	grammar.Inspect(st.Node, func(n grammar.Node) bool {
		if attr != nil {
			return false
		}
		a, ok := n.(*grammar.Attribute)
		if !ok {
			return true
		}
		l, ok := a.Value.(*grammar.ListExpr)
		if !ok || !st.Abs(l.Span).Contains(e.Span.Start) {
			return true
		}
		attr = a
		for _, x := range l.Elems {
			if p, ok := x.(*grammar.PathExpr); ok && len(p.Parts) == 1 && st.Abs(p.Span) == e.Span {
				elem = x
			}
		}
		return false
	})
	return attr, elem
}

// lineOf widens a span to its whole lines, the newline after them included, when nothing else
// stands on them.
func lineOf(f *workspace.File, sp grammar.Span) grammar.Span {
	src := f.Text()
	start, end := sp.Start, sp.End
	for start > 0 && (src[start-1] == ' ' || src[start-1] == '\t') {
		start--
	}
	for int(end) < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	if (start == 0 || src[start-1] == '\n') && int(end) < len(src) && src[end] == '\n' {
		return grammar.Span{Start: start, End: end + 1}
	}
	return sp
}
