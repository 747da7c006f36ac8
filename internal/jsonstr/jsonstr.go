// Package jsonstr writes Go strings as JSON strings: the one escaper of the module, for the JSON
// written by hand (check's JSON and SARIF reports, the server's publishes) and for the strings of
// forms a JSON encoder writes (graph's JSON).
//
// Every string written escapes what JSON requires (a quote, a backslash, the control characters
// below U+0020), U+2028 and U+2029 (line terminators to JavaScript; not AppendMinimal, which
// writes them as serde_json does), and writes each byte that is not UTF-8 as \ufffd, as Go's
// encoders all do: it decodes back to Decoded(s). The functions differ where JSON leaves the
// writer a choice, each as the encoder its output matches byte for byte.
package jsonstr

import (
	"strings"
	"unicode/utf8"
)

// Append appends s as encoding/json's Marshal writes it: < > & escaped as \u003c \u003e \u0026
// (safe inside HTML), backspace and form feed as \b and \f.
func Append(dst []byte, s string) []byte { return appendString(dst, s, true) }

// AppendPlain appends s with < > & as they are, backspace and form feed as \b and \f: as
// segmentio's encoder (v0.5) writes it without EscapeHTML, the form the server's publishes have
// always had (a message quotes < > & often, and no client reads them as HTML).
func AppendPlain(dst []byte, s string) []byte { return appendString(dst, s, false) }

// AppendMinimal appends s escaping only what JSON requires (a quote, a backslash, the controls
// below U+0020; backspace and form feed as \b and \f), U+2028 and U+2029 as they are: as Rust's
// serde_json writes it, the form Carina hashes a secret's value in (plan compares with the hash).
func AppendMinimal(dst []byte, s string) []byte { return appendStringIn(dst, s, false, false) }

// The ASCII bytes each style escapes, bit c for byte c: a quote, a backslash, the controls below
// U+0020, and in std < > &. A mask, not comparisons a byte: the server writes every publish's
// messages through here, and comparing each byte with the style's characters took 40% longer.
const (
	plainLo = 1<<0x20 - 1 | 1<<'"'
	stdLo   = plainLo | 1<<'<' | 1<<'>' | 1<<'&'
	hi      = 1 << ('\\' - 64) // bytes 64 to 127
)

// appendString is Append (std) or AppendPlain.
func appendString(dst []byte, s string, std bool) []byte {
	return appendStringIn(dst, s, std, true)
}

// appendStringIn is appendString, U+2028 and U+2029 escaped only when lineSeps.
func appendStringIn(dst []byte, s string, std, lineSeps bool) []byte {
	const hex = "0123456789abcdef"
	lo := uint64(plainLo)
	if std {
		lo = stdLo
	}
	dst = append(dst, '"')
	start := 0 // s[start:i] is yet to be copied as it is
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			mask := lo
			if c >= 64 {
				mask = hi
			}
			if mask>>(c&63)&1 == 0 {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch {
			case c == '"', c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c == '\b':
				dst = append(dst, '\\', 'b')
			case c == '\f':
				dst = append(dst, '\\', 'f')
			default: // the other controls, and < > & in std
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case lineSeps && (r == '\u2028' || r == '\u2029'):
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// Decoded returns what a JSON decoder reads back from s as written here: s, with each byte that
// is not UTF-8 replaced by U+FFFD. A form that holds Decoded strings decodes back to itself,
// whichever encoder writes it.
func Decoded(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
