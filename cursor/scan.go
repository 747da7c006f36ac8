package cursor

import (
	"sort"
	"strings"

	"github.com/carina-rs/carina-lsp/grammar"
)

// scan walks the tokens of one statement (from its first token's index) that end at or before
// offset to and returns the brackets open there, outermost (the statement itself) first, each
// with the entries of its current item. This is the only token-level structure completion uses:
// the brackets left open while typing and the item being typed; what each bracket belongs to
// comes from the tree (see container).
func scan(src string, toks []grammar.Token, from int, to int32) []*frame {
	stack := []*frame{{open: -1}}
	pop := func(k int) { stack = stack[:k] }
	opened := func(k grammar.Kind) int {
		for j := len(stack) - 1; j > 0; j-- {
			if stack[j].closer == k {
				return j
			}
		}
		return 0
	}
	for i := from; i < len(toks); i++ {
		t := toks[i]
		if t.Kind == grammar.EOF || t.End > to {
			break
		}
		top := stack[len(stack)-1]
		switch t.Kind {
		case grammar.Newline:
			// The lexer ends an interpolation left open at the end of its line.
			if top.closer == grammar.TemplateEnd && toks[top.open].Flags&grammar.NewlineInInterp != 0 {
				pop(len(stack) - 1)
			}
		case grammar.Space, grammar.LineComment, grammar.BlockComment:
		case grammar.LBrace, grammar.LBracket, grammar.LParen:
			split(src, toks, top, i)
			top.item = append(top.item, Entry{Tok: t})
			stack = append(stack, &frame{open: i, closer: grammar.Closer(t.Kind), parent: top})
		case grammar.RBrace, grammar.RBracket, grammar.RParen:
			if k := opened(t.Kind); k > 0 {
				pop(k)
			} else {
				add(src, toks, top, i)
			}
		case grammar.TemplateStart:
			split(src, toks, top, i)
			top.item = append(top.item, Entry{Tok: t})
			stack = append(stack, &frame{open: i, closer: grammar.TemplateEnd, parent: top})
		case grammar.TemplateMid, grammar.TemplateEnd:
			if k := opened(grammar.TemplateEnd); k > 0 {
				parent := stack[k-1]
				pop(k)
				if t.Kind == grammar.TemplateMid {
					stack = append(stack, &frame{open: i, closer: grammar.TemplateEnd, parent: parent})
				}
			}
		default:
			add(src, toks, top, i)
		}
	}
	return stack
}

// add appends the token at index i to the frame's current item, starting a new item first when
// the token begins one (a comma ends an item of any bracket).
func add(src string, toks []grammar.Token, fr *frame, i int) {
	t := toks[i]
	if t.Kind == grammar.Comma && fr.open >= 0 {
		fr.item = nil
		return
	}
	split(src, toks, fr, i)
	e := Entry{Tok: t}
	if t.Kind == grammar.Ident {
		e.Text = t.Text(src)
	} else if t.Kind == grammar.String {
		e.Text = unquote(t.Text(src))
	}
	fr.item = append(fr.item, e)
}

// split ends the frame's current item when the token at i starts a new one: a name after a
// complete value (`ttl = 60` then `type = ...`), or a quoted key.
func split(src string, toks []grammar.Token, fr *frame, i int) {
	if fr.open < 0 || len(fr.item) == 0 || fr.item[len(fr.item)-1].ExpectsMore() {
		return
	}
	t := toks[i]
	switch t.Kind {
	case grammar.Ident:
		if w := t.Text(src); grammar.ExpectsMore(w) && grammar.KeywordConstruct(w) == nil {
			return // a part of a construct's syntax: `in`, `else`
		}
	case grammar.String:
		if nextSignificant(toks, i).Kind != grammar.Assign {
			return
		}
	default:
		return
	}
	fr.item = nil
}

type place uint8

const (
	inCode place = iota
	inComment
	inString
)

// inside says whether offset off, after the start of token t, lies inside a comment or the text
// of a string (where the cursor is right after "${", it is in code).
func inside(t grammar.Token, off int32) place {
	unterminated := t.Flags&grammar.Unterminated != 0
	switch t.Kind {
	case grammar.LineComment:
		if off <= t.End {
			return inComment
		}
	case grammar.BlockComment:
		if off < t.End || unterminated && off == t.End {
			return inComment
		}
	case grammar.String, grammar.Heredoc, grammar.TemplateEnd:
		if off < t.End || unterminated && off == t.End {
			return inString
		}
	case grammar.TemplateStart, grammar.TemplateMid:
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
func prevSignificant(toks []grammar.Token, off int32) int {
	i := sort.Search(len(toks), func(i int) bool { return toks[i].End > off }) - 1
	for ; i >= 0; i-- {
		if !toks[i].Kind.Trivia() && toks[i].Kind != grammar.EOF {
			return i
		}
	}
	return -1
}

// nextSignificant returns the first significant token after index i (EOF at the end).
func nextSignificant(toks []grammar.Token, i int) grammar.Token {
	for j := i + 1; j < len(toks); j++ {
		if !toks[j].Kind.Trivia() {
			return toks[j]
		}
	}
	return toks[len(toks)-1]
}

// tokenIndex returns the index of the first token starting at or after off.
func tokenIndex(toks []grammar.Token, off int32) int {
	return sort.Search(len(toks), func(i int) bool { return toks[i].Start >= off })
}

// unquote returns the text between the quotes of a string token (no unescaping: keys and paths
// rarely need it).
func unquote(s string) string {
	if s == "" || s[0] != '\'' && s[0] != '"' {
		return s
	}
	q := s[0]
	s = s[1:]
	if s != "" && s[len(s)-1] == q {
		s = s[:len(s)-1]
	}
	return s
}
