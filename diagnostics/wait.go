package diagnostics

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/spell"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// pollInterval returns the poll interval of a wait on target: its schema's, else Carina's 5 s.
func (c *checker) pollInterval(target *workspace.Decl) uint64 {
	head := ""
	if r := c.cfg.ResourceOf(target); r != nil {
		head = r.Type.String()
	}
	_, interval, _ := c.schemas.WaitDefaults(head)
	if interval == 0 {
		interval = schema.DefaultWaitIntervalSecs
	}
	return interval
}

// waitConstruct is the wait's entry of the construct table: its keys and what each takes.
func waitConstruct() *grammar.Construct { return grammar.ConstructOf(grammar.WaitConstruct) }

// notYetWaitKey reports keys people expect from other tools that Carina deliberately leaves out
// of the wait construct for now.
func notYetWaitKey(k string) bool {
	switch k {
	case "interval", "fail_when", "on_timeout":
		return true
	}
	return false
}

// checkWaits runs the wait checks of the waits in scope (see checker.only).
func (c *checker) checkWaits() {
	for _, w := range c.cfg.Waits {
		if c.only == nil || w.Decl.Stmt == c.only {
			c.checkWait(w)
		}
	}
}

// checkUnusedWaits reports waits nothing reads. complete is false when some text of the
// configuration did not parse (the reader may be in it).
func (c *checker) checkUnusedWaits(complete bool) {
	if !complete {
		return
	}
	used := map[*workspace.Decl]bool{}
	for _, r := range c.cfg.Refs {
		// A wait naming itself (as its target or in until, each reported) does not use it.
		if r.Decl != nil && r.Owner != r.Decl {
			used[r.Decl] = true
		}
	}
	for _, w := range c.cfg.Waits {
		d := w.Decl
		// `let _ = wait` is Carina's way to write a wait that nothing reads, on purpose.
		if d.Name != "_" && !used[d] {
			c.add(d.File, d.NameSpan, finding.Warning, finding.CodeWaitUnused,
				"wait %q is never referenced, so it gates nothing: read the target through it (%s.<attribute>) where the target must be ready, or name it _",
				d.Name, d.Name)
		}
	}
}

// checkWait checks what is the wait's own: its target, its predicate, a timeout against the
// poll interval, the entries of depends_on. Its keys and their kinds are checkConstructs'.
func (c *checker) checkWait(w *workspace.WaitInfo) {
	x := w.Expr
	prefix := fmt.Sprintf("wait %q: ", w.Decl.Name)

	target := c.checkWaitTarget(w, prefix)

	if x.Until != nil && x.Until.Value != nil {
		c.checkUntil(w, prefix, x.Until.Value, target)
	}
	if x.Timeout != nil {
		if d, ok := x.Timeout.Value.(*grammar.DurationLit); ok {
			c.checkTimeout(w, prefix, d, c.pollInterval(target))
		}
	}
	if x.DependsOn != nil && x.DependsOn.Value != nil {
		c.checkWaitDependsOn(w, prefix)
	}
}

// waitMissingUntil reports a wait block without until (found by the table-driven check), with
// an example of the condition from the target's schema and, where the schema has one, a fix
// that inserts it.
func (c *checker) waitMissingUntil(s keyedSite, x *grammar.WaitExpr) {
	var w *workspace.WaitInfo
	for _, wi := range c.cfg.Waits {
		if wi.Expr == x {
			w = wi
		}
	}
	var target *workspace.Decl
	if w != nil && w.Target != nil && w.Target.Decl != nil && waitable(w.Target.Decl.Kind) && w.Target.Name != w.Decl.Name {
		target = w.Target.Decl
	}
	example := targetName(x) + ".<attribute> == <value>"
	if attr, value, ok := readyCondition(c.declSchema(target)); ok {
		example = targetName(x) + "." + attr + " == " + value
	}
	until := waitConstruct().KeyOf(grammar.PredicateValue).Name
	diag := c.add(s.f, at(s.st, x.Kw), finding.Error, finding.CodeWaitMissingUntil,
		"%smissing %s: a wait needs the condition to wait for, e.g. %s = %s", s.prefix(), until, until, example)
	if w == nil {
		return
	}
	if fx, ok := c.untilSkeleton(w, target); ok {
		diag.Fixes = []finding.Fix{fx}
	}
}

