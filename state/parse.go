package state

import (
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth is how deep arrays and objects may nest: serde_json's recursion limit, so a file
// Carina reads is read here, and a hostile one costs no stack.
const MaxDepth = 128

// parser reads strict JSON (RFC 8259, as serde_json does: no comments, no trailing commas, no
// lone surrogates) into Values with their offsets. It recurses at most MaxDepth deep.
type parser struct {
	src   []byte
	pos   int
	depth int
}

// parseJSON parses one JSON document; an error is a *syntaxError at its byte offset.
func parseJSON(src []byte) (Value, error) {
	p := &parser{src: src}
	p.space()
	v, err := p.value()
	if err != nil {
		return Value{}, err
	}
	p.space()
	if p.pos < len(p.src) {
		return Value{}, p.fail(p.pos, "trailing characters after the JSON document")
	}
	return v, nil
}

// syntaxError is a failure to read JSON at a byte offset.
type syntaxError struct {
	off int64
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

func (p *parser) fail(at int, format string, args ...any) error {
	return &syntaxError{off: int64(at), msg: fmt.Sprintf(format, args...)}
}

func (p *parser) space() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) eof() error {
	return p.fail(len(p.src), "unexpected end of file: the state file is truncated")
}

func (p *parser) value() (Value, error) {
	if p.pos >= len(p.src) {
		return Value{}, p.eof()
	}
	start := p.pos
	switch c := p.src[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.str()
		return Value{Kind: String, Str: s, Off: int64(start)}, err
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return Value{Kind: Bool, Bool: true, Off: int64(start)}, p.word("true")
	case c == 'f':
		return Value{Kind: Bool, Off: int64(start)}, p.word("false")
	case c == 'n':
		return Value{Kind: Null, Off: int64(start)}, p.word("null")
	default:
		return Value{}, p.fail(p.pos, "expected a value, found %s", p.describe(p.pos))
	}
}

// describe names the character at offset at, for a message.
func (p *parser) describe(at int) string {
	r, _ := utf8.DecodeRune(p.src[at:])
	if r == utf8.RuneError {
		return fmt.Sprintf("byte 0x%02x", p.src[at])
	}
	return strconv.QuoteRune(r)
}

func (p *parser) word(w string) error {
	for i := 0; i < len(w); i++ {
		if p.pos >= len(p.src) {
			return p.eof()
		}
		if p.src[p.pos] != w[i] {
			return p.fail(p.pos, "expected a value, found %s", p.describe(p.pos))
		}
		p.pos++
	}
	return nil
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > MaxDepth {
		return p.fail(p.pos, "arrays and objects nested deeper than %d levels", MaxDepth)
	}
	return nil
}

func (p *parser) object() (Value, error) {
	v := Value{Kind: Object, Off: int64(p.pos)}
	var index map[string]int // built once an object is large, so repeated keys cost no quadratic time
	if err := p.enter(); err != nil {
		return Value{}, err
	}
	p.pos++ // {
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		p.depth--
		return v, nil
	}
	for {
		p.space()
		if p.pos >= len(p.src) {
			return Value{}, p.eof()
		}
		if p.src[p.pos] != '"' {
			return Value{}, p.fail(p.pos, "expected a key in quotes, found %s", p.describe(p.pos))
		}
		k, err := p.str()
		if err != nil {
			return Value{}, err
		}
		p.space()
		if p.pos >= len(p.src) {
			return Value{}, p.eof()
		}
		if p.src[p.pos] != ':' {
			return Value{}, p.fail(p.pos, "expected ':' after a key, found %s", p.describe(p.pos))
		}
		p.pos++
		p.space()
		f, err := p.value()
		if err != nil {
			return Value{}, err
		}
		v.add(k, f, &index)
		p.space()
		if p.pos >= len(p.src) {
			return Value{}, p.eof()
		}
		switch p.src[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			p.depth--
			return v, nil
		default:
			return Value{}, p.fail(p.pos, "expected ',' or '}' in an object, found %s", p.describe(p.pos))
		}
	}
}

func (p *parser) array() (Value, error) {
	v := Value{Kind: Array, Off: int64(p.pos)}
	if err := p.enter(); err != nil {
		return Value{}, err
	}
	p.pos++ // [
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		p.depth--
		return v, nil
	}
	for {
		p.space()
		e, err := p.value()
		if err != nil {
			return Value{}, err
		}
		v.Elems = append(v.Elems, e)
		p.space()
		if p.pos >= len(p.src) {
			return Value{}, p.eof()
		}
		switch p.src[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			p.depth--
			return v, nil
		default:
			return Value{}, p.fail(p.pos, "expected ',' or ']' in an array, found %s", p.describe(p.pos))
		}
	}
}

