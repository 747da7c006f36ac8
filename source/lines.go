// Package source owns positions in a text: a line index that converts byte offsets to lines and
// columns, in bytes (for people) or UTF-16 code units (for LSP), and back. Line breaks are "\n",
// "\r\n" and a lone "\r", as in LSP.
package source

import (
	"sort"
	"unicode/utf8"
)

// Lines is the line index of one text. It is immutable.
type Lines struct {
	src    string
	starts []int // byte offset of each line's first byte
}

// NewLines indexes src.
func NewLines(src string) *Lines {
	starts := make([]int, 1, len(src)/32+1)
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return &Lines{src: src, starts: starts}
}

// Count returns the number of lines (a text without line breaks has one).
func (l *Lines) Count() int { return len(l.starts) }

// Line returns the 0-based line containing byte offset off (clamped to the text).
func (l *Lines) Line(off int) int {
	off = l.clamp(off)
	return sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
}

// LineStart returns the byte offset of the first byte of a 0-based line (clamped).
func (l *Lines) LineStart(line int) int {
	switch {
	case line < 0:
		return 0
	case line >= len(l.starts):
		return len(l.src)
	}
	return l.starts[line]
}

// lineEnd returns the offset of the line break ending a line (or the end of the text).
func (l *Lines) lineEnd(line int) int {
	if line+1 >= len(l.starts) {
		return len(l.src)
	}
	end := l.starts[line+1]
	if end > 0 && l.src[end-1] == '\n' {
		end--
	}
	if end > 0 && l.src[end-1] == '\r' {
		end--
	}
	return end
}

func (l *Lines) clamp(off int) int {
	switch {
	case off < 0:
		return 0
	case off > len(l.src):
		return len(l.src)
	}
	return off
}

// ByteColumn returns the 0-based line and byte column of offset off.
func (l *Lines) ByteColumn(off int) (line, col int) {
	off = l.clamp(off)
	line = l.Line(off)
	return line, off - l.starts[line]
}

// UTF16 returns the 0-based line and UTF-16 column of offset off. An offset inside a multi-byte
// character counts the character as not yet reached; an offset inside a line break counts as the
// end of the line.
func (l *Lines) UTF16(off int) (line, col int) {
	off = l.clamp(off)
	line = l.Line(off)
	off = min(off, l.lineEnd(line))
	for p := l.starts[line]; p < off; {
		c := l.src[p]
		if c < utf8.RuneSelf {
			col++
			p++
			continue
		}
		r, size := utf8.DecodeRuneInString(l.src[p:])
		if p+size > off {
			break
		}
		col += utf16Units(r)
		p += size
	}
	return line, col
}

func utf16Units(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// OffsetUTF16 returns the byte offset of a 0-based line and UTF-16 column. Positions past the end
// of a line clamp to the line's end, lines past the end of the text to the text's end, and a
// column inside a surrogate pair to the character's start.
func (l *Lines) OffsetUTF16(line, col int) int {
	if line < 0 {
		return 0
	}
	if line >= len(l.starts) {
		return len(l.src)
	}
	off, end := l.starts[line], l.lineEnd(line)
	for units := 0; off < end; {
		r, size := utf8.DecodeRuneInString(l.src[off:end])
		n := utf16Units(r)
		if units+n > col {
			break
		}
		units += n
		off += size
	}
	return off
}