// keepBindFixes drops the parser's "Bind it: let _ = wait" fix from the syntax error of a bare
// top-level wait whose target is no binding that can be waited on: bound, the wait would be an
// error of its own (wait-unknown-target, wait-invalid-target).
func (c *checker) keepBindFixes() {
	type place struct {
		path string
		span grammar.Span
	}
	drop := map[place]bool{}
	for _, f := range c.cfg.Files {
		for _, st := range f.AST.Stmts {
			es, ok := st.Node.(*grammar.ExprStmt)
			if !ok {
				continue
			}
			w, ok := es.X.(*grammar.WaitExpr)
			if !ok || w.Target == nil {
				continue
			}
			if d := c.cfg.LookupIn(w.Target.Text, f); d != nil && waitable(d.Kind) {
				continue
			}
			drop[place{f.Path, at(st, w.Kw)}] = true
		}
	}
	if len(drop) == 0 {
		return
	}
	for i := range c.out {
		if d := &c.out[i]; d.Code == finding.CodeSyntax && drop[place{d.Path, d.Span}] {
			d.Fixes = nil
		}
	}
}

// hasSyntaxErrorAt reports whether a statement has a syntax error on exactly the span sp
// (statement-relative).
func hasSyntaxErrorAt(st *grammar.Stmt, sp grammar.Span) bool {
	return slices.ContainsFunc(st.Errors, func(e grammar.SyntaxError) bool { return e.Span == sp })
}

func targetName(x *grammar.WaitExpr) string {
	if x.Target == nil {
		return "<target>"
	}
	return x.Target.Text
}

// untilSkeleton inserts `until = <target>.<attribute> == <value>` at the start of the block: the
// target's ready condition from its schema (readyCondition). ok is false when the schema has none:
// placeholders would not parse, and the message already shows the shape.
func (c *checker) untilSkeleton(w *workspace.WaitInfo, target *workspace.Decl) (finding.Fix, bool) {
	x, st := w.Expr, w.Decl.Stmt
	attr, value, ok := readyCondition(c.declSchema(target))
	if !ok || x.Target == nil || x.Body == nil {
		return finding.Fix{}, false
	}
	insertAt := at(st, x.Body.Open).End
	until := waitConstruct().KeyOf(grammar.PredicateValue).Name
	return finding.Fix{
		Title: "Add " + until,
		Edits: []finding.Edit{{Span: grammar.Span{Start: insertAt, End: insertAt}, NewText: "\n  " + until + " = " + x.Target.Text + "." + attr + " == " + value}},
	}, true
}

// readyWords are enum members that read as "the target is ready".
var readyWords = []string{"issued", "available", "active", "running", "ready", "success", "succeeded",
	"deployed", "in_service", "inservice", "complete", "completed", "healthy", "enabled", "ok", "created"}

// readyCondition proposes the attribute and value a wait on a resource of rs most likely waits
// for: a read-only enum attribute (status first, then state, then the others by name) with a
// member that reads as ready (readyWords). ok is false when there is none.
func readyCondition(rs *schema.Resource) (attr, value string, ok bool) {
	if rs == nil {
		return "", "", false
	}
	names := slices.Sorted(maps.Keys(rs.Attributes))
	rank := func(n string) int {
		switch n {
		case "status":
			return 0
		case "state":
			return 1
		}
		return 2
	}
	slices.SortStableFunc(names, func(a, b string) int { return rank(a) - rank(b) })
	for _, n := range names {
		m := rs.Attributes[n]
		t := rs.Resolve(m.Type)
		if !m.ReadOnly || t == nil || t.Kind != schema.KindEnum || t.Enum == nil {
			continue
		}
		for _, v := range t.Enum.Values {
			if slices.Contains(readyWords, strings.ToLower(v.DSL)) {
				return n, v.Spelling(), true
			}
		}
	}
	return "", "", false
}

// waitable reports whether a declaration can be waited on. Another wait can, as the product's
// design says, though Carina's validation rejects it (a wait is no resource there); a for or an
// if stands for the resources it expands to.
func waitable(k workspace.DeclKind) bool {
	switch k {
	case workspace.Resource, workspace.DataSource, workspace.Wait, workspace.ForEach, workspace.Conditional:
		return true
	}
	return false
}

