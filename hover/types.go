package hover

import (
	"strings"
)

// typeNameHover explains a type annotation: a resource type, or a primitive or constructor.
func (p *place) typeNameHover() *Hover {
	s := p.s
	if strings.Contains(s.Text, ".") {
		if s.Schema != nil {
			return card(s.Span, p.resourceCard(s.Schema)+docsLine(s.Schema))
		}
		return card(s.Span, code(s.Text)+" — no schema is loaded for this resource type.")
	}
	doc := ""
	switch s.Text {
	case "String":
		doc = "text"
	case "Int":
		doc = "a whole number (64-bit)"
	case "Float":
		doc = "a number with a fraction: digits `.` digits"
	case "Bool":
		doc = "`true` or `false`"
	case "Duration":
		doc = "a length of time: `<digits><unit>` with unit s, min or h (`30s`, `75min`, `2h`)"
	case "list":
		doc = "`list(T)`: a list of values of type T"
	case "map":
		doc = "`map(T)`: a map from string keys to values of type T"
	case "struct":
		doc = "`struct { a: T, b: U }`: a map with exactly these fields"
	default:
		return nil
	}
	return card(s.Span, "**"+s.Text+"** — "+doc+".")
}
