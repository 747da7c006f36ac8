package diagnostics

import (
	"fmt"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/types"
	"github.com/carina-rs/carina-lsp/workspace"
)

// literalName names a literal kind (types.LiteralKind) as messages do: "String", "Int", ...
func literalName(k types.Kind) string {
	switch k {
	case types.String:
		return "String"
	case types.Int:
		return "Int"
	case types.Float:
		return "Float"
	case types.Bool:
		return "Bool"
	case types.Duration:
		return "Duration"
	case types.List:
		return "List"
	case types.Map:
		return "Map"
	}
	return ""
}

// describeLiteral shows a literal for a message: `String "abc"`, `Int 5`.
func describeLiteral(f *workspace.File, st *grammar.Stmt, kind types.Kind, e grammar.Expr) string {
	switch kind {
	case types.List, types.Map:
		return "a " + strings.ToLower(literalName(kind))
	}
	return literalName(kind) + " " + text(f, at(st, e.Pos()))
}

// site is where values of statement st are checked against rs's types: an enum identifier is a
// name the model records as a reference to no declaration.
func (c *checker) site(st *grammar.Stmt, rs *schema.Resource) types.SchemaSite {
	return types.SchemaSite{
		Resource: rs,
		Undeclared: func(p *grammar.PathExpr) bool {
			r := c.refAt(st, p)
			return r != nil && r.Decl == nil
		},
		Regions: func() []string { return c.knownRegions("") },
	}
}

// checkValue reports how a value does not fit the type of the attribute it is assigned to
// (types.SchemaSite.Misfits), and checks the bodies of its struct literals. Values known only at
// plan time (references, calls, interpolations) are not checked here.
func (c *checker) checkValue(f *workspace.File, st *grammar.Stmt, rs *schema.Resource, t *schema.Type, e grammar.Expr, label string) {
	for _, m := range c.site(st, rs).Misfits(t, e) {
		c.misfit(f, st, rs, m, label+m.Path)
	}
}

// misfit reports one misfit of a value; label names the value.
func (c *checker) misfit(f *workspace.File, st *grammar.Stmt, rs *schema.Resource, m types.Misfit, label string) {
	sp := at(st, m.Expr.Pos())
	switch m.Kind {
	case types.StructBody:
		c.checkBody(f, st, rs, rs.Type, m.Type.Fields(), m.Expr.(*grammar.MapExpr).Body, sp, strings.ReplaceAll(label, ".", " "))
	case types.WrongKind:
		c.mismatch(f, st, m, label)
	case types.NotMember, types.QuotedMember, types.OldEnumForm, types.NotRegion, types.NotZone:
		c.enumMisfit(f, st, m, label)
	case types.OutOfRange:
		c.outOfRange(f, sp, m, label)
	case types.NotCIDR:
		c.add(f, sp, finding.Error, finding.CodeInvalidPattern, "%s: %q is not a valid CIDR block (e.g. 10.0.0.0/16)", label, m.Expr.(*grammar.StringLit).Value)
	case types.HostBits:
		d := c.add(f, sp, finding.Warning, finding.CodeInvalidPattern, "%s: %q has host bits set; the network is %s", label, m.Expr.(*grammar.StringLit).Value, m.Network)
		d.Fixes = []finding.Fix{{Title: "Change to " + m.Network.String(), Edits: []finding.Edit{{Span: sp, NewText: "'" + m.Network.String() + "'"}}, Safe: true}}
	case types.WrongFamily:
		c.add(f, sp, finding.Error, finding.CodeInvalidPattern, "%s: %q is not an %s block", label, m.Expr.(*grammar.StringLit).Value, m.Type.Identity)
	case types.NotAddress:
		c.add(f, sp, finding.Error, finding.CodeInvalidPattern, "%s: %q is not a valid IP address", label, m.Expr.(*grammar.StringLit).Value)
	}
}

// mismatch reports a literal of a kind the schema type does not accept, with the hint the misfit
// carries: a number or a bool in quotes, a count without a unit, one element where a list goes
// (with the fix that makes it a list).
func (c *checker) mismatch(f *workspace.File, st *grammar.Stmt, m types.Misfit, label string) {
	sp := at(st, m.Expr.Pos())
	expected := types.SchemaName(m.Type)
	if m.Enum != nil {
		expected = m.Enum.Identity
	}
	hint := ""
	switch m.Hint {
	case types.UnquoteNumber:
		hint = ": write " + m.Expr.(*grammar.StringLit).Value + " without quotes"
	case types.UnquoteBool:
		hint = ". Use true or false without quotes"
	case types.TrueOrFalse:
		hint = ". Use true or false"
	case types.AddUnit:
		n := m.Expr.(*grammar.IntLit).Value
		hint = fmt.Sprintf(": write %ds or %dmin", n, n)
	case types.MakeList:
		// One element where a list is expected: `resource_records = 'x'`. Not repaired when a
		// syntax error touches the value: what it is is not sure.
		list := "[" + text(f, sp) + "]"
		d := c.add(f, sp, finding.Error, finding.CodeTypeMismatch, "%s: type mismatch: expected %s, got %s: write %s",
			label, expected, describeLiteral(f, st, m.Found, m.Expr), list)
		if fixableValue(f, st, m.Expr.Pos()) {
			d.Fixes = []finding.Fix{{Title: "Make it a list", Edits: []finding.Edit{{Span: sp, NewText: list}}, Safe: true}}
		}
		return
	}
	c.add(f, sp, finding.Error, finding.CodeTypeMismatch, "%s: type mismatch: expected %s, got %s%s", label, expected, describeLiteral(f, st, m.Found, m.Expr), hint)
}

