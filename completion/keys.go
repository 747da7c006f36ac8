package completion

import g "github.com/carina-rs/carina-lsp/grammar"

// keys offers block keys (label, snippet, detail) not yet present in the block.
func (c *completer) keys(fr *frame, keys []keywordSnippet) {
	if _, _, ok := c.cur.qualified(); ok {
		return
	}
	present := c.presentKeys(fr)
	for _, k := range keys {
		if !present[k.label] {
			c.add(k.label, Property, k.snippet, k.detail, "")
		}
	}
}

// presentKeys returns the keys a block sets: names followed by "=" or "{" at the block's depth,
// other than the word being typed.
func (c *completer) presentKeys(fr *frame) map[string]bool {
	out := map[string]bool{}
	toks := c.f.AST.Tokens
	depth := 0
	prev := g.Token{Kind: g.LBrace}
	for j := fr.open + 1; j < len(toks); j++ {
		t := toks[j]
		if t.Kind == g.EOF || t.Start >= c.cur.limit {
			break
		}
		if t.Kind.Trivia() {
			continue
		}
		switch t.Kind {
		case g.LBrace, g.LBracket, g.LParen:
			depth++
		case g.RBrace, g.RBracket, g.RParen:
			if depth == 0 {
				return out
			}
			depth--
		case g.Ident, g.String:
			if depth == 0 && !c.atCursor(t) && c.startsKey(prev) {
				if n := c.nextSignificant(j); n.Kind == g.Assign || n.Kind == g.LBrace {
					out[unquote(t.Text(c.src))] = true
				}
			}
		}
		prev = t
	}
	return out
}

// startsKey reports whether a name after token prev can be a key: prev ends an item or opens
// the block.
func (c *completer) startsKey(prev g.Token) bool {
	switch prev.Kind {
	case g.LBrace, g.Comma:
		return true
	}
	e := entry{kind: prev.Kind}
	if prev.Kind == g.Ident {
		e.text = prev.Text(c.src)
	}
	return !e.expectsMore()
}

// listedNames returns the names a list holds, other than the word being typed.
func (c *completer) listedNames(list *frame) map[string]bool {
	out := map[string]bool{}
	toks := c.f.AST.Tokens
	for j := list.open + 1; j < len(toks); j++ {
		t := toks[j]
		if t.Kind == g.EOF || t.Start >= c.cur.limit || t.Kind == g.RBracket || t.Kind == g.RBrace {
			break
		}
		if t.Kind == g.Ident && !c.atCursor(t) {
			out[t.Text(c.src)] = true
		}
	}
	return out
}

func (c *completer) atCursor(t g.Token) bool {
	return t.Start <= c.cur.offset && c.cur.offset <= t.End
}

func (c *completer) nextSignificant(j int) g.Token {
	toks := c.f.AST.Tokens
	for k := j + 1; k < len(toks); k++ {
		if !toks[k].Kind.Trivia() {
			return toks[k]
		}
	}
	return toks[len(toks)-1]
}
