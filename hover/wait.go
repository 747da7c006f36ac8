package hover

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// waitSettings are the effective timeout and poll interval of a wait and where each comes from.
type waitSettings struct {
	timeout, interval uint64
	timeoutFrom       string // "this wait's `timeout`", "the `aws.acm.Certificate` schema", "Carina's default"
	intervalFrom      string
	note              string // the schema's word on where its wait defaults come from, when one is used
	own               bool   // the timeout is the wait's own
	head              string // the target's resource type, "" when unknown
}

// reads is the maximum number of reads of the target: one at the start and one per interval
// until the timeout.
func (s waitSettings) reads() uint64 {
	if s.interval == 0 {
		return 1
	}
	return s.timeout/s.interval + 1
}

// settingFrom says where a schema wait setting comes from.
func settingFrom(head string, ws schema.WaitSetting) string {
	if fromSchema(head, ws) {
		return "the " + code(head) + " schema"
	}
	return "Carina's default"
}

func fromSchema(head string, ws schema.WaitSetting) bool {
	return ws.Source != schema.FallbackSource && head != ""
}

// waitSettings computes the effective settings of wait d.
func (e env) waitSettings(d *workspace.Decl) waitSettings {
	var s waitSettings
	if r := e.cfg.ResourceOf(d); r != nil && r.Type != nil {
		s.head = r.Type.String()
	}
	w := e.schemas.Wait(s.head)
	s.timeout, s.timeoutFrom = w.Timeout.Secs, settingFrom(s.head, w.Timeout)
	s.interval, s.intervalFrom = w.Interval.Secs, settingFrom(s.head, w.Interval)
	if x := d.WaitExpr(); x != nil && x.Timeout != nil {
		if lit, ok := x.Timeout.Value.(*grammar.DurationLit); ok && lit.Seconds > 0 {
			s.timeout, s.timeoutFrom, s.own = lit.Seconds, "this wait's "+code(waitKey(grammar.DurationValue)), true
		}
	}
	switch {
	case !s.own && fromSchema(s.head, w.Timeout):
		s.note = w.Timeout.Source
	case fromSchema(s.head, w.Interval):
		s.note = w.Interval.Source
	}
	return s
}

// planLine is the line the plan shows for a wait: `> name (until <predicate as written>)`.
func planLine(d *workspace.Decl) string {
	pred := "…"
	if w := d.WaitExpr(); w != nil && w.Until != nil && w.Until.Value != nil {
		pred = nodeText(d.File, d.Stmt, w.Until.Value)
	}
	return "> " + d.Name + " (" + waitKey(grammar.PredicateValue) + " " + pred + ")"
}

// targetLine describes a wait's target.
func (e env) targetLine(d *workspace.Decl) string {
	w := d.WaitExpr()
	if w == nil || w.Target == nil {
		return "The wait names no target: write `wait <binding> { … }`."
	}
	t := e.waitTarget(d)
	name := code(w.Target.Text)
	switch {
	case t == nil:
		return "Target " + name + " is not declared in this configuration."
	case t == d:
		return "Target " + name + " is the wait itself: a wait cannot wait on itself."
	case t.Kind == workspace.Resource:
		return "Target " + name + ": resource of type " + code(t.ResourceType()) + "."
	case t.Kind == workspace.DataSource:
		return "Target " + name + ": data source " + code("read "+t.ResourceType()) + "."
	case t.Kind == workspace.Wait:
		s := "Target " + name + ": itself a wait on " + code(targetName(t))
		if r := e.cfg.ResourceOf(t); r != nil {
			s += " (" + code(r.Type.String()) + ")"
		}
		return s + "."
	case t.Kind == workspace.ForEach || t.Kind == workspace.Conditional:
		if r := e.cfg.ResourceOf(t); r != nil {
			return "Target " + name + ": " + t.Kind.String() + " of " + code(r.Type.String()) + "."
		}
	}
	return "Target " + name + " is " + article(t.Kind.String()) + " " + t.Kind.String() + ", which cannot be waited on: a wait's target is a resource, a `read` data source or another wait."
}