// enumMisfit reports a value where an enum's member goes that is none, or is one written as a
// string or in an older form, or a region or zone no schema lists.
func (c *checker) enumMisfit(f *workspace.File, st *grammar.Stmt, m types.Misfit, label string) {
	sp := at(st, m.Expr.Pos())
	en := m.Enum
	name := en.Name
	switch m.Kind {
	case types.NotRegion:
		c.notRegion(f, sp, "", m.Written, m.Closest, label)
	case types.NotZone:
		c.notZone(f, sp, m.Written, m.Example, label)
	case types.OldEnumForm:
		c.oldEnumForm(f, sp, m.Match, m.Written, label+": ")
	case types.QuotedMember:
		v := m.Value
		d := c.add(f, sp, finding.Warning, finding.CodeEnumString,
			"%s (%s) expects an enum identifier, got a string literal %q: write %s", label, name, m.Written, v.Spelling())
		if fixableValue(f, st, m.Expr.Pos()) {
			d.Fixes = []finding.Fix{{Title: "Change to " + v.Spelling(), Edits: []finding.Edit{{Span: sp, NewText: v.Spelling()}}, Safe: true}}
		}
	case types.NotMember:
		if _, quoted := m.Expr.(*grammar.StringLit); quoted {
			if en.Open {
				c.add(f, sp, finding.Error, finding.CodeInvalidEnum, "%s: invalid value %q for %s: expected %s", label, m.Written, en.Identity, c.oneOf(en))
				return
			}
			c.add(f, sp, finding.Error, finding.CodeInvalidEnum,
				"%s (%s) expects an enum identifier, got a string literal %q that is no value of it. Use one of: %s", label, name, m.Written, valueList(en))
			return
		}
		id := m.Written
		d := c.add(f, sp, finding.Error, finding.CodeInvalidEnum, "%s: invalid value %q for %s (%s): expected %s", label, id, label, name, c.oneOf(en))
		if m.Suggestion {
			// Written as the mistake was (bare or qualified), qualified when the bare member would
			// not read as a name (2008_10_17 is a duration).
			sug := m.Value.DSL
			if strings.Contains(id, ".") || !isName(sug) {
				sug = m.Value.Spelling()
			}
			d.Message += fmt.Sprintf("; did you mean %s?", sug)
			d.Fixes = []finding.Fix{{Title: "Change to " + sug, Edits: []finding.Edit{{Span: sp, NewText: sug}}, Safe: m.Only}}
		}
	}
}

// oldEnumForm reports a value written in an older form that still names it (types.OldEnumForm),
// with the safe fix to its current spelling: another provider's prefix (enum-provider-prefix), or
// the resource type in its older case (resource-type-spelling, as the type itself is reported).
// prefix starts the message.
func (c *checker) oldEnumForm(f *workspace.File, sp grammar.Span, m schema.EnumMatch, id, prefix string) {
	var d *finding.Diagnostic
	switch m.Form {
	case schema.FormOtherProvider:
		d = c.add(f, sp, finding.Warning, finding.CodeEnumOldForm, "%s%s is written %s in current Carina", prefix, id, m.Value.Qualified)
	case schema.FormTypeCase:
		identity := strings.TrimSuffix(m.Value.Qualified, "."+m.Value.DSL)
		d = c.add(f, sp, finding.Warning, finding.CodeTypeCase, "%s%s is spelled %s in the current provider: write %s", prefix, id[:min(len(identity), len(id))], identity, m.Value.Qualified)
	default:
		return
	}
	d.Fixes = []finding.Fix{{Title: "Change to " + m.Value.Qualified, Edits: []finding.Edit{{Span: sp, NewText: m.Value.Qualified}}, Safe: true}}
}

// valueList lists an enum's values (qualified where the enum has a namespace), at most 12.
func valueList(en *schema.Enum) string {
	var vs []string
	for i, v := range en.Values {
		if i == 12 {
			vs = append(vs, fmt.Sprintf("… (%d more)", len(en.Values)-12))
			break
		}
		vs = append(vs, v.Spelling())
	}
	return strings.Join(vs, ", ")
}

// oneOf says which values an enum takes, for messages: "one of a, b, c" for a closed enum. An
// open enum lists none (any member its transform spells is one), so it gets the form its values
// are written in and an example where there is one: never an empty list.
func (c *checker) oneOf(en *schema.Enum) string {
	if len(en.Values) > 0 {
		return "one of " + valueList(en)
	}
	form := "a value written " + en.Identity + ".<name>"
	if en.Namespace == "" {
		form = "a value written " + en.Name + ".<name>"
	}
	if ex := c.openExample(en); ex != "" {
		form += ", e.g. " + ex
	}
	return form
}

// openExample is a value of an open enum built from the schemas' first region
// (types.OpenEnumExample).
func (c *checker) openExample(en *schema.Enum) string {
	return types.OpenEnumExample(en, c.knownRegions(""))
}

// outOfRange reports a number, or a string's or a list's length, outside its bounds.
func (c *checker) outOfRange(f *workspace.File, sp grammar.Span, m types.Misfit, label string) {
	what := "value"
	switch m.Measure {
	case types.StringLength:
		what = "string length"
	case types.ListLength:
		what = "list length"
	}
	b, v := m.Bounds, m.Number
	switch {
	case b.Min != nil && b.Max != nil:
		c.add(f, sp, finding.Error, finding.CodeOutOfRange, "%s: %s %v is out of range: must be between %v and %v", label, what, v, *b.Min, *b.Max)
	case b.Min != nil:
		c.add(f, sp, finding.Error, finding.CodeOutOfRange, "%s: %s %v is out of range: must be at least %v", label, what, v, *b.Min)
	default:
		c.add(f, sp, finding.Error, finding.CodeOutOfRange, "%s: %s %v is out of range: must be at most %v", label, what, v, *b.Max)
	}
}
