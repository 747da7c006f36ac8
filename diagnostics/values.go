package diagnostics

import (
	"fmt"
	"math"
	"net/netip"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/spell"

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

// enumIdent returns the text of an expression that can only be an enum identifier: a name or
// dotted name whose root resolves to no declaration in its scope.
func (c *checker) enumIdent(st *grammar.Stmt, e grammar.Expr) (string, bool) {
	p, ok := e.(*grammar.PathExpr)
	if !ok {
		return "", false
	}
	if r := c.refAt(st, p); r == nil || r.Decl != nil {
		return "", false
	}
	return p.String(), true
}

// checkValue checks a value against the type of the attribute it is assigned to. Values known only
// at plan time (references, calls, interpolations) are not checked here.
func (c *checker) checkValue(f *workspace.File, st *grammar.Stmt, rs *schema.Resource, t *schema.Type, e grammar.Expr, label string) {
	t = rs.Resolve(t)
	if t == nil || e == nil {
		return
	}
	sp := at(st, e.Pos())
	if t.Kind == schema.KindUnion {
		for _, m := range t.Members {
			if c.fits(st, rs, m, e) {
				c.checkValue(f, st, rs, m, e, label)
				return
			}
		}
		if k := types.LiteralKind(e); k != types.Unknown {
			c.add(f, sp, finding.Error, finding.CodeTypeMismatch, "%s: type mismatch: expected %s, got %s", label, t.String(), describeLiteral(f, st, k, e))
		}
		return
	}
	if t.Kind == schema.KindEnum {
		c.checkEnumValue(f, st, t.Enum, e, label)
		return
	}
	kind := types.LiteralKind(e)
	switch types.KindFit(t.Kind, kind) {
	case types.Unsure:
		return
	case types.Mismatch:
		c.mismatch(f, st, rs, t, e, kind, label)
		return
	}
	switch t.Kind {
	case schema.KindString:
		c.checkStringValue(f, st, t, e.(*grammar.StringLit), label)
	case schema.KindInt:
		c.checkRange(f, sp, t, float64(e.(*grammar.IntLit).Value), label)
	case schema.KindFloat:
		switch x := e.(type) {
		case *grammar.IntLit:
			c.checkRange(f, sp, t, float64(x.Value), label)
		case *grammar.FloatLit:
			c.checkRange(f, sp, t, x.Value, label)
		}
	case schema.KindList:
		l := e.(*grammar.ListExpr)
		if t.Length != nil {
			c.checkBounds(f, sp, t.Length, float64(len(l.Elems)), label, "list length")
		}
		for i, el := range l.Elems {
			c.checkValue(f, st, rs, t.Element, el, fmt.Sprintf("%s[%d]", label, i))
		}
	case schema.KindMap:
		for _, it := range e.(*grammar.MapExpr).Body.Items {
			if a, ok := it.(*grammar.Attribute); ok && a.Value != nil {
				c.checkValue(f, st, rs, t.Value, a.Value, label+"."+a.Key.Text)
			}
		}
	case schema.KindStruct:
		c.checkBody(f, st, rs, rs.Type, t.Fields(), e.(*grammar.MapExpr).Body, sp, strings.ReplaceAll(label, ".", " "))
	}
}

// mismatch reports a literal of a kind the schema type t does not accept (types.KindFit),
// with a hint where the intent is clear: a number or a bool in quotes, a count without a unit,
// one element where a list goes (with the fix that makes it a list).
func (c *checker) mismatch(f *workspace.File, st *grammar.Stmt, rs *schema.Resource, t *schema.Type, e grammar.Expr, kind types.Kind, label string) {
	sp := at(st, e.Pos())
	hint := ""
	switch t.Kind {
	case schema.KindInt, schema.KindFloat:
		if s, ok := e.(*grammar.StringLit); ok {
			hint = numberHint(s.Value, t.Kind == schema.KindFloat)
		}
	case schema.KindBool:
		if s, ok := e.(*grammar.StringLit); ok && (s.Value == "true" || s.Value == "false") {
			hint = ". Use true or false without quotes"
		} else if kind == types.String {
			hint = ". Use true or false"
		}
	case schema.KindDuration:
		if i, ok := e.(*grammar.IntLit); ok {
			hint = fmt.Sprintf(": write %ds or %dmin", i.Value, i.Value)
		}
	case schema.KindList:
		if el := rs.Resolve(t.Element); el != nil && el.Kind != schema.KindList && c.fits(st, rs, el, e) {
			// One element where a list is expected: `resource_records = 'x'`. Not repaired
			// when a syntax error touches the value: what it is is not sure.
			list := "[" + text(f, sp) + "]"
			d := c.add(f, sp, finding.Error, finding.CodeTypeMismatch, "%s: type mismatch: expected %s, got %s: write %s",
				label, t.String(), describeLiteral(f, st, kind, e), list)
			if fixableValue(f, st, e.Pos()) {
				d.Fixes = []finding.Fix{{Title: "Make it a list", Edits: []finding.Edit{{Span: sp, NewText: list}}, Safe: true}}
			}
			return
		}
	}
	c.add(f, sp, finding.Error, finding.CodeTypeMismatch, "%s: type mismatch: expected %s, got %s%s", label, t.String(), describeLiteral(f, st, kind, e), hint)
}

// fits reports whether a value could be of type t (to pick a union member): types.FitsSchema.
func (c *checker) fits(st *grammar.Stmt, rs *schema.Resource, t *schema.Type, e grammar.Expr) bool {
	id, _ := c.enumIdent(st, e)
	return types.FitsSchema(rs.Resolve(t), types.SchemaValue{Kind: types.LiteralKind(e), Ident: id})
}

func numberHint(s string, float bool) string {
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return ": write " + s + " without quotes"
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil && float {
		return ": write " + s + " without quotes"
	}
	return ""
}

// checkEnumValue checks a value of an enum attribute.
func (c *checker) checkEnumValue(f *workspace.File, st *grammar.Stmt, en *schema.Enum, e grammar.Expr, label string) {
	if en == nil {
		return
	}
	sp := at(st, e.Pos())
	name := en.Name
	if s, ok := e.(*grammar.StringLit); ok && !s.Interpolated() {
		if en.Open {
			if v, ok := en.MatchString(s.Value); !ok {
				c.add(f, sp, finding.Error, finding.CodeInvalidEnum, "%s: invalid value %q for %s: expected %s", label, s.Value, en.Identity, c.oneOf(en))
			} else if regionEnum(en) {
				c.checkRegion(f, sp, "", s.Value, label)
			} else if zoneEnum(en) {
				c.checkZone(f, sp, v.DSL, s.Value, label)
			}
			return
		}
		// A quoted value of the enum is a warning with the fix; a string that is no value of it
		// is an error.
		if v, ok := en.MatchString(s.Value); ok {
			if !v.Nameable() {
				return // a member no name spells ('aws:kms') is written as its string
			}
			d := c.add(f, sp, finding.Warning, finding.CodeEnumString,
				"%s (%s) expects an enum identifier, got a string literal %q: write %s", label, name, s.Value, v.Spelling())
			if fixableValue(f, st, e.Pos()) {
				d.Fixes = []finding.Fix{{Title: "Change to " + v.Spelling(), Edits: []finding.Edit{{Span: sp, NewText: v.Spelling()}}, Safe: true}}
			}
			return
		}
		c.add(f, sp, finding.Error, finding.CodeInvalidEnum,
			"%s (%s) expects an enum identifier, got a string literal %q that is no value of it. Use one of: %s", label, name, s.Value, valueList(en))
		return
	}
	id, ok := c.enumIdent(st, e)
	if !ok {
		if k := types.LiteralKind(e); k != types.Unknown {
			c.add(f, sp, finding.Error, finding.CodeTypeMismatch, "%s: type mismatch: expected %s, got %s", label, en.Identity, describeLiteral(f, st, k, e))
		}
		return
	}
	m, ok := en.Resolve(id)
	if !ok {
		d := c.add(f, sp, finding.Error, finding.CodeInvalidEnum, "%s: invalid value %q for %s (%s): expected %s", label, id, label, name, c.oneOf(en))
		if v, ok, only := enumSuggestion(en, id); ok {
			// Written as the mistake was (bare or qualified), qualified when the bare member would
			// not read as a name (2008_10_17 is a duration).
			sug := v.DSL
			if strings.Contains(id, ".") || !isName(sug) {
				sug = v.Spelling()
			}
			d.Message += fmt.Sprintf("; did you mean %s?", sug)
			d.Fixes = []finding.Fix{{Title: "Change to " + sug, Edits: []finding.Edit{{Span: sp, NewText: sug}}, Safe: only}}
		}
		return
	}
	if regionEnum(en) && !c.checkRegion(f, sp, "", m.Value.DSL, label) {
		return
	}
	if zoneEnum(en) && !c.checkZone(f, sp, m.Value.DSL, lastSegment(id), label) {
		return
	}
	c.oldEnumForm(f, sp, m, id, label+": ")
}

// oldEnumForm reports a value written in an older form that still names it, with the safe fix to
// its current spelling: another provider's prefix (enum-provider-prefix), or the resource type in
// its older case (resource-type-spelling, as the type itself is reported). prefix starts the
// message.
func (c *checker) oldEnumForm(f *workspace.File, sp grammar.Span, m schema.EnumMatch, id, prefix string) {
	if m.Value.Qualified == "" {
		return
	}
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

// enumSuggestion proposes the value of en that id, an identifier that is no value of it, most
// likely means: the value its last segment names (the prefix is what is wrong), else the member
// closest to that segment. only says it is the one candidate (a safe fix), not the best of
// several.
func enumSuggestion(en *schema.Enum, id string) (v schema.EnumValue, ok, only bool) {
	last := lastSegment(id)
	if v, ok := en.Match(last); ok {
		return v, true, true // the value, written in another way
	}
	members := enumMembers(en)
	if sug := spell.Closest(last, members, nil); sug != "" {
		v, ok := en.Match(sug)
		// The only close value is a safe fix, unless it is the opposite of what was written.
		return v, ok, len(closeTo(last, members)) == 1 && !opposite(last, sug)
	}
	return schema.EnumValue{}, false, false
}

func lastSegment(s string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:]
	}
	return s
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

// openExample is a value of an open enum built from the schemas' first region: the region for a
// region enum, its first zone for a zone enum; "" for other open enums.
func (c *checker) openExample(en *schema.Enum) string {
	known := c.knownRegions("")
	if len(known) == 0 {
		return ""
	}
	var member string
	switch {
	case regionEnum(en):
		member = known[0]
	case zoneEnum(en):
		member = known[0] + "a"
	default:
		return ""
	}
	if v, ok := en.Match(member); ok {
		return v.Spelling()
	}
	return ""
}

// checkStringValue checks a string literal against length bounds and CIDR and address types.
// Schema patterns are not enforced: the index keeps the provider types' patterns without the
// validators around them (a KMS key id pattern that rejects the valid "alias/aws/s3"), so a
// pattern mismatch is no reliable sign of a mistake.
func (c *checker) checkStringValue(f *workspace.File, st *grammar.Stmt, t *schema.Type, s *grammar.StringLit, label string) {
	sp := at(st, s.Span)
	if t.Length != nil {
		c.checkBounds(f, sp, t.Length, float64(len([]rune(s.Value))), label, "string length")
	}
	id := strings.ToLower(t.Identity)
	switch {
	case strings.HasSuffix(id, "ipv4cidr"), strings.HasSuffix(id, "ipv6cidr"), strings.HasSuffix(id, "cidr"):
		p, err := netip.ParsePrefix(s.Value)
		switch {
		case err != nil:
			c.add(f, sp, finding.Error, finding.CodeInvalidPattern, "%s: %q is not a valid CIDR block (e.g. 10.0.0.0/16)", label, s.Value)
		case p.Masked() != p:
			d := c.add(f, sp, finding.Warning, finding.CodeInvalidPattern, "%s: %q has host bits set; the network is %s", label, s.Value, p.Masked())
			d.Fixes = []finding.Fix{{Title: "Change to " + p.Masked().String(), Edits: []finding.Edit{{Span: sp, NewText: "'" + p.Masked().String() + "'"}}, Safe: true}}
		case strings.Contains(id, "ipv4") && !p.Addr().Is4(), strings.Contains(id, "ipv6") && !p.Addr().Is6():
			c.add(f, sp, finding.Error, finding.CodeInvalidPattern, "%s: %q is not an %s block", label, s.Value, t.Identity)
		}
		return
	case strings.HasSuffix(id, "ipv4address"), strings.HasSuffix(id, "ipv6address"):
		if _, err := netip.ParseAddr(s.Value); err != nil {
			c.add(f, sp, finding.Error, finding.CodeInvalidPattern, "%s: %q is not a valid IP address", label, s.Value)
		}
		return
	}
}

func (c *checker) checkRange(f *workspace.File, sp grammar.Span, t *schema.Type, v float64, label string) {
	if t.Range != nil {
		c.checkBounds(f, sp, t.Range, v, label, "value")
	}
}

func (c *checker) checkBounds(f *workspace.File, sp grammar.Span, b *schema.Bounds, v float64, label, what string) {
	lo, hi := math.Inf(-1), math.Inf(1)
	if b.Min != nil {
		lo = *b.Min
	}
	if b.Max != nil {
		hi = *b.Max
	}
	if v >= lo && v <= hi {
		return
	}
	switch {
	case b.Min != nil && b.Max != nil:
		c.add(f, sp, finding.Error, finding.CodeOutOfRange, "%s: %s %v is out of range: must be between %v and %v", label, what, v, lo, hi)
	case b.Min != nil:
		c.add(f, sp, finding.Error, finding.CodeOutOfRange, "%s: %s %v is out of range: must be at least %v", label, what, v, lo)
	default:
		c.add(f, sp, finding.Error, finding.CodeOutOfRange, "%s: %s %v is out of range: must be at most %v", label, what, v, hi)
	}
}
