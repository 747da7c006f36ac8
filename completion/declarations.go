package completion

import (
	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
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

// paramBody completes inside an argument's detail block `name: Type { }`: its keys and the
// validation block; the argument's type's values after `default =`.
func (c *completer) paramBody() {
	sl := c.sl
	switch sl.Pos {
	case cursor.PosKey:
		c.provide("keys", c.keys)
		v := grammar.ConstructOf(grammar.ValidationConstruct) // it may repeat
		c.add(v.Keyword, Keyword, v.Snippet, v.Detail, "")
	case cursor.PosValue:
		if k := sl.Block.Construct.Key(sl.Key); k != nil && k.Value == grammar.AnyValue {
			var p *grammar.ParamDecl
			if n := len(sl.Path); n >= 2 {
				p, _ = sl.Path[n-2].(*grammar.ParamDecl)
			}
			c.value(expect(cursor.Expectation{Param: p}), sl.Rhs)
		}
	}
}

// validation completes inside `validation { }` of an argument.
func (c *completer) validation() {
	sl := c.sl
	switch sl.Pos {
	case cursor.PosKey:
		c.provide("keys", c.keys)
	case cursor.PosValue:
		if k := sl.Block.Construct.Key(sl.Key); k != nil && k.Value == grammar.PredicateValue {
			c.value(want{}, sl.Rhs)
		}
	}
}