// checkWaitTarget checks the target of a wait and returns it when it is a binding that can be
// waited on.
func (c *checker) checkWaitTarget(w *workspace.WaitInfo, prefix string) *workspace.Decl {
	if w.Target == nil {
		return nil // a syntax error already says the target is missing
	}
	r := w.Target
	switch {
	case r.Name == w.Decl.Name:
		c.add(r.File, r.Span, finding.Error, finding.CodeWaitSelfTarget,
			"%sa wait cannot wait on itself; name the resource or data source to wait on", prefix)
		return nil
	case r.Decl == nil:
		cands := c.names(func(d *workspace.Decl) bool { return waitable(d.Kind) && d != w.Decl })
		s := spell.Closest(r.Name, cands, func(cand string) bool {
			c.volatile = true // reads the candidate's dependencies
			return !c.closesCycle(w.Decl, c.cfg.LookupIn(cand, r.File))
		})
		diag := c.add(r.File, r.Span, finding.Error, finding.CodeWaitUnknownTarget,
			"%starget %q is not declared in this configuration%s", prefix, r.Name, meaning(s))
		// Only a target in its place (`wait <name> {`) is renamed: `wait let cert {` is a stray
		// keyword, not a misspelt target.
		if s != "" && !grammar.IsKeyword(r.Name) && nextToken(r.File, r.Span.End).Kind == grammar.LBrace {
			// The same misspelt name in until and the rest of the wait is the same mistake:
			// `wait cetr { until = cetr.status == issued }` is changed in both places.
			edits := []finding.Edit{{Span: r.Span, NewText: s}}
			for _, o := range c.stmtRefs[w.Decl.Stmt] {
				if o != r && o.Decl == nil && o.Name == r.Name && o.File == r.File && o.Span != r.Span {
					edits = append(edits, finding.Edit{Span: o.Span, NewText: s})
				}
			}
			diag.Fixes = []finding.Fix{{Title: "Change to " + s, Edits: edits}}
		}
		return nil
	case r.Decl.Kind == workspace.Wait, r.Decl.Kind == workspace.ForEach, r.Decl.Kind == workspace.Conditional && !c.ifBindsResource(r.Decl):
		// Carina knows only the resources and data sources a let binds (an if's by the
		// branch it takes): not a wait, nor a for's items by the for's name.
		c.add(r.File, r.Span, finding.Error, finding.CodeWaitInvalidTarget,
			"%starget %q is %s, not a resource Carina knows (Carina: target binding is not a known resource); wait on a resource or a data source bound by let", prefix, r.Name, withArticle(r.Decl.Kind.String()))
		return nil
	case !waitable(r.Decl.Kind):
		what := r.Decl.Kind.String()
		if r.Decl.Kind == workspace.ModuleCall {
			c.add(r.File, r.Span, finding.Error, finding.CodeWaitInvalidTarget,
				"%starget %q is a module call; waiting on a module's outputs is not supported: wait on a resource inside the module", prefix, r.Name)
			return nil
		}
		c.add(r.File, r.Span, finding.Error, finding.CodeWaitInvalidTarget,
			"%starget %q is %s; a wait's target is a resource, a data source (read) or another wait", prefix, r.Name, withArticle(what))
		return nil
	}
	return r.Decl
}

// ifBindsResource reports whether an if binding holds a resource by the branch Carina takes.
func (c *checker) ifBindsResource(d *workspace.Decl) bool {
	c.volatile = true // reads the if's condition
	return c.cfg.Types(c.schemas).IfBindsResource(d)
}