// settingsTable renders the effective timeout and poll interval and the maximum number of reads.
func settingsTable(s waitSettings, target string) string {
	var b strings.Builder
	b.WriteString("| | effective | from |\n|---|---|---|\n")
	fmt.Fprintf(&b, "| %s | %s (%s s) | %s |\n", waitKey(grammar.DurationValue), code(grammar.NormalDuration(s.timeout)), itoa(s.timeout), s.timeoutFrom)
	fmt.Fprintf(&b, "| poll interval | %s | %s |\n\n", code(grammar.NormalDuration(s.interval)), s.intervalFrom)
	fmt.Fprintf(&b, "At most **%s** of %s: %s s ÷ %s s + 1.", readCount(s.reads()), code(target), itoa(s.timeout), itoa(s.interval))
	if s.note != "" {
		b.WriteString(" Schema note: " + s.note + ".")
	}
	return b.String()
}

// waitSemantics is why waits exist, in two sentences.
func waitSemantics(name, target string) string {
	if name == "_" {
		return fmt.Sprintf("A wait never appears in state: every plan and apply reads %s again until the condition holds, and what depends on the wait starts only then. "+
			"If the timeout passes first, the apply fails and everything that depends on the wait is blocked, but %s is not replaced.", code(target), code(target))
	}
	return fmt.Sprintf("A wait never appears in state: every plan and apply reads %s again until the condition holds, and only then do readers of %s get its values. "+
		"If the timeout passes first, the apply fails and everything that depends on %s is blocked, but %s is not replaced.",
		code(target), code(name+".<attr>"), code(name), code(target))
}

// waitCard is the card of a wait: the plan line, the target, the effective timeout and interval
// with their sources, the maximum number of reads, depends_on, the semantics and who it gates.
func (e env) waitCard(d *workspace.Decl) string {
	var m md
	m.fence("text", planLine(d))
	t := targetName(d)
	m.para("**wait** " + code(d.Name) + " on " + code(t) + ". " + e.targetLine(d))
	x := d.WaitExpr()
	if x != nil && x.Until == nil {
		until := waitKey(grammar.PredicateValue)
		m.para("No " + code(until) + " yet: the wait has nothing to poll for (" + code(until+" = "+t+".<attribute> == <value>") + ").")
	}
	s := e.waitSettings(d)
	m.para(settingsTable(s, t))
	if x != nil && x.Timeout != nil && !s.own {
		m.para(code(waitKey(grammar.DurationValue)) + " holds no valid duration (yet), so the default applies.")
	}
	if x != nil && x.DependsOn != nil {
		if deps := dependsOnNames(x.DependsOn); len(deps) > 0 {
			m.para("Polling starts once " + code(t) + " and " + codes(deps) + " are applied (" + code(waitKey(grammar.BindingsValue)) + ").")
		}
	}
	m.para(waitSemantics(d.Name, t))
	m.para(e.gatesLine(d))
	return m.String()
}

// gatesLine says where the wait is declared and what it gates.
func (e env) gatesLine(d *workspace.Decl) string {
	s := "Declared in " + e.where(d) + "."
	if d.Name == "_" {
		return s
	}
	users, anon := e.users(d)
	switch {
	case len(users) > 0:
		s += " Gates " + codes(users)
		if anon > 0 {
			s += " and " + plural(uint64(anon), "anonymous statement", "anonymous statements")
		}
		s += "."
	case anon > 0:
		s += " Gates " + plural(uint64(anon), "anonymous statement", "anonymous statements") + "."
	default:
		s += " Nothing reads " + code(d.Name) + " yet, so it gates nothing (the plan leaves it out); bind it to `_` if that is intended."
	}
	return s
}

func dependsOnNames(a *grammar.Attribute) []string {
	l, ok := a.Value.(*grammar.ListExpr)
	if !ok {
		return nil
	}
	var out []string
	for _, x := range l.Elems {
		if p, ok := x.(*grammar.PathExpr); ok {
			out = append(out, p.String())
		}
	}
	return out
}

