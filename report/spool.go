package report

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"slices"

	"github.com/carina-rs/carina-lsp/finding"
)

// Spool keeps the findings of a check run on disk, not in memory, as they are handed over: one
// run a configuration, sorted (finding.Compare), each written as soon as its configuration is
// checked. The report reads them back merged in that order, the order check has always printed,
// whatever the number of workers; memory holds where each run lies and, while merging, the runs'
// first findings and a reader for each run that overlaps the place reached (usually one). The
// first megabyte stays in memory (a small check makes no file); where no temporary file can be
// made (a read-only system), all of it does.
type Spool struct {
	f       *os.File // nil: in mem
	w       *bufio.Writer
	mem     []byte
	spillAt int  // the size of mem past which it moves to a file
	noFile  bool // no temporary file could be made: mem holds everything
	size    int64
	runs    []spoolRun
	codes   []finding.Code // every code of the findings, sorted
}

// spoolRun is where one configuration's findings lie on disk.
type spoolRun struct{ off, len int64 }

// NewSpool returns an empty spool; Close releases its file.
func NewSpool() *Spool { return &Spool{spillAt: 1 << 20} }

// Close releases the spool's temporary file, if it made one.
func (s *Spool) Close() {
	if s.f != nil {
		s.f.Close()
	}
}

// Add writes one configuration's findings, sorted.
func (s *Spool) Add(fs []Located) error {
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
	s.runs = append(s.runs, spoolRun{off: off, len: s.size - off})
	if s.f == nil && !s.noFile && len(s.mem) > s.spillAt {
		return s.spill()
	}
	return nil
}

// spill moves what is in memory to an unlinked temporary file, at the same offsets, and writes
// there from now on; where no file can be made, everything stays in memory.
func (s *Spool) spill() error {
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

// Report writes the whole report of the findings added in format f: the head, every finding in
// order, the end.
func (s *Spool) Report(w io.Writer, f Format) error {
	r, err := f.start(w, s.codes)
	if err != nil {
		return err
	}
	if err := s.each(r.item); err != nil {
		return err
	}
	return r.end()
}

// each hands over every finding in finding.Compare order (stable: runs added earlier first
// among equal ones, as the sort of all findings in one slice put them).
func (s *Spool) each(yield func(Located) error) error {
	return s.merger().upTo("", true, yield)
}

// flush makes what was added readable.
func (s *Spool) flush() error {
	if s.f == nil {
		return nil
	}
	return s.w.Flush()
}

// spoolAt reads the spool where it is when read (memory, then the file it moved to at the same
// offsets): it only grows, so offsets stay.
type spoolAt struct{ s *Spool }

func (a spoolAt) ReadAt(p []byte, off int64) (int, error) {
	if a.s.f != nil {
		return a.s.f.ReadAt(p, off)
	}
	return bytes.NewReader(a.s.mem).ReadAt(p, off)
}
