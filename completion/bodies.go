package completion

// body completes inside the body of a for, if or fn: local lets, then the result (a resource, a
// data source or a module call; an expression in a function).
func (c *completer) body(fr *frame) {
	item := fr.item
	if len(item) == 1 && item[0].is("read") {
		c.resourceTypes(true, "")
		return
	}
	pos := c.cur.position(fr)
	switch pos.kind {
	case posKey:
		if qual, _, ok := c.cur.qualified(); ok {
			if !c.member(qual, fr) && fr.kind != fFnBody {
				c.typesUnder(qual, false)
			}
			return
		}
		c.add("let", Keyword, "let ${1:name} = $0", "a local binding", "")
		if fr.kind == fFnBody {
			c.scope(fr)
			return
		}
		c.add("read", Keyword, "read ${1:type} {\n  $0\n}", "Read a data source", "")
		c.moduleAliases()
		c.resourceTypes(false, "")
	case posValue:
		c.value(fr, want{}, pos.rhs)
	}
}

// expression completes inside parentheses, an index or an interpolation: any value.
func (c *completer) expression(fr *frame) {
	item := fr.item
	if len(item) == 0 || item[len(item)-1].expectsMore() {
		c.value(fr, want{}, item)
	}
}
