package completion

// arguments completes inside `arguments { }`: types after `name:`, values after `=`.
func (c *completer) arguments(fr *frame) {
	pos := c.cur.position(fr)
	switch pos.kind {
	case posType:
		c.types()
	case posValue:
		c.value(fr, want{decl: declTypeOfEntries(fr.item)}, pos.rhs)
	}
}

// paramBody completes inside an argument's detail block `name: Type { }`.
func (c *completer) paramBody(fr *frame) {
	pos := c.cur.position(fr)
	switch pos.kind {
	case posKey:
		present := c.presentKeys(fr)
		for _, k := range []keywordSnippet{
			{"description", "description = '$1'", "what the argument is for"},
			{"default", "default = ", "the value when the caller gives none"},
		} {
			if !present[k.label] {
				c.add(k.label, Property, k.snippet, k.detail, "")
			}
		}
		c.add("validation", Keyword, "validation {\n  condition     = $1\n  error_message = '$2'\n}", "a condition the value must meet", "")
	case posValue:
		if pos.key == "default" {
			var d *declType
			if fr.parent != nil {
				d = declTypeOfEntries(fr.parent.item)
			}
			c.value(fr, want{decl: d}, pos.rhs)
		}
	}
}

// validation completes inside `validation { }` of an argument.
func (c *completer) validation(fr *frame) {
	pos := c.cur.position(fr)
	switch pos.kind {
	case posKey:
		c.keys(fr, []keywordSnippet{
			{"condition", "condition = ", "a validate expression over the argument"},
			{"error_message", "error_message = '$1'", "the message when the condition fails"},
		})
	case posValue:
		if pos.key == "condition" {
			c.value(fr, want{}, pos.rhs)
		}
	}
}

// outputsBlock completes inside `attributes { }` and `exports { }`: types after `name:`, values
// after `=`.
func (c *completer) outputsBlock(fr *frame) {
	pos := c.cur.position(fr)
	switch pos.kind {
	case posType:
		c.types()
	case posValue:
		c.value(fr, want{decl: declTypeOfEntries(fr.item)}, pos.rhs)
	}
}

// declList completes in a function's parameter list or a struct type: types after `name:`,
// values after `=`.
func (c *completer) declList(fr *frame) {
	pos := c.cur.position(fr)
	switch pos.kind {
	case posType:
		c.types()
	case posValue:
		c.value(fr, want{decl: declTypeOfEntries(fr.item)}, pos.rhs)
	}
}