// withArticle puts "a" or "an" before a noun.
func withArticle(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

// checkUntil checks the predicate's shape: `<target>.<attribute path> == <value>`.
func (c *checker) checkUntil(w *workspace.WaitInfo, prefix string, pred grammar.Expr, target *workspace.Decl) {
	f, st := w.Decl.File, w.Decl.Stmt
	// Every operator other than == is reported at its own range, a leading ! included.
	unsupported := false
	grammar.Inspect(pred, func(n grammar.Node) bool {
		switch n := n.(type) {
		case *grammar.UnaryExpr:
			unsupported = true
			c.add(f, at(st, n.OpPos), finding.Error, finding.CodeWaitUntilOperator,
				"%suntil supports only == in this version; \"!\" (not) is not supported yet", prefix)
		case *grammar.BinaryExpr:
			if n.Op != grammar.Eq {
				unsupported = true
				c.add(f, at(st, n.OpPos), finding.Error, finding.CodeWaitUntilOperator,
					"%suntil supports only == in this version (got %s)", prefix, strings.Trim(n.Op.String(), `"`))
			}
		}
		return true
	})
	// An unsupported operator is the one thing to fix: the shape checks would only restate it.
	if unsupported {
		return
	}
	cmp, ok := pred.(*grammar.BinaryExpr)
	if !ok {
		c.add(f, at(st, pred.Pos()), finding.Error, finding.CodeWaitUntilShape,
			"%suntil needs a comparison: write %s == <value>", prefix, text(f, at(st, pred.Pos())))
		return
	}
	if target == nil {
		return // the target is missing or wrong: that is the one thing to fix first
	}
	lhsOK := c.checkUntilLHS(w, prefix, cmp)
	rhsOK := c.checkUntilRHS(w, prefix, cmp.Y)
	if lhsOK && rhsOK {
		c.checkUntilSchema(w, prefix, cmp, target)
	}
}

// checkUntilSchema checks the attribute path of until against the target's schema, and the value
// against the attribute's type.
func (c *checker) checkUntilSchema(w *workspace.WaitInfo, prefix string, cmp *grammar.BinaryExpr, target *workspace.Decl) {
	rs := c.declSchema(target)
	if rs == nil {
		return
	}
	f, st := w.Decl.File, w.Decl.Stmt
	lhs := cmp.X.(*grammar.PathExpr)
	segs := lhs.Parts[1:]
	path := make([]string, len(segs))
	for i, p := range segs {
		path[i] = p.Text
	}
	if bad := walkPath(rs, path); bad >= 0 {
		seg := segs[bad]
		sug := suggestMember(seg.Text, memberNames(rs, path[:bad]), pathFits(rs, path, bad))
		d := c.add(f, at(st, seg.Span), finding.Error, finding.CodeWaitUntilAttribute, "%s%s has no attribute %q%s",
			prefix, rs.Type, strings.Join(append(path[:bad:bad], seg.Text), "."), meaning(sug))
		renameTo(d, sug)
		return
	}
	m, _ := rs.Lookup(path)
	lhsText := lhs.String()
	rhsText := text(f, at(st, cmp.Y.Pos()))
	for _, mf := range c.site(st, rs).CompareMisfits(m.Type, cmp.Y) {
		c.untilMisfit(f, st, rs, m, mf, prefix, lhsText, rhsText)
	}
}

// untilMisfit reports how the value an until compares attribute a with does not fit it: a literal
// of another kind, or for an enum no member, or one written as a string or in an older form. An
// open enum (a region) takes its wire value as a string: only a closed enum's quoted value is a
// mistake.
func (c *checker) untilMisfit(f *workspace.File, st *grammar.Stmt, rs *schema.Resource, a *schema.Member, m types.Misfit, prefix, lhsText, rhsText string) {
	rsp := at(st, m.Expr.Pos())
	if m.Enum == nil {
		c.add(f, rsp, finding.Error, finding.CodeWaitUntilType, "%suntil compares %s (%s) with the %s %s; compare it with a %s value",
			prefix, lhsText, display(rs, a), strings.ToLower(literalName(m.Found)), rhsText, display(rs, a))
		return
	}
	en := m.Enum
	_, quoted := m.Expr.(*grammar.StringLit)
	switch m.Kind {
	case types.QuotedMember:
		v := m.Value
		d := c.add(f, rsp, finding.Warning, finding.CodeWaitUntilQuoted, "%suntil compares %s (%s) with %s; use %s",
			prefix, lhsText, en.Identity, rhsText, v.Spelling())
		if fixableValue(f, st, m.Expr.Pos()) {
			d.Fixes = []finding.Fix{{Title: "Change to " + v.Spelling(), Edits: []finding.Edit{{Span: rsp, NewText: v.Spelling()}}, Safe: true}}
		}
	case types.NotMember:
		switch {
		case quoted && en.Open:
		case quoted:
			c.add(f, rsp, finding.Error, finding.CodeWaitUntilType, "%suntil compares %s (%s) with %s, which is no value of it; use %s",
				prefix, lhsText, en.Identity, rhsText, c.oneOf(en))
		case m.Suggestion:
			v := m.Value
			d := c.add(f, rsp, finding.Error, finding.CodeWaitUntilType, "%suntil compares %s (%s) with %s, which is no value of it; did you mean %s?",
				prefix, lhsText, en.Identity, m.Written, v.Spelling())
			d.Fixes = []finding.Fix{{Title: "Change to " + v.Spelling(), Edits: []finding.Edit{{Span: rsp, NewText: v.Spelling()}}, Safe: m.Only}}
		default:
			c.add(f, rsp, finding.Error, finding.CodeWaitUntilType, "%suntil compares %s (%s) with %s, which is no value of it; use %s",
				prefix, lhsText, en.Identity, m.Written, c.oneOf(en))
		}
	case types.WrongKind:
		c.add(f, rsp, finding.Error, finding.CodeWaitUntilType, "%suntil compares %s (%s) with the %s %s; use %s",
			prefix, lhsText, en.Identity, strings.ToLower(literalName(m.Found)), rhsText, c.oneOf(en))
	case types.OldEnumForm:
		c.oldEnumForm(f, rsp, m.Match, m.Written, prefix)
	}
}

func (c *checker) checkUntilLHS(w *workspace.WaitInfo, prefix string, cmp *grammar.BinaryExpr) bool {
	f, st := w.Decl.File, w.Decl.Stmt
	tname := targetName(w.Expr)
	lhs := cmp.X
	switch x := lhs.(type) {
	case *grammar.PathExpr:
		root := x.Parts[0]
		r := c.refAt(st, x)
		switch {
		case root.Text == tname && len(x.Parts) > 1:
			return true
		case root.Text == w.Decl.Name && w.Decl.Name != tname:
			c.add(f, at(st, root.Span), finding.Error, finding.CodeWaitUntilSelf,
				"%suntil refers to the wait itself; compare an attribute of the target: %s.<attribute> == <value>", prefix, tname)
		case c.providerNames()[root.Text]:
			// A value on the left: `aws.acm.Certificate.Status.Issued == cert.status`.
			lsp := at(st, x.Span)
			if y, ok := cmp.Y.(*grammar.PathExpr); ok && y.Parts[0].Text == tname && len(y.Parts) > 1 {
				swapped := text(f, at(st, y.Span)) + " == " + text(f, lsp)
				d := c.add(f, lsp, finding.Error, finding.CodeWaitUntilShape,
					"%suntil must start with the target's attribute, the value on the right: write %s", prefix, swapped)
				d.Fixes = []finding.Fix{{Title: "Swap the sides", Edits: []finding.Edit{{Span: at(st, grammar.Span{Start: x.Span.Start, End: y.Span.End}), NewText: swapped}}, Safe: true}}
				break
			}
			c.add(f, lsp, finding.Error, finding.CodeWaitUntilShape,
				"%suntil must start with the target's attribute (%s.<attribute> == <value>), not the value %s", prefix, tname, text(f, lsp))
		case r != nil && r.Decl == nil:
			// The only name that fits on the left is the target: it is the one suggestion.
			d := c.add(f, at(st, root.Span), finding.Error, finding.CodeWaitUntilCrossTarget,
				"%suntil names %q, which is not declared; compare an attribute of the target: %s.<attribute> == <value>%s",
				prefix, root.Text, tname, didYouMean(root.Text, []string{tname}))
			c.renameFix(d, root.Text, []string{tname})
		case root.Text != tname:
			c.add(f, at(st, root.Span), finding.Error, finding.CodeWaitUntilCrossTarget,
				"%suntil must compare an attribute of the target %q, not of %q (cross-target predicates are not supported)", prefix, tname, root.Text)
		case len(x.Parts) == 1:
			c.add(f, at(st, x.Span), finding.Error, finding.CodeWaitUntilShape,
				"%suntil compares the whole target %q; compare one of its attributes, e.g. %s.status", prefix, tname, tname)
		}
		return false
	case *grammar.IndexExpr, *grammar.FieldExpr:
		c.add(f, at(st, x.Pos()), finding.Error, finding.CodeWaitUntilShape,
			"%sindex access in until is not supported; compare a plain attribute path of %s", prefix, tname)
	default:
		c.add(f, at(st, lhs.Pos()), finding.Error, finding.CodeWaitUntilShape,
			"%suntil must start with the target's attribute (%s.<attribute> == <value>), not %s", prefix, tname, text(f, at(st, lhs.Pos())))
	}
	return false
}

// checkUntilRHS reports a right side Carina's wait cannot compare with (it takes a literal or a
// dotted name, not null, a call, an index or a group) and says whether the side is one the
// schema check can read.
func (c *checker) checkUntilRHS(w *workspace.WaitInfo, prefix string, rhs grammar.Expr) bool {
	f, st := w.Decl.File, w.Decl.Stmt
	switch x := rhs.(type) {
	case *grammar.BadExpr:
		return false
	case *grammar.NullLit:
		c.add(f, at(st, x.Span), finding.Error, finding.CodeWaitUntilShape,
			"%snull is not a value until can wait for; compare with a value of the attribute (an enum value, string, number or bool)", prefix)
	case *grammar.CallExpr:
		c.add(f, at(st, x.Span), finding.Error, finding.CodeWaitUntilShape,
			"%sfunction calls are not supported on the right of until; write the value itself", prefix)
	case *grammar.IndexExpr, *grammar.FieldExpr:
		c.add(f, at(st, x.Pos()), finding.Error, finding.CodeWaitUntilShape, "%sindex access is not supported on the right of until; write the value itself", prefix)
	case *grammar.ParenExpr, *grammar.ListExpr, *grammar.MapExpr:
		if hasSyntaxErrorAt(st, x.Pos()) {
			return false // the parser reports a list or a map in a condition already
		}
		c.add(f, at(st, x.Pos()), finding.Error, finding.CodeWaitUntilShape,
			"%sthe right of until must be a single value (an enum value, string, number, bool or duration)", prefix)
	default:
		return true
	}
	return false
}

// checkTimeout checks that a timeout is positive and longer than the poll interval.
func (c *checker) checkTimeout(w *workspace.WaitInfo, prefix string, x *grammar.DurationLit, interval uint64) {
	f, st := w.Decl.File, w.Decl.Stmt
	sp := at(st, x.Span)
	secs, ok := grammar.ParseDuration(x.Text)
	switch {
	case !ok: // malformed: the syntax error says why
	case secs == 0:
		c.add(f, sp, finding.Error, finding.CodeWaitTimeoutZero,
			"%stimeout %s would give up before the first read; use a positive duration such as 5min", prefix, x.Text)
	case secs < interval:
		c.add(f, sp, finding.Warning, finding.CodeWaitTimeoutShort,
			"%stimeout %s is shorter than the poll interval (%ds): the target would be read only once", prefix, x.Text, interval)
	}
}

// checkWaitDependsOn checks the entries of a wait's depends_on list. Carina checks none of this
// statically (the names are only ordering edges at plan time); the product's design asks for
// each of these checks.
func (c *checker) checkWaitDependsOn(w *workspace.WaitInfo, prefix string) {
	d := w.Decl
	f, st := d.File, d.Stmt
	list, ok := w.Expr.DependsOn.Value.(*grammar.ListExpr)
	if !ok {
		v := w.Expr.DependsOn.Value
		sp := at(st, v.Pos())
		if p, isName := v.(*grammar.PathExpr); isName && len(p.Parts) == 1 {
			diag := c.add(f, sp, finding.Error, finding.CodeWaitDependsOnEntry, "%sdepends_on is a list of binding names: write [%s]", prefix, p.Parts[0].Text)
			if fixableValue(f, st, v.Pos()) && c.dependsOnFits(d, f, p.Parts[0].Text, false) {
				diag.Fixes = []finding.Fix{{Title: "Make it a list", Edits: []finding.Edit{{Span: sp, NewText: "[" + p.Parts[0].Text + "]"}}, Safe: true}}
			}
			return
		}
		c.add(f, sp, finding.Error, finding.CodeWaitDependsOnEntry, "%sdepends_on is a list of binding names, e.g. depends_on = [<binding>, ...]", prefix)
		return
	}
	seen := map[string]grammar.Span{}
	tname := targetName(w.Expr)
	for _, e := range list.Elems {
		p, ok := e.(*grammar.PathExpr)
		if ok && len(p.Parts) > 1 {
			esp := at(st, p.Span)
			diag := c.add(f, esp, finding.Error, finding.CodeWaitDependsOnEntry,
				"%sdepends_on entries are binding names, not attribute selectors: write %s", prefix, p.Parts[0].Text)
			diag.Fixes = []finding.Fix{{Title: "Change to " + p.Parts[0].Text, Edits: []finding.Edit{{Span: esp, NewText: p.Parts[0].Text}}, Safe: true}}
			continue
		}
		if !ok || len(p.Parts) != 1 {
			what := text(f, at(st, e.Pos()))
			msg := "%sdepends_on entries are binding names, not %s"
			if s, isStr := e.(*grammar.StringLit); isStr && !s.Interpolated() {
				diag := c.add(f, at(st, e.Pos()), finding.Error, finding.CodeWaitDependsOnEntry, msg+": write %s", prefix, what, s.Value)
				if isName(s.Value) && fixableValue(f, st, e.Pos()) && c.dependsOnFits(d, f, s.Value, false) {
					diag.Fixes = []finding.Fix{{Title: "Change to " + s.Value, Edits: []finding.Edit{{Span: at(st, e.Pos()), NewText: s.Value}}, Safe: true}}
				}
				continue
			}
			c.add(f, at(st, e.Pos()), finding.Error, finding.CodeWaitDependsOnEntry, msg, prefix, what)
			continue
		}
		n := p.Parts[0].Text
		sp := at(st, p.Span)
		if first, dup := seen[n]; dup {
			diag := c.add(f, sp, finding.Warning, finding.CodeWaitDependsOnDup, "%s%q is listed twice in depends_on; remove the repeat", prefix, n)
			diag.Related = []finding.Related{{Path: f.Path, Span: first, Message: "first listed here"}}
			diag.Fixes = []finding.Fix{{Title: "Remove the duplicate", Edits: []finding.Edit{{Span: listEntrySpan(f, sp), NewText: ""}}, Safe: true}}
			continue
		}
		seen[n] = sp
		switch decl := c.cfg.Lookup(n); {
		case n == d.Name:
			diag := c.add(f, sp, finding.Error, finding.CodeWaitDependsOnSelf,
				"%sdepends_on lists the wait itself, a dependency cycle; list the bindings that must exist before the wait starts", prefix)
			diag.Fixes = []finding.Fix{{Title: "Remove " + n, Edits: []finding.Edit{{Span: listEntrySpan(f, sp), NewText: ""}}, Safe: true}}
		case n == tname:
			diag := c.add(f, sp, finding.Warning, finding.CodeWaitDependsOnTarget,
				"%sdepends_on lists the target %q, which the wait already waits for; remove it", prefix, n)
			diag.Fixes = []finding.Fix{{Title: "Remove " + n, Edits: []finding.Edit{{Span: listEntrySpan(f, sp), NewText: ""}}, Safe: true}}
		case decl == nil:
			cands := c.names(func(x *workspace.Decl) bool { return x != d })
			s := spell.Closest(n, cands, func(cand string) bool { return c.dependsOnFits(d, f, cand, false) })
			diag := c.add(f, sp, finding.Error, finding.CodeWaitDependsOnUnknown,
				"%sdepends_on names %q, which is not declared in this configuration%s", prefix, n, meaning(s))
			renameTo(diag, s)
		}
	}
}

// listEntrySpan widens an entry's span to take its separating comma and space with it.
func listEntrySpan(f *workspace.File, sp grammar.Span) grammar.Span {
	src := f.Text()
	end := sp.End
	for int(end) < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	if int(end) < len(src) && src[end] == ',' {
		end++
		for int(end) < len(src) && (src[end] == ' ' || src[end] == '\t') {
			end++
		}
		return grammar.Span{Start: sp.Start, End: end}
	}
	start := sp.Start
	for start > 0 && (src[start-1] == ' ' || src[start-1] == '\t') {
		start--
	}
	if start > 0 && src[start-1] == ',' {
		start--
	}
	return grammar.Span{Start: start, End: sp.End}
}

// dependencies returns every declaration d depends on, directly or through others.
func (c *checker) dependencies(d *workspace.Decl) map[*workspace.Decl]bool {
	seen := map[*workspace.Decl]bool{}
	stack := []*workspace.Decl{d}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, m := range c.cfg.Deps[n] {
			if !seen[m] {
				seen[m] = true
				stack = append(stack, m)
			}
		}
	}
	return seen
}

