// Package source owns positions in a text: a line index that converts byte offsets to lines and
// columns, in bytes (for people) or UTF-16 code units (for LSP), and back. Line breaks are "\n",
// "\r\n" and a lone "\r", as in LSP.
package source

import (
	"sort"
	"unicode/utf8"
)

// Lines is the line index of one text. It is immutable.
//
// Converting an offset to a UTF-16 column counts the characters before it on its line. So that a
// file of one long line (a generated list of a megabyte) does not make each conversion cost the
// line's length, a line of ASCII only converts by subtraction, and a longer line with other
// characters keeps the column at every colStep bytes.
type Lines struct {
	src    string
	starts []int          // byte offset of each line's first byte
	wide   []uint64       // bit i set: line i has non-ASCII bytes
	marks  map[int][]mark // for wide lines longer than colStep: a mark at every colStep bytes
}

// mark is a byte offset of a line at a character boundary and its UTF-16 column.
type mark struct{ off, col int }

// colStep is the distance between the marks of a long wide line.
const colStep = 512

// NewLines indexes src.
func NewLines(src string) *Lines {
	starts := make([]int, 1, len(src)/32+1)
	var wide []uint64
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\n':
			starts = append(starts, i+1)
		case c == '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		case c >= utf8.RuneSelf:
			line := len(starts) - 1
			for len(wide) <= line/64 {
				wide = append(wide, 0)
			}
			wide[line/64] |= 1 << (line % 64)
		}
	}
	l := &Lines{src: src, starts: starts, wide: wide}
	for w, bits := range wide {
		for b := 0; bits != 0; b, bits = b+1, bits>>1 {
			if line := w*64 + b; bits&1 != 0 && l.lineEnd(line)-starts[line] > colStep {
				l.markLine(line)
			}
		}
	}
	return l
}

// markLine records the marks of a long wide line.
func (l *Lines) markLine(line int) {
	if l.marks == nil {
		l.marks = map[int][]mark{}
	}
	start, end := l.starts[line], l.lineEnd(line)
	marks := make([]mark, 0, (end-start)/colStep+1)
	next, col := start, 0
	for p := start; p < end; {
		if p >= next {
			marks = append(marks, mark{p, col})
			next = start + len(marks)*colStep
		}
		r, size := utf8.DecodeRuneInString(l.src[p:end])
		col += utf16Units(r)
		p += size
	}
	l.marks[line] = marks
}

func (l *Lines) isWide(line int) bool {
	return line/64 < len(l.wide) && l.wide[line/64]&(1<<(line%64)) != 0
}

// from returns where to start counting columns on a line to reach byte offset off: the line's
// start, or the last mark at or before off.
func (l *Lines) from(line, off int) (p, col int) {
	ms := l.marks[line]
	if len(ms) == 0 {
		return l.starts[line], 0
	}
	k := min((off-l.starts[line])/colStep, len(ms)-1)
	for k > 0 && ms[k].off > off {
		k--
	}
	return ms[k].off, ms[k].col
}

// fromCol is from for a UTF-16 column: the last mark at or before col.
func (l *Lines) fromCol(line, col int) (p, units int) {
	ms := l.marks[line]
	k := sort.Search(len(ms), func(i int) bool { return ms[i].col > col }) - 1
	if k < 0 {
		return l.starts[line], 0
	}
	return ms[k].off, ms[k].col
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
	if !l.isWide(line) {
		return line, off - l.starts[line]
	}
	p, col := l.from(line, off)
	for p < off {
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
	if !l.isWide(line) {
		return off + min(max(col, 0), end-off)
	}
	off, units := l.fromCol(line, col)
	for off < end {
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
