package completion

// providerKeys are the keys of a provider block; a named instance takes only the instance-level
// ones.
func providerKeys(named bool) []keywordSnippet {
	keys := []keywordSnippet{
		{"region", "region = ", "the region resources are created in"},
		{"default_tags", "default_tags = {\n  $0\n}", "tags added to every taggable resource"},
	}
	if !named {
		keys = append(keys,
			keywordSnippet{"source", "source = '$1'", "where the provider comes from"},
			keywordSnippet{"version", "version = '$1'", "a version constraint"},
			keywordSnippet{"revision", "revision = '$1'", "a pinned revision (instead of version)"},
		)
	}
	return keys
}

// provider completes inside `provider aws { }`: its keys, and regions after `region =`.
func (c *completer) provider(fr *frame) {
	pos := c.cur.position(fr)
	switch pos.kind {
	case posKey:
		c.keys(fr, providerKeys(fr.named))
	case posValue:
		switch pos.key {
		case "region":
			c.value(fr, want{regions: fr.head}, pos.rhs)
		case "default_tags":
			if len(pos.rhs) == 0 {
				c.add("{ }", Snippet, "{\n  $0\n}", "Map<String>", "")
			}
		}
	}
}

// providerKinds offers the providers after `provider `.
func (c *completer) providerKinds() {
	for _, p := range c.x.Providers() {
		c.add(p, Module, escape(p)+" {\n  region = $0\n}", "provider", "")
	}
}
