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

	"github.com/carina-rs/carina-lsp/diagnostics"
)

// spool keeps the findings of a check run on disk, not in memory, as they are handed over: one
// run a configuration, sorted (diagnostics.Compare), each written as soon as its configuration is
// checked. The report reads them back merged in that order, the order check has always printed,
// whatever the number of workers; memory holds where each run lies and, while merging, the runs'
// first findings and a reader for each run that overlaps the place reached (usually one). Where no
// temporary file can be made (a read-only system), they are kept in memory instead.
type spool struct {
	f     *os.File // nil: in mem
	w     *bufio.Writer
	mem   []byte
	size  int64
	runs  []spoolRun
	codes []diagnostics.Code // every code of the findings, sorted
	n     int
}

// spoolRun is where one configuration's findings lie on disk.
type spoolRun struct{ off, len int64 }

func newSpool() *spool {
	f, err := os.CreateTemp("", "carina-lsp-check-*")
	if err != nil {
		return &spool{} // the findings in memory, as before there was a spool
	}
	os.Remove(f.Name()) // gone with the process, whatever happens to it
	return &spool{f: f, w: bufio.NewWriterSize(f, 64<<10)}
}

func (s *spool) close() {
	if s.f != nil {
		s.f.Close()
	}
}

// add writes one configuration's findings, sorted.
func (s *spool) add(fs []finding) error {
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
	return nil
}

// each hands over every finding in diagnostics.Compare order (stable: runs added earlier first
// among equal ones, as the sort of all findings in one slice put them).
func (s *spool) each(yield func(finding) error) error {
	var src io.ReaderAt = bytes.NewReader(s.mem)
	if s.f != nil {
		if err := s.w.Flush(); err != nil {
			return err
		}
		src = s.f
	}
	// Each run's first finding orders the runs: read now, when the checks' memory is gone.
	first := make([]finding, len(s.runs))
	var free []*bufio.Reader // of the runs merged: a run at a time is the usual case
	reader := func(r spoolRun) *bufio.Reader {
		sr := io.NewSectionReader(src, r.off, r.len)
		if n := len(free); n > 0 {
			b := free[n-1]
			free = free[:n-1]
			b.Reset(sr)
			return b
		}
		return bufio.NewReaderSize(sr, 4096)
	}
	for i, r := range s.runs {
		b := reader(r)
		f, err := decodeFinding(b, s.codes, "")
		if err != nil {
			return err
		}
		first[i] = f
		free = append(free, b)
	}
	order := make([]int, len(s.runs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return diagnostics.Compare(first[a].Diagnostic, first[b].Diagnostic) })
	var h cursors
	next := 0 // the next run of order to join the merge
	for next < len(order) || h.Len() > 0 {
		// A run joins once the merge reaches its first finding: until then it cannot hold the
		// smallest.
		for next < len(order) && (h.Len() == 0 || compareAt(first[order[next]], order[next], h[0].cur, h[0].run) <= 0) {
			c := &cursor{run: order[next], r: reader(s.runs[order[next]]), codes: s.codes}
			if err := c.advance(); err != nil {
				return err
			}
			heap.Push(&h, c)
			next++
		}
		c := h[0]
		if err := yield(c.cur); err != nil {
			return err
		}
		if err := c.advance(); errors.Is(err, io.EOF) {
			heap.Pop(&h)
			free = append(free, c.r)
		} else if err != nil {
			return err
		} else {
			heap.Fix(&h, 0)
		}
	}
	return nil
}

// compareAt orders findings, and equal ones by the order their runs were added.
func compareAt(a finding, ra int, b finding, rb int) int {
	return cmp.Or(diagnostics.Compare(a.Diagnostic, b.Diagnostic), cmp.Compare(ra, rb))
}

// cursor is a run being merged: its reader and its current finding.
type cursor struct {
	run   int
	r     *bufio.Reader
	cur   finding
	codes []diagnostics.Code
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
func encodeFinding(b []byte, f finding) []byte {
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
func decodeFinding(r *bufio.Reader, codes []diagnostics.Code, path string) (finding, error) {
	var f finding
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
	f.Severity = diagnostics.Severity(num())
	if b := field(); err == nil {
		if i, found := slices.BinarySearch(codes, diagnostics.Code(b)); found {
			f.Code = codes[i]
		} else {
			f.Code = diagnostics.Code(b)
		}
	}
	f.Message = str()
	f.Range.Start.Line, f.Range.Start.Character, f.Range.End.Line, f.Range.End.Character = num(), num(), num(), num()
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF // within a finding
	}
	return f, err
}
