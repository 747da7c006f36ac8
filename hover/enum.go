package hover

import (
	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/schema"
)

// enumHover explains an enum value (qualified, or bare where the position gives the enum), or an
// enum written as the prefix of a qualified value.
func (p *place) enumHover() *Hover {
	s := p.s
	if s.Enum == nil {
		return nil
	}
	if s.Value.DSL == "" {
		return card(s.Span, enumCard(s.Enum))
	}
	ctx := ""
	if e := s.Expect; e.Desc != "" {
		if en := cursor.EnumOf(e.Schema, e.Type); en != nil && en.Identity == s.Enum.Identity {
			ctx = e.Desc // the value is one of the enum its place expects
		}
	}
	return card(s.Span, enumValueCard(s.Enum, s.Value, s.Text, ctx))
}

// enumValueCard describes one value of an enum: the enum, the wire value, the other values.
func enumValueCard(en *schema.Enum, v schema.EnumValue, written, ctx string) string {
	var m md
	m.fence("carina", v.Spelling())
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
