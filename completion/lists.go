package completion

import "github.com/carina-rs/carina-lsp/schema"

// list completes an element of a list: the bindings of a depends_on, the element type's values
// in a resource attribute, any value elsewhere.
func (c *completer) list(fr *frame) {
	item := fr.item
	if len(item) > 0 && !item[len(item)-1].expectsMore() {
		return
	}
	if p := fr.parent; fr.key == "depends_on" && p != nil {
		switch p.kind {
		case fWait:
			c.waitDeps(p, fr)
			return
		case fDirectives:
			c.directiveDeps(fr)
			return
		}
	}
	var w want
	if rs := c.schemaFor(fr.head, fr.read); rs != nil && len(fr.path) > 0 {
		if m, ok := rs.Lookup(fr.path); ok {
			if t := resolve(rs, m.Type); t != nil && t.Kind == schema.KindList {
				w = want{rs: rs, ty: t.Element}
			}
		}
	}
	c.value(fr, w, item)
}
