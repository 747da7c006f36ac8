package state

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// Error is a state file Carina would not read (or that carina-lsp will not), with where: a
// caller shows it on the backend block, or on the configuration when it has none.
type Error struct {
	Path string
	Line int // 1-based; 0 when the whole file is at fault (its size, its version)
	Col  int // 1-based, in characters
	Msg  string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.Path, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg)
}

// errorAt makes an Error at a byte offset of src.
func errorAt(path string, src []byte, off int64, format string, args ...any) *Error {
	off = min(max(off, 0), int64(len(src)))
	before := src[:off]
	line := bytes.Count(before, []byte{'\n'}) + 1
	start := bytes.LastIndexByte(before, '\n') + 1
	return &Error{Path: path, Line: line, Col: utf8.RuneCount(before[start:]) + 1, Msg: fmt.Sprintf(format, args...)}
}
