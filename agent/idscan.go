package agent

import "bytes"

// idScan finds the top-level "id" of a JSON object fed to it in pieces, keeping only a few bytes:
// the id of a request too long to read, wherever in the frame it is (the SDK's client writes it
// after the params).
type idScan struct {
	depth     int
	inStr     bool
	esc       bool
	inValue   bool   // after a top-level key's colon
	key       []byte // the top-level key being read (its first bytes)
	lastKey   string
	capturing bool // reading the id's value
	value     []byte
	id        []byte // the id's raw value, once read
}

func (s *idScan) feed(b []byte) {
	for _, c := range b {
		s.step(c)
	}
}

func (s *idScan) keep(c byte) {
	if s.capturing && len(s.value) < 256 {
		s.value = append(s.value, c)
	}
}

func (s *idScan) step(c byte) {
	if s.inStr {
		s.keep(c)
		switch {
		case s.esc:
			s.esc = false
		case c == '\\':
			s.esc = true
		case c == '"':
			s.inStr = false
			if s.depth == 1 && !s.inValue {
				s.lastKey = string(s.key)
			}
		case s.depth == 1 && !s.inValue && len(s.key) < 8:
			s.key = append(s.key, c)
		}
		return
	}
	switch c {
	case '"':
		s.inStr = true
		if s.depth == 1 && !s.inValue {
			s.key = s.key[:0]
		}
		s.keep(c)
	case '{', '[':
		s.depth++
		s.keep(c)
	case '}', ']':
		if s.depth == 1 {
			s.endValue()
		}
		s.depth--
		s.keep(c)
	case ':':
		if s.depth == 1 && !s.inValue {
			s.inValue, s.capturing, s.value = true, s.lastKey == "id", nil
			return
		}
		s.keep(c)
	case ',':
		if s.depth == 1 {
			s.endValue()
			return
		}
		s.keep(c)
	default:
		s.keep(c)
	}
}

func (s *idScan) endValue() {
	if s.capturing && s.id == nil {
		s.id = bytes.TrimSpace(s.value)
	}
	s.capturing, s.inValue = false, false
}
