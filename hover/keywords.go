package hover

import (
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// keywordHover explains a keyword: the card of a bound wait on its `wait`, the card of a key of
// a construct's block that is a keyword (with this block's values where hover knows more than
// the table), else the construct table's card.
func (p *place) keywordHover() *Hover {
	s := p.s
	switch {
	case s.KeyDef != nil && s.Block != nil && s.Block.Construct != nil:
		if s.Block.Construct.ID == grammar.WaitConstruct {
			return p.waitKeyHover() // with this wait's target, timeout and poll interval
		}
		return card(s.Span, s.KeyDef.Card())
	case s.Construct != nil && s.Construct.ID == grammar.WaitConstruct && s.Text == s.Construct.Keyword &&
		s.Decl != nil && s.Decl.Kind == workspace.Wait:
		return card(s.Span, p.waitCard(s.Decl))
	}
	return card(s.Span, keywordCard(s.Construct, s.Text))
}

// keywordCard returns the construct table's card of word, a keyword of construct c: the
// construct's own, a part of its syntax (in, else), or one of its keys that is a keyword.
func keywordCard(c *grammar.Construct, word string) string {
	switch {
	case c == nil:
		return ""
	case word == c.Keyword:
		return c.Card()
	}
	if s := c.PartCard(word); s != "" {
		return s
	}
	return c.Key(word).Card()
}

// operatorCard returns the card of an operator with a meaning of its own: |>, >> and ??.
func operatorCard(op string) string {
	var text, example string
	switch op {
	case "|>":
		text = "**|>** (pipe) — passes the value on its left as the **last** argument of the call on its right: `x |> f(a)` is `f(a, x)`."
		example = "let names = 'a,b' |> split(',')"
	case ">>":
		text = "**>>** (compose) — chains two partially applied functions: `f >> g` applies `f`, then `g`."
		example = "let dashed = split(',') >> join('-')"
	case "??":
		text = "**??** (coalesce) — the left value, or the right one when the left is an unresolved resource reference. At most one per expression."
		example = "let name = existing.name ?? 'default'"
	default:
		return ""
	}
	return text + "\n\n```carina\n" + example + "\n```"
}
