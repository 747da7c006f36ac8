package lsp

import (
	"strconv"
	"unicode/utf8"

	fastjson "github.com/segmentio/encoding/json"
	"go.lsp.dev/protocol"
)

// MarshalJSON encodes the diagnostics of a publish by hand. Every keystroke publishes its
// document's diagnostics again (up to 1,000, with their related places): encoding them through
// reflection cost more than the keystroke's re-parse. A diagnostic with a field the server never
// sets (data, a numeric code) is encoded the general way.
func (p publishDiagnosticsParams) MarshalJSON() ([]byte, error) {
	buf := make([]byte, 0, 256+len(p.Diagnostics)*320)
	buf = append(buf, `{"uri":`...)
	buf = appendJSONString(buf, string(p.URI))
	if p.Version != nil {
		buf = append(buf, `,"version":`...)
		buf = strconv.AppendInt(buf, int64(*p.Version), 10)
	}
	buf = append(buf, `,"diagnostics":[`...)
	for i, d := range p.Diagnostics {
		if i > 0 {
			buf = append(buf, ',')
		}
		var err error
		if buf, err = appendDiagnostic(buf, d); err != nil {
			return nil, err
		}
	}
	buf = append(buf, "]}"...)
	return buf, nil
}

func appendDiagnostic(buf []byte, d protocol.Diagnostic) ([]byte, error) {
	code, plain := d.Code.(string)
	if d.Code == nil {
		plain = true
	}
	if !plain || d.Data != nil {
		b, err := fastjson.Marshal(d)
		return append(buf, b...), err
	}
	buf = append(buf, `{"range":`...)
	buf = appendRange(buf, d.Range)
	if d.Severity != 0 {
		buf = append(buf, `,"severity":`...)
		buf = strconv.AppendFloat(buf, float64(d.Severity), 'g', -1, 64)
	}
	if d.Code != nil {
		buf = append(buf, `,"code":`...)
		buf = appendJSONString(buf, code)
	}
	if d.CodeDescription != nil {
		buf = append(buf, `,"codeDescription":{"href":`...)
		buf = appendJSONString(buf, string(d.CodeDescription.Href))
		buf = append(buf, '}')
	}
	if d.Source != "" {
		buf = append(buf, `,"source":`...)
		buf = appendJSONString(buf, d.Source)
	}
	buf = append(buf, `,"message":`...)
	buf = appendJSONString(buf, d.Message)
	if len(d.Tags) > 0 {
		buf = append(buf, `,"tags":[`...)
		for i, t := range d.Tags {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendFloat(buf, float64(t), 'g', -1, 64)
		}
		buf = append(buf, ']')
	}
	if len(d.RelatedInformation) > 0 {
		buf = append(buf, `,"relatedInformation":[`...)
		for i, r := range d.RelatedInformation {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, `{"location":{"uri":`...)
			buf = appendJSONString(buf, string(r.Location.URI))
			buf = append(buf, `,"range":`...)
			buf = appendRange(buf, r.Location.Range)
			buf = append(buf, `},"message":`...)
			buf = appendJSONString(buf, r.Message)
			buf = append(buf, '}')
		}
		buf = append(buf, ']')
	}
	return append(buf, '}'), nil
}

func appendRange(buf []byte, r protocol.Range) []byte {
	buf = append(buf, `{"start":`...)
	buf = appendPosition(buf, r.Start)
	buf = append(buf, `,"end":`...)
	buf = appendPosition(buf, r.End)
	return append(buf, '}')
}

func appendPosition(buf []byte, p protocol.Position) []byte {
	buf = append(buf, `{"line":`...)
	buf = strconv.AppendUint(buf, uint64(p.Line), 10)
	buf = append(buf, `,"character":`...)
	buf = strconv.AppendUint(buf, uint64(p.Character), 10)
	return append(buf, '}')
}

// appendJSONString appends s as a JSON string: quotes, backslashes and control characters
// escaped, bytes that are not UTF-8 replaced by U+FFFD (as encoding/json does).
func appendJSONString(buf []byte, s string) []byte {
	const hex = "0123456789abcdef"
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			buf = append(buf, s[start:i]...)
			switch c {
			case '"', '\\':
				buf = append(buf, '\\', c)
			case '\n':
				buf = append(buf, '\\', 'n')
			case '\r':
				buf = append(buf, '\\', 'r')
			case '\t':
				buf = append(buf, '\\', 't')
			default:
				buf = append(buf, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			buf = append(buf, s[start:i]...)
			buf = append(buf, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' { // as encoding/json: safe in JavaScript
			buf = append(buf, s[start:i]...)
			buf = append(buf, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}
