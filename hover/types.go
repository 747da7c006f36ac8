package hover

import (
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// typeAtomHover explains a type annotation: a resource type, or a primitive or constructor.
func (c *cursor) typeAtomHover(t *grammar.TypeAtom) *Hover {
	sp := c.tokSpan()
	if strings.Contains(t.Name, ".") {
		if rs := c.schemaFor(t.Name, false); rs != nil {
			return card(sp, c.resourceCard(rs))
		}
		return card(sp, code(t.Name)+" — no schema is loaded for this resource type.")
	}
	doc := ""
	switch c.word {
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
	return card(sp, "**"+c.word+"** — "+doc+".")
}
