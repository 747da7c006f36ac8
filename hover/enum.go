package hover

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
)

// valueHover handles a name in value position that is no binding: an enum value (qualified, or
// bare where the attribute or comparison gives the enum), an enum, a resource type, a keyword.
func (c *cursor) valueHover(e grammar.Expr, segs []grammar.Name, k int) *Hover {
	whole := c.abs(e.Pos())
	text := strings.Join(texts(segs), ".")
	if k < len(segs)-1 {
		// a prefix: aws.acm.Certificate or aws.acm.Certificate.Status of a qualified value
		prefix := strings.Join(texts(segs[:k+1]), ".")
		sp := c.abs(grammar.Span{Start: segs[0].Span.Start, End: segs[k].Span.End})
		if rs := c.schemaFor(prefix, false); rs != nil {
			return card(sp, c.resourceCard(rs))
		}
		if en := c.withRegions(c.schemas.Enum(prefix)); en != nil {
			return card(sp, enumCard(en))
		}
	}
	if en, ctx := c.contextEnum(); en != nil {
		if m, ok := en.Resolve(text); ok {
			return card(whole, enumValueCard(en, m.Value, text, ctx))
		}
	}
	if en, v, ok := c.qualifiedEnumValue(segs); ok {
		return card(whole, enumValueCard(en, v, text, ""))
	}
	return nil
}

// qualifiedEnumValue resolves a dotted value such as aws.acm.Certificate.Status.Issued or
// aws.Region.us_east_1 against the enum its prefix names (also under another provider's prefix).
func (e env) qualifiedEnumValue(segs []grammar.Name) (*schema.Enum, schema.EnumValue, bool) {
	parts := texts(segs)
	text := strings.Join(parts, ".")
	for k := len(parts) - 1; k >= 2; k-- {
		ids := []string{strings.Join(parts[:k], ".")}
		for _, p := range e.schemas.Providers() {
			if p != parts[0] {
				ids = append(ids, p+"."+strings.Join(parts[1:k], "."))
			}
		}
		for _, id := range ids {
			if en := e.withRegions(e.schemas.Enum(id)); en != nil {
				if m, ok := en.Resolve(text); ok {
					return en, m.Value, true
				}
			}
		}
	}
	return nil, schema.EnumValue{}, false
}

// withRegions returns a provider's region enum (`aws.Region`, open and without values of its own)
// with the provider's region list as its values; other enums as they are.
func (e env) withRegions(en *schema.Enum) *schema.Enum {
	if en == nil || !en.Open || len(en.Values) > 0 {
		return en
	}
	provider, rest, _ := strings.Cut(en.Identity, ".")
	if rest != "Region" {
		return en
	}
	regions := e.schemas.Regions(provider)
	if len(regions) == 0 {
		return en
	}
	c := *en
	c.Values = regions
	return &c
}

// contextEnum returns the enum the value under the cursor must belong to, from where it stands:
// the value of an enum attribute of a resource body, or the right side of a comparison with an
// enum attribute (a wait's until). ctx describes that place.
func (c *cursor) contextEnum() (*schema.Enum, string) {
	n := len(c.path)
	if n < 2 {
		return nil, ""
	}
	val := c.path[n-1]
	if b, ok := c.path[n-2].(*grammar.BinaryExpr); ok && b.Y == val && (b.Op == grammar.Eq || b.Op == grammar.NotEq) {
		segs := segments(b.X)
		if len(segs) < 2 {
			return nil, ""
		}
		d := c.refDecl(c.abs(segs[0].Span), segs[0].Text)
		if d == nil {
			return nil, ""
		}
		rs := c.declSchema(d)
		names := texts(segs[1:])
		if ms, ok := walkMembers(rs, names); ok {
			if en := c.withRegions(enumOf(rs, ms[len(ms)-1].Type)); en != nil {
				return en, "compared with " + code(strings.Join(texts(segs), ".")) + " (" + code(rs.Type) + ")"
			}
		}
		return nil, ""
	}
	res, segs, ok := c.schemaPath(n - 2)
	if !ok || len(segs) == 0 || segs[0] == "directives" {
		return nil, ""
	}
	rs := c.schemaOf(res)
	if ms, ok := walkMembers(rs, segs); ok {
		if en := c.withRegions(enumOf(rs, ms[len(ms)-1].Type)); en != nil {
			return en, "for attribute " + code(strings.Join(segs, ".")) + " of " + code(rs.Type)
		}
	}
	return nil, ""
}

// enumValueCard describes one value of an enum: the enum, the wire value, the other values.
func enumValueCard(en *schema.Enum, v schema.EnumValue, written, ctx string) string {
	var m md
	m.fence("carina", v.Qualified)
	s := "Value " + code(v.DSL) + " of enum " + code(en.Identity)
	if ctx != "" {
		s += ", " + ctx
	}
	s += ". Wire value " + code(v.Wire) + ": what the provider receives and returns."
	m.para(s)
	if written != v.Qualified && written != v.DSL {
		m.para("Written " + code(written) + "; Carina matches enum values case-insensitively with `_` and `-` alike.")
	}
	m.para(enumValuesLine(en, v.DSL))
	return m.String()
}

// enumCard describes an enum with all its values.
func enumCard(en *schema.Enum) string {
	var m md
	m.fence("carina", en.Identity)
	if en.Open {
		m.para("Open enum " + code(en.Identity) + ": any value the provider accepts; the known ones are listed.")
	} else {
		m.para("Enum " + code(en.Identity) + " — " + plural(uint64(len(en.Values)), "value", "values") + ", written bare (" +
			code(firstDSL(en)) + "), as " + code(en.Name+"."+firstDSL(en)) + " or fully qualified.")
	}
	var items []string
	for i, v := range en.Values {
		if i == maxValues {
			items = append(items, "… and "+itoa(uint64(len(en.Values)-maxValues))+" more")
			break
		}
		items = append(items, code(v.DSL)+" — wire "+code(v.Wire))
	}
	m.list(items)
	return m.String()
}

func firstDSL(en *schema.Enum) string {
	if len(en.Values) > 0 {
		return en.Values[0].DSL
	}
	return "value"
}

// enumValuesLine lists the values of an enum on one line; except is left out ("other values").
func enumValuesLine(en *schema.Enum, except string) string {
	var vals []string
	more := 0
	for _, v := range en.Values {
		if v.DSL == except {
			continue
		}
		if len(vals) == maxValues {
			more++
			continue
		}
		vals = append(vals, v.DSL)
	}
	label := "**Values** of " + code(en.Identity)
	if except != "" {
		label = "**Other values**"
	}
	if len(vals) == 0 {
		if en.Open {
			return label + ": any value the provider accepts (open enum)."
		}
		return label + ": none."
	}
	s := label + ": " + codes(vals)
	if more > 0 {
		s += " … and " + itoa(uint64(more)) + " more"
	}
	if en.Open {
		s += " (open enum: other values the provider accepts are allowed too)"
	}
	return s + "."
}
