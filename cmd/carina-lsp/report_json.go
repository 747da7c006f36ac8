package main

import (
	"encoding/json"
	"strconv"
)

// The findings of `check -format json` and `sarif` are written by hand, line by line, as
// encoding/json's indenting encoder wrote them: the encoder marshalled each finding by reflection
// and then indented it again, most of the time a large report took once the checks were done.
// Each helper appends one line at pad plus level indentation levels of two spaces.

func jsonIndent(b []byte, pad string, level int) []byte {
	b = append(b, pad...)
	for range level {
		b = append(b, "  "...)
	}
	return b
}

// jsonField appends `"key": "value"` and, when more follow, a comma.
func jsonField(b []byte, pad string, level int, key, value string, more bool) []byte {
	b = jsonIndent(b, pad, level)
	b = appendJSONString(b, key)
	b = append(b, ": "...)
	b = appendJSONString(b, value)
	return jsonEnd(b, more)
}

// jsonInt appends `"key": 12` and, when more follow, a comma.
func jsonInt(b []byte, pad string, level int, key string, value int, more bool) []byte {
	b = jsonIndent(b, pad, level)
	b = appendJSONString(b, key)
	b = append(b, ": "...)
	b = strconv.AppendInt(b, int64(value), 10)
	return jsonEnd(b, more)
}

// jsonOpen appends `"key": {` or `"key": [`.
func jsonOpen(b []byte, pad string, level int, key string, bracket byte) []byte {
	b = jsonIndent(b, pad, level)
	b = appendJSONString(b, key)
	return append(b, ':', ' ', bracket, '\n')
}

// jsonClose appends the closing bracket of an object or array and, when more follow, a comma;
// at level 0 (the item's own) it ends the item, without a newline.
func jsonClose(b []byte, pad string, level int, bracket byte, more bool) []byte {
	b = jsonIndent(b, pad, level)
	b = append(b, bracket)
	if level == 0 {
		return b
	}
	return jsonEnd(b, more)
}

func jsonEnd(b []byte, more bool) []byte {
	if more {
		b = append(b, ',')
	}
	return append(b, '\n')
}

// appendJSONString appends s quoted as encoding/json quotes it (HTML characters, control
// characters, invalid UTF-8, U+2028 and U+2029 escaped): plain printable ASCII directly, anything
// else through encoding/json itself.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, err := json.Marshal(s)
			if err != nil { // a string always marshals; keep the text rather than lose it
				return strconv.AppendQuote(b, s)
			}
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
