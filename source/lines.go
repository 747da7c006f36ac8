// Package source owns positions in a text: a line index that converts byte offsets to lines and
// columns, in bytes (for people) or UTF-16 code units (for LSP), and back, and that follows an
// edit of the text in time proportional to the lines the edit touched. Line breaks are "\n",
// "\r\n" and a lone "\r", as in LSP.
package source

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Lines is the line index of one text. It is immutable; Edit derives the index of an edited
// text from it.
//
// The line starts are held in chunks of at most a few hundred lines, each with offsets relative
// to its first line's start, so that an edit rebuilds only the chunks around it and moves the
// others by changing their base: its cost does not grow with the text (beyond copying one small
// header per chunk).
//
// Converting an offset to a UTF-16 column counts the characters before it on its line. So that a
// file of one long line (a generated list of a megabyte) does not make each conversion cost the
// line's length, a line of ASCII only converts by subtraction, and a longer line with other
// characters keeps the column at every colStep bytes.
type Lines struct {
	src    string
	chunks []lineChunk
	size   int // the most lines a chunk holds
}

// lineChunk is a run of consecutive lines: where it starts and its (shared, immutable) data.
type lineChunk struct {
	base  int // byte offset of the chunk's first line
	first int // number of the chunk's first line
	d     *lineData
}

// lineData is the content of a chunk, relative to its base and first line.
type lineData struct {
	starts []int32          // byte offset of each line's first byte; starts[0] == 0
	wide   []uint64         // bit i set: line i has non-ASCII bytes
	marks  map[int32][]mark // for wide lines longer than colStep: a mark at every colStep bytes
}

// mark is a byte offset of a line (relative to its chunk) at a character boundary and its UTF-16
// column.
type mark struct{ off, col int }

// colStep is the distance between the marks of a long wide line.
const colStep = 512

// chunkLines is how many lines a chunk holds at most.
const chunkLines = 256

// NewLines indexes src.
func NewLines(src string) *Lines { return newLinesSized(src, chunkLines) }

func newLinesSized(src string, size int) *Lines {
	l := &Lines{src: src, size: size}
	starts, wide := scanLines(src, 0, len(src), true)
	l.chunks = l.appendChunks(nil, starts, wide, 0)
	l.mark(0, len(l.chunks))
	return l
}

// scanLines returns the starts of the lines of src[from:to], which begins a line, and the indexes
// (in that list) of the lines holding non-ASCII bytes. A line break ending at to starts a line
// only when final says that no lines follow (the text's last line, empty, starts there).
func scanLines(src string, from, to int, final bool) (starts []int, wide []int) {
	starts = make([]int, 1, (to-from)/32+1)
	starts[0] = from
	for i := from; i < to; {
		s := src[i:to]
		end := strings.IndexByte(s, '\n')
		if end < 0 {
			end = len(s)
		}
		if r := strings.IndexByte(s[:end], '\r'); r >= 0 {
			end = r
		}
		if !ascii(s[:end]) {
			wide = append(wide, len(starts)-1)
		}
		if end == len(s) {
			break
		}
		next := i + end + 1
		if src[i+end] == '\r' && next < len(src) && src[next] == '\n' {
			next++
		}
		if next < to || final {
			starts = append(starts, next)
		}
		i = next
	}
	return starts, wide
}

