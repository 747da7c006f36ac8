package completion

import (
	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
)

// stateBlock completes inside import, removed and moved blocks: their keys, and resource types
// (with a name placeholder) after the keys that take an address (to, from).
func (c *completer) stateBlock() {
	sl := c.sl
	switch sl.Pos {
	case cursor.PosKey:
		c.provide("keys", c.keys)
	case cursor.PosValue:
		k := sl.Block.Construct.Key(sl.Key)
		if k == nil || k.Value != grammar.AddressValue || len(sl.Rhs) != 0 {
			return
		}
		prefix := ""
		if qual, _, ok := sl.Qualified(); ok {
			prefix = qual + "."
		}
		named := c.nextChar() == '\'' || c.nextChar() == '"' // retyping the type of a complete address
		c.provide("resource types", func() {
			for _, h := range c.x.ResourceTypes("") {
				if prefix == "" || hasPrefixFold(h, prefix) {
					c.resourceAddress(c.x.Resource(h), named)
				}
			}
		})
	}
}
