package completion

import (
	"sort"
	"strings"

	g "github.com/carina-rs/carina-lsp/grammar"
)

// cursor is where completion was asked: the brackets open there and the word being typed.
type cursor struct {
	offset  int32
	toks    []g.Token // the file's tokens
	frames  []*frame  // outermost (the statement) first
	word    g.Span    // the typed word before the cursor (absolute); empty when nothing is typed
	text    string    // the word's text
	newline bool      // a line break separates the word from the last token before it
	inStr   int       // index of the string token the cursor is in, or -1
	limit   int32     // where looking ahead for the keys of a block stops: the next statement
	owner   string    // the name the statement's let declares
}

// top returns the innermost open frame.
func (c *cursor) top() *frame { return c.frames[len(c.frames)-1] }

// qualified splits the word at its last dot: `cert.st` → ("cert", "st", true).
func (c *cursor) qualified() (qual, last string, ok bool) {
	i := strings.LastIndexByte(c.text, '.')
	if i < 0 {
		return "", c.text, false
	}
	return c.text[:i], c.text[i+1:], true
}

// locate finds the cursor's context in a parsed file; ok is false where nothing can be completed:
// inside a comment, a heredoc or an interpolated string's text.
func locate(f *g.File, off int32) (_ *cursor, ok bool) {
	src, toks := f.Src, f.Tokens
	c := &cursor{offset: off, toks: toks, inStr: -1, limit: int32(len(src))}
	wordStart := off
	if i := tokenIndex(toks, off) - 1; i >= 0 {
		switch inside(toks[i], off) {
		case inComment:
			return nil, false
		case inString:
			if toks[i].Kind != g.String {
				return nil, false
			}
			c.inStr = i
			wordStart = toks[i].Start
		}
	}
	if c.inStr < 0 {
		wordStart = int32(wordStartAt(src, int(off)))
		c.word = g.Span{Start: wordStart, End: off}
		c.text = src[wordStart:off]
	} else {
		c.word = g.Span{Start: off, End: off}
	}
	from := len(toks)
	si := sort.Search(len(f.Stmts), func(i int) bool { return f.Stmts[i].Offset > wordStart }) - 1
	if si >= 0 {
		from = tokenIndex(toks, f.Stmts[si].Offset)
	}
	if si+1 < len(f.Stmts) {
		c.limit = f.Stmts[si+1].Offset
	}
	c.frames = scanTo(src, toks, from, wordStart)
	if p := prevSignificant(toks, wordStart); p >= 0 {
		c.newline = strings.ContainsAny(src[toks[p].End:wordStart], "\r\n")
	} else {
		c.newline = true
	}
	c.owner = letName(c.frames[0].item)
	// A word, or a line break, after a complete item starts the next item of a block: the item
	// before is finished (a local let it declares is in scope).
	if top := c.top(); top.kind != fStmt && c.inStr < 0 && len(top.item) > 0 && !top.item[len(top.item)-1].expectsMore() &&
		(c.text != "" || c.newline) {
		top.endItem()
	}
	return c, true
}

type place uint8

const (
	inCode place = iota
	inComment
	inString
)

// inside says whether offset off, after the start of token t, lies inside a comment or the text
// of a string (where the cursor is right after "${", it is in code).
func inside(t g.Token, off int32) place {
	unterminated := t.Flags&g.Unterminated != 0
	switch t.Kind {
	case g.LineComment:
		if off <= t.End {
			return inComment
		}
	case g.BlockComment:
		if off < t.End || unterminated && off == t.End {
			return inComment
		}
	case g.String, g.Heredoc, g.TemplateEnd:
		if off < t.End || unterminated && off == t.End {
			return inString
		}
	case g.TemplateStart, g.TemplateMid:
		if off < t.End {
			return inString
		}
	}
	return inCode
}

// wordStartAt returns where the word ending at off begins: identifier characters, dots and index
// brackets (`cert.domain_validation_options[0].resource_record.na`).
func wordStartAt(src string, off int) int {
	i := off
	for i > 0 {
		ch := src[i-1]
		if isWordByte(ch) || ch == '.' {
			i--
			continue
		}
		if ch == ']' {
			if j := strings.LastIndexByte(src[:i-1], '['); j > 0 && isIndexText(src[j+1:i-1]) && (isWordByte(src[j-1]) || src[j-1] == ']') {
				i = j
				continue
			}
		}
		break
	}
	for i < off && src[i] == '.' {
		i++
	}
	return i
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// isIndexText reports whether s can be the inside of an index: digits or a quoted key.
func isIndexText(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '\'' || s[0] == '"' {
		return len(s) >= 2 && s[len(s)-1] == s[0] && !strings.ContainsAny(s, "\r\n")
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// prevSignificant returns the index of the last significant token ending at or before off, or -1.
func prevSignificant(toks []g.Token, off int32) int {
	i := sort.Search(len(toks), func(i int) bool { return toks[i].End > off }) - 1
	for ; i >= 0; i-- {
		if !toks[i].Kind.Trivia() && toks[i].Kind != g.EOF {
			return i
		}
	}
	return -1
}

// splitRef splits a reference path into its segments without index brackets:
// `cert.domain_validation_options[0].resource_record` → cert, domain_validation_options,
// resource_record.
func splitRef(s string) []string {
	var out []string
	for seg := range strings.SplitSeq(s, ".") {
		if i := strings.IndexByte(seg, '['); i >= 0 {
			seg = seg[:i]
		}
		if seg != "" {
			out = append(out, seg)
		}
	}
	return out
}

// posKind is where in an item of a block the cursor is.
type posKind uint8

const (
	posNone  posKind = iota // nowhere completion can help: after `let`, after a key without "="
	posKey                  // the start of an item: a key, a nested block name, a let
	posValue                // after `key =` (or inside the value after an operator)
	posType                 // after `name:` in a declaration
	posAfter                // right after a complete value, on the same line
)

// position is where in the current item of a frame the cursor is.
type position struct {
	kind posKind
	key  string  // the item's key ("" for a local let)
	let  bool    // the item is a local let
	rhs  []entry // the item's entries after "="
}

// position classifies the cursor within the innermost frame's current item.
func (c *cursor) position(fr *frame) position {
	item := fr.item
	if len(item) == 0 {
		return position{kind: posKey}
	}
	ai := assignAt(item)
	p := position{key: keyOf(item), let: item[0].is("let")}
	if ai >= 0 {
		p.rhs = item[ai+1:]
	}
	last := item[len(item)-1]
	if !last.expectsMore() {
		if c.text != "" || c.newline {
			return position{kind: posKey}
		}
		p.kind = posAfter
		return p
	}
	switch {
	case typePos(fr, item):
		p.kind = posType
	case ai >= 0:
		p.kind = posValue
	}
	return p
}