// checkBypasses hints where a resource reads `cert.<attr>` while a wait on cert exists: reading
// through the wait (`cert_issued.<attr>`) gives the value only once the target is ready. Never for
// a declaration the wait itself depends on (the validation record must read cert directly: going
// through the wait would be a cycle), nor for other waits.
func (c *checker) checkBypasses() {
	type waitOn struct {
		w       *workspace.WaitInfo
		closure map[*workspace.Decl]bool
	}
	byTarget := map[*workspace.Decl][]waitOn{}
	unsure := map[*workspace.Decl]bool{}
	for _, w := range c.cfg.Waits {
		if w.Target == nil || w.Target.Decl == nil || w.Target.Decl == w.Decl || w.Target.Decl.Kind == workspace.Wait {
			// A reader of a wait already waits: no hint to go through a further wait on it.
			continue
		}
		if !dependsOnKnown(w) {
			// A depends_on being typed (a name misspelt, a string, no list) may be meant to name
			// the very binding a hint would send through the wait: a cycle once it is fixed.
			unsure[w.Target.Decl] = true
			continue
		}
		byTarget[w.Target.Decl] = append(byTarget[w.Target.Decl], waitOn{w, c.dependencies(w.Decl)})
	}
	for d := range unsure {
		delete(byTarget, d)
	}
	if len(byTarget) == 0 {
		return
	}
	for _, r := range c.cfg.Refs {
		waits := byTarget[r.Decl]
		if len(waits) == 0 || r.Kind != workspace.RefValue || len(r.Path) == 0 || !c.readsForResource(r) {
			continue
		}
		if !c.pathExists(r.Decl, []string{r.Path[0].Text}) {
			continue // no such attribute (unknown-attribute says so): no wait would give it either
		}
		// A binding any wait on the target depends on (a discarded `let _ = wait` included) is
		// what makes the target ready, like the validation record: reading through a wait on
		// the same target would deadlock it.
		if r.Owner != nil && slices.ContainsFunc(waits, func(wo waitOn) bool { return wo.closure[r.Owner] }) {
			continue
		}
		for _, wo := range waits {
			if r.Owner == wo.w.Decl || wo.w.Decl.Name == "_" {
				continue // `_` cannot be read through
			}
			name := wo.w.Decl.Name
			until := ""
			if u := wo.w.Expr.Until; u != nil && u.Value != nil {
				until = " (until " + text(wo.w.Decl.File, at(wo.w.Decl.Stmt, u.Value.Pos())) + ")"
			}
			d := c.add(r.File, r.Span, finding.Info, finding.CodeWaitBypass,
				"%s.%s is read without waiting for %s%s; read %s.%s to get it once the wait succeeds",
				r.Name, r.Path[0].Text, name, until, name, r.Path[0].Text)
			d.Fixes = []finding.Fix{{Title: "Read through " + name, Edits: []finding.Edit{{Span: r.Span, NewText: name}}}}
			break
		}
	}
}