func (p *parser) number() (Value, error) {
	start := p.pos
	digits := func() int {
		n := 0
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.src[p.pos] == '-' {
		p.pos++
	}
	if p.pos < len(p.src) && p.src[p.pos] == '0' {
		p.pos++
	} else if digits() == 0 {
		return Value{}, p.bad(start)
	}
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return Value{}, p.bad(start)
		}
	}
	if p.pos < len(p.src) && (p.src[p.pos] == 'e' || p.src[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.src) && (p.src[p.pos] == '+' || p.src[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return Value{}, p.bad(start)
		}
	}
	return Value{Kind: Number, Num: string(p.src[start:p.pos]), Off: int64(start)}, nil
}

func (p *parser) bad(start int) error {
	if p.pos >= len(p.src) {
		return p.eof()
	}
	return p.fail(start, "invalid number")
}

// str reads a string, the parser at its opening quote.
func (p *parser) str() (string, error) {
	p.pos++ // "
	var out []byte
	plain := p.pos
	for {
		if p.pos >= len(p.src) {
			return "", p.eof()
		}
		c := p.src[p.pos]
		switch {
		case c == '"':
			s := append(out, p.src[plain:p.pos]...)
			p.pos++
			return string(s), nil
		case c == '\\':
			out = append(out, p.src[plain:p.pos]...)
			r, err := p.escape()
			if err != nil {
				return "", err
			}
			out = utf8.AppendRune(out, r)
			plain = p.pos
		case c < 0x20:
			return "", p.fail(p.pos, "control character 0x%02x in a string (it must be escaped)", c)
		case c < utf8.RuneSelf:
			p.pos++
		default:
			r, n := utf8.DecodeRune(p.src[p.pos:])
			if r == utf8.RuneError && n <= 1 {
				return "", p.fail(p.pos, "invalid UTF-8 in a string")
			}
			p.pos += n
		}
	}
}

// escape reads one escape sequence, the parser at its backslash.
func (p *parser) escape() (rune, error) {
	at := p.pos
	p.pos++
	if p.pos >= len(p.src) {
		return 0, p.eof()
	}
	c := p.src[p.pos]
	p.pos++
	switch c {
	case '"', '\\', '/':
		return rune(c), nil
	case 'b':
		return '\b', nil
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'u':
		r, err := p.hex4(at)
		if err != nil {
			return 0, err
		}
		if !utf16.IsSurrogate(r) {
			return r, nil
		}
		if r >= 0xDC00 || p.pos+1 >= len(p.src) || p.src[p.pos] != '\\' || p.src[p.pos+1] != 'u' {
			return 0, p.fail(at, "lone surrogate in a \\u escape")
		}
		p.pos += 2
		lo, err := p.hex4(at)
		if err != nil {
			return 0, err
		}
		pair := utf16.DecodeRune(r, lo)
		if pair == utf8.RuneError {
			return 0, p.fail(at, "lone surrogate in a \\u escape")
		}
		return pair, nil
	default:
		return 0, p.fail(at, "invalid escape \\%c", c)
	}
}

func (p *parser) hex4(at int) (rune, error) {
	if p.pos+4 > len(p.src) {
		return 0, p.eof()
	}
	n, err := strconv.ParseUint(string(p.src[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		return 0, p.fail(at, "invalid \\u escape")
	}
	p.pos += 4
	return rune(n), nil
}

// add sets an object's member as serde_json does, the last of a repeated key winning (at the
// first one's place); the repeated keys are recorded, for the fields of a record are an error.
func (v *Value) add(k string, f Value, index *map[string]int) {
	i := -1
	if *index != nil {
		if j, ok := (*index)[k]; ok {
			i = j
		}
	} else {
		for j, have := range v.Keys {
			if have == k {
				i = j
				break
			}
		}
	}
	if i >= 0 {
		v.Fields[i] = f
		v.dups = append(v.dups, k)
		return
	}
	v.Keys = append(v.Keys, k)
	v.Fields = append(v.Fields, f)
	if *index != nil {
		(*index)[k] = len(v.Keys) - 1
	} else if len(v.Keys) > 16 {
		*index = make(map[string]int, 2*len(v.Keys))
		for j, have := range v.Keys {
			(*index)[have] = j
		}
	}
}
