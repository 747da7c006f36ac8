package report

import (
	"io"
	"strconv"
	"strings"

	"github.com/carina-rs/carina-lsp/internal/jsonstr"
)

// The findings of `check -format json` and `sarif` are written by hand, line by line, as
// encoding/json's indenting encoder wrote them, strings quoted as its Marshal quotes them
// (jsonstr.Append): the encoder marshalled each finding by reflection and then indented it again,
// most of the time a large report took once the checks were done.

// jsonItems writes the items of a JSON array that an encoder with two-space indentation would
// write as one value, nested depth arrays and objects deep, one at a time: the same bytes, the
// array never in memory.
type jsonItems struct {
	w     io.Writer
	depth int
	n     int
	buf   []byte
	pad   string
}

// item writes one item, which value appends at the item's indentation (pad: each of its lines
// after the first starts with it).
func (j *jsonItems) item(value func(b []byte, pad string) []byte) error {
	if j.pad == "" {
		j.pad = strings.Repeat("  ", j.depth+1)
	}
	j.buf = j.buf[:0]
	if j.n > 0 {
		j.buf = append(j.buf, ',')
	}
	j.buf = append(j.buf, '\n')
	j.buf = append(j.buf, j.pad...)
	j.buf = value(j.buf, j.pad)
	j.n++
	_, err := j.w.Write(j.buf)
	return err
}

// close ends the array: "]" on a line of its own, or "[]" right after the "[" when it is empty.
func (j *jsonItems) close() error {
	if j.n == 0 {
		_, err := io.WriteString(j.w, "]")
		return err
	}
	_, err := io.WriteString(j.w, "\n"+strings.Repeat("  ", j.depth)+"]")
	return err
}

// Each helper below appends one line at pad plus level indentation levels of two spaces.

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
	b = jsonstr.Append(b, key)
	b = append(b, ": "...)
	b = jsonstr.Append(b, value)
	return jsonEnd(b, more)
}

// jsonInt appends `"key": 12` and, when more follow, a comma.
func jsonInt(b []byte, pad string, level int, key string, value int, more bool) []byte {
	b = jsonIndent(b, pad, level)
	b = jsonstr.Append(b, key)
	b = append(b, ": "...)
	b = strconv.AppendInt(b, int64(value), 10)
	return jsonEnd(b, more)
}

// jsonOpen appends `"key": {` or `"key": [`.
func jsonOpen(b []byte, pad string, level int, key string, bracket byte) []byte {
	b = jsonIndent(b, pad, level)
	b = jsonstr.Append(b, key)
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
