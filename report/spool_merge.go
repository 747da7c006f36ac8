package report

import (
	"bufio"
	"cmp"
	"container/heap"
	"errors"
	"io"

	"github.com/carina-rs/carina-lsp/finding"
)

// merger hands over a spool's findings in order while runs are still being added (upTo with a
// bound), and the rest at the end. Memory holds the first finding of each run it has not started
// reading, and a reader for each run the merge has reached (usually one).
type merger struct {
	s       *Spool
	src     io.ReaderAt
	joined  int     // the runs of s.runs whose first finding is known
	waiting firsts  // those not yet read from, by their first Located
	h       cursors // those being read
	free    []*bufio.Reader
}

func (s *Spool) merger() *merger { return &merger{s: s, src: spoolAt{s}} }

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
func (m *merger) upTo(bound string, all bool, yield func(Located) error) error {
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
	f   Located
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
func compareAt(a Located, ra int, b Located, rb int) int {
	return cmp.Or(finding.Compare(a.Diagnostic, b.Diagnostic), cmp.Compare(ra, rb))
}

// cursor is a run being merged: its reader and its current finding.
type cursor struct {
	run   int
	r     *bufio.Reader
	cur   Located
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