// waitKey returns the name of the wait block's key whose value is of kind v: the predicate
// (PredicateValue), the bindings to apply first (BindingsValue), the duration (DurationValue).
// The construct table is the one place that spells them.
func waitKey(v grammar.ValueKind) string {
	for _, k := range grammar.ConstructOf(grammar.WaitConstruct).Keys {
		if k.Value == v {
			return k.Name
		}
	}
	return "?"
}

// waitDecl returns the wait whose block b is: the binding of the statement when the wait is its
// value, else nil.
func waitDecl(b *cursor.BlockCtx) *workspace.Decl {
	if b == nil || b.Owner == nil {
		return nil
	}
	if w := b.Owner.WaitExpr(); w != nil && w.Body == b.Node {
		return b.Owner
	}
	return nil
}

// waitKeyHover explains a key of a wait block, with this wait's values: the predicate, the
// bindings applied first, the timeout; a key hover knows nothing more of gets the table's card.
func (p *place) waitKeyHover() *Hover {
	s := p.s
	k := s.KeyDef
	a, _ := p.parent().(*grammar.Attribute)
	d := waitDecl(s.Block)
	t := "<target>"
	if s.Block.TargetN != "" {
		t = s.Block.TargetN
	}
	name := "this wait"
	if d != nil && d.Name != "_" {
		name = "wait " + code(d.Name)
	}
	var m md
	switch k.Value {
	case grammar.PredicateValue:
		m.fence("carina", k.Name+" = "+t+".<attribute> == <value>")
		m.para("**" + k.Name + "** — the condition " + name + " polls for, by reading " + code(t) + " until it holds. Required, once.")
		if d != nil && a != nil && a.Value != nil {
			m.para("Here: " + code(nodeText(d.File, d.Stmt, a.Value)) + ". The plan shows it as " + code(planLine(d)) + ".")
		}
		m.para("Supported today: " + code("<target>.<attribute path> == <value>") + ", the left side starting with the target " + code(t) +
			" (nested paths such as `renewal_summary.renewal_status` are fine), the right side a value of the attribute's type — for an enum, a value of that enum, e.g. `aws.acm.Certificate.Status.Issued`. " +
			"`!=`, `&&`, `||`, `!`, `<`, `<=`, `>`, `>=` are not supported yet.")
	case grammar.BindingsValue:
		m.fence("carina", k.Name+" = [binding, …]")
		m.para("**" + k.Name + "** — bindings that must be applied before " + name + " starts polling, besides its target " + code(t) +
			" (for a certificate, the DNS validation record without which it never becomes issued). Optional, once.")
		if a != nil {
			if deps := dependsOnNames(a); len(deps) > 0 {
				var items []string
				for _, n := range deps {
					item := code(n)
					if dd := p.cfg.Lookup(n); dd != nil {
						item += " — " + dd.Kind.String()
						if rt := dd.ResourceType(); rt != "" {
							item += " " + code(rt)
						}
					} else {
						item += " — not declared in this configuration"
					}
					items = append(items, item)
				}
				m.list(items)
			}
		}
	case grammar.DurationValue:
		m.fence("carina", k.Name+" = <duration>")
		m.para("**" + k.Name + "** — how long " + name + " polls before it fails the apply. Optional, once; a duration such as `30s`, `75min` or `2h`.")
		if d != nil {
			ws := p.waitSettings(d)
			m.para(settingsTable(ws, t))
			if ws.own {
				def := p.schemas.Wait(ws.head)
				m.para("Without it: " + code(grammar.NormalDuration(def.Timeout.Secs)) + ", from " + settingFrom(ws.head, def.Timeout) + ".")
			}
			m.para(waitSemantics(d.Name, t))
		}
	default:
		return card(s.Span, k.Card())
	}
	return card(s.Span, m.String())
}
