package completion

import (
	"github.com/carina-rs/carina-lsp/cursor"
	"github.com/carina-rs/carina-lsp/grammar"
)

// body completes inside the body of a for, if or fn: local lets, then the result (a resource, a
// data source or a module call; an expression in a function).
func (c *completer) body() {
	sl := c.sl
	item := sl.Item
	_, fn := sl.Node.(*grammar.FnStmt)
	if len(item) == 1 && construct(item[0]) == grammar.ReadConstruct {
		c.provide("data sources", func() { c.resourceTypes(true, "") })
		return
	}
	switch sl.Pos {
	case cursor.PosKey:
		if qual, _, ok := sl.Qualified(); ok {
			if !c.member(qual) && !fn {
				c.provide("resource types", func() { c.typesUnder(qual, false) })
			}
			return
		}
		let := grammar.ConstructOf(grammar.LetConstruct)
		c.add(let.Keyword, Keyword, let.Snippet, "a local binding", "")
		if fn {
			c.provide("names in scope", c.scope)
			if sl.Text != "" {
				c.provide("functions", c.functions) // the result, a call being typed
			}
			return
		}
		read := grammar.ConstructOf(grammar.ReadConstruct)
		c.add(read.Keyword, Keyword, read.LetSnippet, read.Detail, "")
		c.provide("module calls", c.moduleAliases)
		c.provide("resource types", func() { c.resourceTypes(false, "") })
	case cursor.PosValue:
		c.value(want{}, sl.Rhs)
	}
}

// expression completes inside parentheses, an index or an interpolation: any value.
func (c *completer) expression() {
	item := c.sl.Item
	if len(item) == 0 || item[len(item)-1].ExpectsMore() {
		c.value(want{arg: c.argument()}, item)
	}
}
