package completion

// stateKeys are the keys of import, removed and moved blocks.
func stateKeys(kind string) []keywordSnippet {
	to := keywordSnippet{"to", "to = ", "the resource address: type 'name'"}
	from := keywordSnippet{"from", "from = ", "the resource address: type 'name'"}
	switch kind {
	case "import":
		return []keywordSnippet{to, {"id", "id = '$1'", "the provider's identifier of the existing resource"}}
	case "removed":
		return []keywordSnippet{from}
	case "moved":
		return []keywordSnippet{from, to}
	}
	return nil
}

// stateBlock completes inside import, removed and moved blocks: their keys, and resource types
// (with a name placeholder) after `to =` and `from =`.
func (c *completer) stateBlock(fr *frame) {
	pos := c.cur.position(fr)
	switch pos.kind {
	case posKey:
		c.keys(fr, stateKeys(fr.head))
	case posValue:
		if (pos.key != "to" && pos.key != "from") || len(pos.rhs) != 0 {
			return
		}
		prefix := ""
		if qual, _, ok := c.cur.qualified(); ok {
			prefix = qual + "."
		}
		for _, h := range c.x.ResourceTypes("") {
			if prefix == "" || hasPrefixFold(h, prefix) {
				c.resourceType(c.x.Resource(h), " '${1:name}'")
			}
		}
	}
}