// dependsOnKnown reports whether a wait's depends_on, if it has one, is a list of names that all
// resolve: only then is what the wait depends on known.
func dependsOnKnown(w *workspace.WaitInfo) bool {
	a := w.Expr.DependsOn
	if a == nil {
		return true
	}
	l, ok := a.Value.(*grammar.ListExpr)
	if !ok || len(l.Elems) != len(w.DependsOn) {
		return false
	}
	for _, r := range w.DependsOn {
		if r.Decl == nil {
			return false
		}
	}
	return true
}

// readsForResource reports whether a reference stands in a resource, data source or module call
// (what a wait gates), not in another wait, an output or a plain value.
func (c *checker) readsForResource(r *workspace.Ref) bool {
	if r.Owner == nil {
		switch r.Stmt.Node.(type) {
		case *grammar.ResourceStmt, *grammar.ModuleCallStmt:
			return true
		}
		return false
	}
	switch r.Owner.Kind {
	case workspace.Resource, workspace.DataSource, workspace.ModuleCall, workspace.ForEach, workspace.Conditional:
		return true
	}
	return false
}

// untilLHS reports whether a reference is the left side of a wait's until: the wait checks
// report what is wrong with it, once.
func (c *checker) untilLHS(r *workspace.Ref) bool {
	if r.Owner == nil || r.Owner.Kind != workspace.Wait {
		return false
	}
	w := r.Owner.WaitExpr()
	if w == nil || w.Until == nil {
		return false
	}
	cmp, ok := w.Until.Value.(*grammar.BinaryExpr)
	return ok && cmp.X == r.Expr
}
