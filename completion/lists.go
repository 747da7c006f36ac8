package completion

import (
	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
)

// list completes an element of a list: the bindings of a key whose value is a list of bindings
// (a wait's or a resource's depends_on), the element type's values in a resource attribute, any
// value elsewhere.
func (c *completer) list() {
	sl := c.sl
	if sl.Pos == cursor.PosAfter {
		return
	}
	if b := sl.Block; b != nil && b.Construct != nil && b.Construct.Keys != nil {
		if k := b.Construct.Key(sl.Key); k != nil && k.Value == grammar.BindingsValue {
			switch b.Construct.ID {
			case grammar.WaitConstruct:
				c.provide("dependencies", c.waitDeps)
			default:
				c.provide("dependencies", c.directiveDeps)
			}
			return
		}
	}
	c.value(expect(sl.Expect), sl.Rhs)
}
