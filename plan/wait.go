package plan

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// pendingWait is a `let b = wait target { ... }` of the root or of a module instance, lowered
// once every resource is planned (lowerWaits).
type pendingWait struct {
	file *workspace.File
	stmt *grammar.Stmt
	// binding is as the plan names it; prefix is the instance's, before the target's name
	// (Carina's expansion prefixes the binding, the target and the predicate's head, and keeps
	// the predicate's text as written).
	binding, prefix string
	expr            *grammar.WaitExpr
	instance        *scope // nil at the root
}

// lowerWaits adds a Wait for each wait that has work in this apply, as Carina's plan lowers
// them (differ/plan.rs): only when a resource reading the wait's binding (a value or
// depends_on) has a pending change (carina#3101), and then only when the target is created or
// changed, or its stored values do not satisfy the predicate yet (carina#3358). A wait whose
// target is not a resource this package plans is left out: the plan of such a configuration
// is already marked incomplete where the target is declared.
func (c *computer) lowerWaits() {
	for _, w := range c.waits {
		if w.expr.Target == nil || w.expr.Until == nil || w.expr.Until.Value == nil {
			continue // does not parse as Carina's: the check says so, and Carina plans nothing
		}
		target := c.byBinding[w.prefix+w.expr.Target.Text]
		if target == nil || !c.gates(w.binding) || !c.hasWork(w, target) {
			continue
		}
		sp := w.stmt.Abs(w.expr.Until.Value.Pos())
		c.plan.Resources = append(c.plan.Resources, &Resource{
			Op: Wait, Binding: w.binding, Identity: w.binding, File: w.file, Stmt: w.stmt, instance: w.instance,
			// The display nests a wait under its target only (plan_tree.rs): its depends_on
			// orders the apply, not the tree.
			DependsOn: []string{target.Identity},
			// The predicate as written, as Carina keeps it (until_raw).
			Until: strings.TrimSpace(w.file.Text()[sp.Start:sp.End]),
		})
	}
}

// gates reports whether a resource reading the binding has a pending change.
func (c *computer) gates(binding string) bool {
	for _, r := range c.plan.Resources {
		if r.File == nil || r.Template != nil || r.Op == Wait || !r.mutating() {
			continue
		}
		for _, d := range r.DependsOn {
			if d == binding {
				return true
			}
		}
		for _, d := range r.Directives.dependsOn {
			if d == binding {
				return true
			}
		}
	}
	return false
}

// mutating reports whether the apply does anything to the resource.
func (r *Resource) mutating() bool {
	return r.Op != NoChange && r.Op != Wait || r.MovedFrom != ""
}

// hasWork reports whether the wait would poll: its target is created or changed (what is stored
// is stale), or what is stored does not satisfy the predicate. A predicate of another shape
// than Carina's `target.path == value` never counts as satisfied.
func (c *computer) hasWork(w pendingWait, target *Resource) bool {
	if target.State == nil || target.mutating() {
		return true
	}
	cmp, ok := w.expr.Until.Value.(*grammar.BinaryExpr)
	if !ok || cmp.Op != grammar.Eq {
		return true
	}
	lhs, ok := cmp.X.(*grammar.PathExpr)
	if !ok || len(lhs.Parts) < 2 || lhs.Parts[0].Text != w.expr.Target.Text {
		return true
	}
	path := make([]string, 0, len(lhs.Parts)-1)
	for _, p := range lhs.Parts[1:] {
		path = append(path, p.Text)
	}
	sv, ok := target.State.Attributes.Get(path[0])
	if !ok {
		return true
	}
	stored := fromState(sv)
	for _, p := range path[1:] {
		if stored, ok = stored.Get(p); !ok {
			return true
		}
	}
	// An enum identifier is compared by its wire value, as Carina resolves it through the
	// target's schema; one the schema does not resolve never equals a stored string.
	want, ok := untilValue(cmp.Y)
	if !ok {
		return true
	}
	want = c.resolve(want, path, target.Provider+"."+target.Type)
	if want.Kind == Enum {
		return true
	}
	return !same(want, stored)
}

// untilValue is the value on the right of a predicate, as Carina's parser lowers it: a literal,
// or a dotted name read as an enum identifier (wait_expr.rs, lower_until_rhs).
func untilValue(x grammar.Expr) (Value, bool) {
	switch x := x.(type) {
	case *grammar.StringLit:
		if x.Interpolated() {
			return Value{}, false
		}
		return Value{Kind: Str, Text: x.Value}, true
	case *grammar.IntLit:
		return Value{Kind: Int, Int: x.Value}, true
	case *grammar.FloatLit:
		return Value{Kind: Float, Float: x.Value}, true
	case *grammar.BoolLit:
		return Value{Kind: Bool, Bool: x.Value}, true
	case *grammar.DurationLit:
		return Value{Kind: Int, Int: int64(x.Seconds), duration: true}, true
	case *grammar.PathExpr:
		return Value{Kind: Enum, Text: x.String()}, true
	}
	return Value{}, false
}

// waitTarget returns the resource a wait binding waits for: reading `cert_issued.arn` reads
// `cert.arn` once the wait is satisfied (Carina's value-layer alias).
func (c *computer) waitTarget(binding string) *Resource {
	for _, w := range c.waits {
		if w.binding == binding && w.expr.Target != nil {
			return c.byBinding[w.prefix+w.expr.Target.Text]
		}
	}
	return nil
}