// ascii reports whether s holds only ASCII bytes, eight at a time.
func ascii(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// appendChunks cuts absolute line starts (numbered from first) into chunks appended to out; wide
// lists the indexes of the wide lines among the starts. The chunks have no marks yet (see mark).
func (l *Lines) appendChunks(out []lineChunk, starts []int, wide []int, first int) []lineChunk {
	for lo := 0; lo < len(starts); {
		hi := min(lo+l.size, len(starts))
		if rest := len(starts) - hi; rest > 0 && rest < l.size/2 {
			hi = len(starts) - (len(starts)-lo)/2 // two halves rather than a tiny last chunk
		}
		base := starts[lo]
		d := &lineData{starts: make([]int32, hi-lo)}
		for i := lo; i < hi; i++ {
			d.starts[i-lo] = int32(starts[i] - base)
		}
		for len(wide) > 0 && wide[0] < hi {
			k := wide[0] - lo
			for len(d.wide) <= k/64 {
				d.wide = append(d.wide, 0)
			}
			d.wide[k/64] |= 1 << (k % 64)
			wide = wide[1:]
		}
		out = append(out, lineChunk{base: base, first: first + lo, d: d})
		lo = hi
	}
	return out
}

// mark records the marks of the long wide lines of the chunks [from, to) of l (which are new:
// their data is not shared yet).
func (l *Lines) mark(from, to int) {
	for i := from; i < to; i++ {
		c := l.chunks[i]
		for w, bits := range c.d.wide {
			for b := 0; bits != 0; b, bits = b+1, bits>>1 {
				if bits&1 == 0 {
					continue
				}
				k := w*64 + b
				start := c.base + int(c.d.starts[k])
				end := l.lineEndIn(i, k)
				if end-start <= colStep {
					continue
				}
				if c.d.marks == nil {
					c.d.marks = map[int32][]mark{}
				}
				marks := make([]mark, 0, (end-start)/colStep+1)
				next, col := start, 0
				for p := start; p < end; {
					if p >= next {
						marks = append(marks, mark{p - c.base, col})
						next = start + len(marks)*colStep
					}
					r, size := utf8.DecodeRuneInString(l.src[p:end])
					col += utf16Units(r)
					p += size
				}
				c.d.marks[int32(k)] = marks
			}
		}
	}
}

// Edit returns the index of src, the text of l with the bytes [start, oldEnd) replaced by
// src[start:newEnd]. Only the chunks holding the lines around the edit are rebuilt; the others
// are shared, moved by the edit's length.
func (l *Lines) Edit(src string, start, oldEnd, newEnd int) *Lines {
	delta := newEnd - oldEnd
	if start < 0 || start > oldEnd || oldEnd > len(l.src) || newEnd < start || len(src) != len(l.src)+delta {
		return newLinesSized(src, l.size)
	}
	// The lines before and after the edited ones are rebuilt too: a line break can join or split
	// across the edit's ends ("\r" + "\n").
	ca := l.chunkOfLine(max(l.Line(start)-1, 0))
	cb := l.chunkOfLine(min(l.Line(oldEnd)+1, l.Count()-1))
	// Rebuild at least half a chunk's worth of lines, so that edits do not leave small chunks.
	for cb+1 < len(l.chunks) && l.chunks[cb+1].first-l.chunks[ca].first < l.size/2 {
		cb++
	}
	from := l.chunks[ca].base
	to := len(src)
	if cb+1 < len(l.chunks) {
		to = l.chunks[cb+1].base + delta
	}
	starts, wide := scanLines(src, from, to, cb+1 == len(l.chunks))
	out := &Lines{src: src, size: l.size}
	out.chunks = make([]lineChunk, 0, len(l.chunks)+len(starts)/l.size+2)
	out.chunks = append(out.chunks, l.chunks[:ca]...)
	out.chunks = out.appendChunks(out.chunks, starts, wide, l.chunks[ca].first)
	rebuilt := len(out.chunks)
	if cb+1 < len(l.chunks) {
		lineDelta := l.chunks[ca].first + len(starts) - l.chunks[cb+1].first
		for _, c := range l.chunks[cb+1:] {
			out.chunks = append(out.chunks, lineChunk{base: c.base + delta, first: c.first + lineDelta, d: c.d})
		}
	}
	out.mark(ca, rebuilt)
	return out
}

// chunkOfLine returns the index of the chunk holding a line (in range).
func (l *Lines) chunkOfLine(line int) int {
	return sort.Search(len(l.chunks), func(i int) bool { return l.chunks[i].first > line }) - 1
}

// chunkOfOffset returns the index of the chunk holding byte offset off (in range).
func (l *Lines) chunkOfOffset(off int) int {
	return max(sort.Search(len(l.chunks), func(i int) bool { return l.chunks[i].base > off })-1, 0)
}

// Count returns the number of lines (a text without line breaks has one).
func (l *Lines) Count() int {
	c := l.chunks[len(l.chunks)-1]
	return c.first + len(c.d.starts)
}

// Line returns the 0-based line containing byte offset off (clamped to the text).
func (l *Lines) Line(off int) int {
	off = l.clamp(off)
	c := l.chunks[l.chunkOfOffset(off)]
	rel := int32(off - c.base)
	k := sort.Search(len(c.d.starts), func(i int) bool { return c.d.starts[i] > rel }) - 1
	return c.first + k
}

// LineStart returns the byte offset of the first byte of a 0-based line (clamped).
func (l *Lines) LineStart(line int) int {
	switch {
	case line < 0:
		return 0
	case line >= l.Count():
		return len(l.src)
	}
	c := l.chunks[l.chunkOfLine(line)]
	return c.base + int(c.d.starts[line-c.first])
}

// lineEndIn returns the offset of the line break ending line k of chunk i (or the end of the
// text).
func (l *Lines) lineEndIn(i, k int) int {
	c := l.chunks[i]
	var end int
	switch {
	case k+1 < len(c.d.starts):
		end = c.base + int(c.d.starts[k+1])
	case i+1 < len(l.chunks):
		end = l.chunks[i+1].base
	default:
		return len(l.src)
	}
	if end > 0 && l.src[end-1] == '\n' {
		end--
	}
	if end > 0 && l.src[end-1] == '\r' {
		end--
	}
	return end
}

// lineEnd returns the offset of the line break ending a line (in range), or the end of the text.
func (l *Lines) lineEnd(line int) int {
	_, i, k := l.at(line)
	return l.lineEndIn(i, k)
}

// at returns the chunk of a line (in range), its index and the line's index in the chunk.
func (l *Lines) at(line int) (c lineChunk, i, k int) {
	i = l.chunkOfLine(line)
	c = l.chunks[i]
	return c, i, line - c.first
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
	return line, off - l.LineStart(line)
}

func (d *lineData) isWide(k int) bool {
	return k/64 < len(d.wide) && d.wide[k/64]&(1<<(k%64)) != 0
}

// from returns where to start counting columns on line k of chunk c to reach byte offset off:
// the line's start, or the last mark at or before off.
func (c lineChunk) from(k, off int) (p, col int) {
	start := c.base + int(c.d.starts[k])
	ms := c.d.marks[int32(k)]
	if len(ms) == 0 {
		return start, 0
	}
	j := min((off-start)/colStep, len(ms)-1)
	for j > 0 && c.base+ms[j].off > off {
		j--
	}
	return c.base + ms[j].off, ms[j].col
}

// fromCol is from for a UTF-16 column: the last mark at or before col.
func (c lineChunk) fromCol(k, col int) (p, units int) {
	ms := c.d.marks[int32(k)]
	j := sort.Search(len(ms), func(i int) bool { return ms[i].col > col }) - 1
	if j < 0 {
		return c.base + int(c.d.starts[k]), 0
	}
	return c.base + ms[j].off, ms[j].col
}

// UTF16 returns the 0-based line and UTF-16 column of offset off. An offset inside a multi-byte
// character counts the character as not yet reached; an offset inside a line break counts as the
// end of the line.
func (l *Lines) UTF16(off int) (line, col int) {
	off = l.clamp(off)
	line = l.Line(off)
	c, i, k := l.at(line)
	off = min(off, l.lineEndIn(i, k))
	if !c.d.isWide(k) {
		return line, off - c.base - int(c.d.starts[k])
	}
	p, col := c.from(k, off)
	for p < off {
		ch := l.src[p]
		if ch < utf8.RuneSelf {
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
	if line >= l.Count() {
		return len(l.src)
	}
	c, i, k := l.at(line)
	off, end := c.base+int(c.d.starts[k]), l.lineEndIn(i, k)
	if !c.d.isWide(k) {
		return off + min(max(col, 0), end-off)
	}
	off, units := c.fromCol(k, col)
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
