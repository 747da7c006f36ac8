package main

import (
	"bufio"
	"bytes"
	"cmp"
	"container/heap"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"slices"

	"github.com/carina-rs/carina-lsp/finding"
)

// spool keeps the findings of a check run on disk, not in memory, as they are handed over: one
// run a configuration, sorted (finding.Compare), each written as soon as its configuration is
// checked. The report reads them back merged in that order, the order check has always printed,
// whatever the number of workers; memory holds where each run lies and, while merging, the runs'
// first findings and a reader for each run that overlaps the place reached (usually one). The
// first megabyte stays in memory (a small check makes no file); where no temporary file can be
// made (a read-only system), all of it does.
type spool struct {
	f       *os.File // nil: in mem
	w       *bufio.Writer
	mem     []byte
	spillAt int  // the size of mem past which it moves to a file
	noFile  bool // no temporary file could be made: mem holds everything
	size    int64
	runs    []spoolRun
	codes   []finding.Code // every code of the findings, sorted
	n       int
}

// spoolRun is where one configuration's findings lie on disk.
type spoolRun struct{ off, len int64 }

func newSpool() *spool { return &spool{spillAt: 1 << 20} }

func (s *spool) close() {
	if s.f != nil {
		s.f.Close()
	}
}

// add writes one configuration's findings, sorted.
func (s *spool) add(fs []located) error {
	if len(fs) == 0 {
		return nil
	}
	off := s.size
	var buf []byte
	for _, f := range fs {
		buf = encodeFinding(buf[:0], f)
		if s.f == nil {
			s.mem = append(s.mem, buf...)
		} else if _, err := s.w.Write(buf); err != nil {
			return err
		}
		s.size += int64(len(buf))
		if c, found := slices.BinarySearch(s.codes, f.Code); !found {
			s.codes = slices.Insert(s.codes, c, f.Code)
		}
	}
	s.n += len(fs)
	s.runs = append(s.runs, spoolRun{off: off, len: s.size - off})
	if s.f == nil && !s.noFile && len(s.mem) > s.spillAt {
		return s.spill()
	}
	return nil
}

// spill moves what is in memory to an unlinked temporary file, at the same offsets, and writes
// there from now on; where no file can be made, everything stays in memory.
func (s *spool) spill() error {
	f, err := os.CreateTemp("", "carina-lsp-check-*")
	if err != nil {
		s.noFile = true // the findings in memory, as before there was a spool
		return nil
	}
	os.Remove(f.Name()) // gone with the process, whatever happens to it
	if _, err := f.Write(s.mem); err != nil {
		f.Close()
		return err
	}
	s.f, s.w, s.mem = f, bufio.NewWriterSize(f, 64<<10), nil
	return nil
}

// each hands over every finding in finding.Compare order (stable: runs added earlier first
// among equal ones, as the sort of all findings in one slice put them).
func (s *spool) each(yield func(located) error) error {
	return s.merger().upTo("", true, yield)
}

// flush makes what was added readable.
func (s *spool) flush() error {
	if s.f == nil {
		return nil
	}
	return s.w.Flush()
}

// spoolAt reads the spool where it is when read (memory, then the file it moved to at the same
// offsets): it only grows, so offsets stay.
type spoolAt struct{ s *spool }

func (a spoolAt) ReadAt(p []byte, off int64) (int, error) {
	if a.s.f != nil {
		return a.s.f.ReadAt(p, off)
	}
	return bytes.NewReader(a.s.mem).ReadAt(p, off)
}

// merger hands over a spool's findings in order while runs are still being added (upTo with a
// bound), and the rest at the end. Memory holds the first finding of each run it has not started
// reading, and a reader for each run the merge has reached (usually one).
type merger struct {
	s       *spool
	src     io.ReaderAt
	joined  int     // the runs of s.runs whose first finding is known
	waiting firsts  // those not yet read from, by their first located
	h       cursors // those being read
	free    []*bufio.Reader
}

func (s *spool) merger() *merger { return &merger{s: s, src: spoolAt{s}} }

func (m *merger) reader(r spoolRun) *bufio.Reader {
	sr := io.NewSectionReader(m.src, r.off, r.len)
	if n := len(m.free); n > 0 {
		b := m.free[n-1]
		m.free = m.free[:n-1]
		b.Reset(sr)
		return b
	}
	return bufio.NewReaderSize(sr, 4096)
}

