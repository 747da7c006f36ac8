package completion

import (
	"github.com/carina-rs/carina-lsp/cursor"
)

// declarations completes inside `arguments { }`, `attributes { }`, `exports { }`, a function's
// parameter list and a struct type: types after `name:`, values of the declared type after `=`.
func (c *completer) declarations() {
	sl := c.sl
	switch sl.Pos {
	case cursor.PosType:
		c.provide("types", c.types)
	case cursor.PosValue:
		c.value(want{decl: declTypeOfEntries(sl.Item)}, sl.Rhs)
	}
}
