package cfn

import (
	"encoding/json"
	"unicode/utf8"
)

// readJSON reads a JSON template. encoding/json tells no place for a value, so this is a small
// parser of its own that does; strings are unescaped by encoding/json.
func readJSON(data []byte) (Value, error) {
	p := &jsonParser{data: data, line: 1, lineStart: 0}
	p.space()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(p.data) {
		return nil, errorf(p.pos(), "unexpected %s after the template's end", p.what())
	}
	return v, nil
}

// maxDepth bounds nesting: a template nested deeper is not one, and the recursion must not
// exhaust the stack.
const maxDepth = 1000

type jsonParser struct {
	data      []byte
	i         int
	line      int
	lineStart int
}

func (p *jsonParser) pos() Pos { return Pos{p.line, p.i - p.lineStart + 1} }

func (p *jsonParser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case '\n':
			p.line++
			p.lineStart = p.i + 1
		case ' ', '\t', '\r':
		default:
			return
		}
		p.i++
	}
}

// what names the byte at the place reached, for a message.
func (p *jsonParser) what() string {
	if p.i >= len(p.data) {
		return "end of the template"
	}
	r, _ := utf8.DecodeRune(p.data[p.i:])
	return "'" + string(r) + "'"
}

func (p *jsonParser) value(depth int) (Value, error) {
	if depth > maxDepth {
		return nil, errorf(p.pos(), "nested more than %d deep", maxDepth)
	}
	at := p.pos()
	if p.i >= len(p.data) {
		return nil, errorf(at, "a value expected, found the end of the template")
	}
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &Scalar{At: at, Kind: String, Text: s}, nil
	case c == '-' || c >= '0' && c <= '9':
		start := p.i
		for p.i < len(p.data) && (p.data[p.i] >= '0' && p.data[p.i] <= '9' || p.data[p.i] == '-' || p.data[p.i] == '+' || p.data[p.i] == '.' || p.data[p.i] == 'e' || p.data[p.i] == 'E') {
			p.i++
		}
		text := string(p.data[start:p.i])
		if !json.Valid([]byte(text)) {
			return nil, errorf(at, "%q is not a number", text)
		}
		return &Scalar{At: at, Kind: Number, Text: text}, nil
	default:
		for _, w := range []struct {
			word string
			kind ScalarKind
		}{{"true", Bool}, {"false", Bool}, {"null", Null}} {
			if len(p.data)-p.i >= len(w.word) && string(p.data[p.i:p.i+len(w.word)]) == w.word {
				p.i += len(w.word)
				return &Scalar{At: at, Kind: w.kind, Text: w.word}, nil
			}
		}
		return nil, errorf(at, "a value expected, found %s", p.what())
	}
}

func (p *jsonParser) str() (string, error) {
	at := p.pos()
	start := p.i
	p.i++ // the opening quote
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case '\\':
			p.i += 2
			continue
		case '\n':
			return "", errorf(at, "a string runs to the end of its line")
		case '"':
			p.i++
			var s string
			if err := json.Unmarshal(p.data[start:p.i], &s); err != nil {
				return "", errorf(at, "a string that JSON does not allow: %v", err)
			}
			return s, nil
		}
		p.i++
	}
	return "", errorf(at, "a string without its closing quote")
}

// is reports whether the next byte is b.
func (p *jsonParser) is(b byte) bool { return p.i < len(p.data) && p.data[p.i] == b }

func (p *jsonParser) object(depth int) (Value, error) {
	m := &Map{At: p.pos()}
	p.i++
	p.space()
	if p.is('}') {
		p.i++
		return m, nil
	}
	seen := map[string]Pos{}
	for {
		p.space()
		keyAt := p.pos()
		if !p.is('"') {
			return nil, errorf(keyAt, "a key in quotes expected, found %s", p.what())
		}
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		if first, dup := seen[key]; dup {
			return nil, errorf(keyAt, "%q is already a key of this object (at %s)", key, first)
		}
		seen[key] = keyAt
		p.space()
		if !p.is(':') {
			return nil, errorf(p.pos(), "':' expected after the key %q, found %s", key, p.what())
		}
		p.i++
		p.space()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		m.Entries = append(m.Entries, Entry{KeyAt: keyAt, Key: key, Value: v})
		p.space()
		if p.is(',') {
			p.i++
			continue
		}
		if p.is('}') {
			p.i++
			return longForm(m), nil
		}
		return nil, errorf(p.pos(), "',' or '}' expected, found %s", p.what())
	}
}

func (p *jsonParser) array(depth int) (Value, error) {
	l := &List{At: p.pos()}
	p.i++
	p.space()
	if p.is(']') {
		p.i++
		return l, nil
	}
	for {
		p.space()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		l.Items = append(l.Items, v)
		p.space()
		if p.is(',') {
			p.i++
			continue
		}
		if p.is(']') {
			p.i++
			return l, nil
		}
		return nil, errorf(p.pos(), "',' or ']' expected, found %s", p.what())
	}
}

// longForm is a one-entry mapping that is an intrinsic function as a Call; any other mapping as
// it is.
func longForm(m *Map) Value {
	if len(m.Entries) == 1 && isLongForm(m.Entries[0].Key) {
		return &Call{At: m.At, Name: m.Entries[0].Key, Arg: m.Entries[0].Value}
	}
	return m
}