// upTo hands over, in order, the findings of the runs added so far whose path is below bound, or
// all of them. The runs added after a call must have no finding below its bound: then what it
// handed over comes before all of theirs, as one merge at the end would have put it.
func (m *merger) upTo(bound string, all bool, yield func(located) error) error {
	if err := m.s.flush(); err != nil {
		return err
	}
	for ; m.joined < len(m.s.runs); m.joined++ {
		b := m.reader(m.s.runs[m.joined])
		f, err := decodeFinding(b, m.s.codes, "")
		if err != nil {
			return err
		}
		m.free = append(m.free, b)
		heap.Push(&m.waiting, first{f, m.joined})
	}
	for {
		// A run joins once the merge reaches its first finding: until then it cannot hold the
		// smallest.
		for m.waiting.Len() > 0 && (m.h.Len() == 0 || compareAt(m.waiting[0].f, m.waiting[0].run, m.h[0].cur, m.h[0].run) <= 0) {
			w := heap.Pop(&m.waiting).(first)
			c := &cursor{run: w.run, r: m.reader(m.s.runs[w.run]), codes: m.s.codes}
			if err := c.advance(); err != nil {
				return err
			}
			heap.Push(&m.h, c)
		}
		if m.h.Len() == 0 {
			return nil
		}
		c := m.h[0]
		if !all && c.cur.Path >= bound {
			return nil
		}
		if err := yield(c.cur); err != nil {
			return err
		}
		if err := c.advance(); errors.Is(err, io.EOF) {
			heap.Pop(&m.h)
			m.free = append(m.free, c.r)
		} else if err != nil {
			return err
		} else {
			heap.Fix(&m.h, 0)
		}
	}
}

// first is a run's first finding, while the run waits to join a merge.
type first struct {
	f   located
	run int
}

type firsts []first

func (h firsts) Len() int           { return len(h) }
func (h firsts) Less(i, j int) bool { return compareAt(h[i].f, h[i].run, h[j].f, h[j].run) < 0 }
func (h firsts) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *firsts) Push(x any)        { *h = append(*h, x.(first)) }
func (h *firsts) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// compareAt orders findings, and equal ones by the order their runs were added.
func compareAt(a located, ra int, b located, rb int) int {
	return cmp.Or(finding.Compare(a.Diagnostic, b.Diagnostic), cmp.Compare(ra, rb))
}

// cursor is a run being merged: its reader and its current finding.
type cursor struct {
	run   int
	r     *bufio.Reader
	cur   located
	codes []finding.Code
}

func (c *cursor) advance() error {
	f, err := decodeFinding(c.r, c.codes, c.cur.Path)
	if err != nil {
		return err
	}
	c.cur = f
	return nil
}

type cursors []*cursor

func (h cursors) Len() int           { return len(h) }
func (h cursors) Less(i, j int) bool { return compareAt(h[i].cur, h[i].run, h[j].cur, h[j].run) < 0 }
func (h cursors) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *cursors) Push(x any)        { *h = append(*h, x.(*cursor)) }
func (h *cursors) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// encodeFinding appends what the report and the order need of a finding: its file, span,
// severity, code, message and range.
func encodeFinding(b []byte, f located) []byte {
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	str(f.Path)
	b = binary.AppendVarint(b, int64(f.Span.Start))
	b = binary.AppendVarint(b, int64(f.Span.End))
	b = binary.AppendVarint(b, int64(f.Severity))
	str(string(f.Code))
	str(f.Message)
	for _, n := range []int{f.Range.Start.Line, f.Range.Start.Character, f.Range.End.Line, f.Range.End.Character} {
		b = binary.AppendVarint(b, int64(n))
	}
	return b
}

// decodeFinding reads what encodeFinding wrote; io.EOF at the end of a run. A code is one of
// codes and a path often the one before (path): those strings are shared, not made again.
func decodeFinding(r *bufio.Reader, codes []finding.Code, path string) (located, error) {
	var f located
	var err error
	var buf []byte
	field := func() []byte {
		if err != nil {
			return nil
		}
		var n uint64
		if n, err = binary.ReadUvarint(r); err != nil {
			return nil
		}
		buf = slices.Grow(buf[:0], int(n))[:n]
		_, err = io.ReadFull(r, buf)
		return buf
	}
	str := func() string { return string(field()) }
	num := func() int {
		if err != nil {
			return 0
		}
		var n int64
		n, err = binary.ReadVarint(r)
		return int(n)
	}
	if b := field(); string(b) == path {
		f.Path = path
	} else {
		f.Path = string(b)
	}
	if err != nil {
		return f, err // io.EOF before a finding: the run's end
	}
	f.Span.Start, f.Span.End = int32(num()), int32(num())
	f.Severity = finding.Severity(num())
	if b := field(); err == nil {
		if i, found := slices.BinarySearch(codes, finding.Code(b)); found {
			f.Code = codes[i]
		} else {
			f.Code = finding.Code(b)
		}
	}
	f.Message = str()
	f.Range.Start.Line, f.Range.Start.Character, f.Range.End.Line, f.Range.End.Character = num(), num(), num(), num()
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF // within a located
	}
	return f, err
}
