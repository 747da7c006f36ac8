package report

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Early formats a check's findings while the run goes on, into an unlinked temporary file:
// after the last configuration, what is left is the report's head (SARIF's names every code),
// copying the file, and the findings of the part of the tree reached last. Nothing reaches the
// output before the run has ended as a report may (no broken carina-lsp.toml, no interruption),
// and the bytes are those of the report written whole at the end.
//
// A finding can be formatted once no configuration still to be reported can have one before it.
// Configurations are reported in the walk's order, and a walk of one directory goes through its
// entries in name order: once a configuration under the root's entry e is reported, every later
// one lies under e or under an entry after it, so every path of theirs sorts at or after root/e
// (a name after e in order either differs from e at a greater byte or begins with e).
type Early struct {
	sp     *Spool
	m      *merger
	root   string
	f      *os.File
	w      *bufio.Writer
	to     switchWriter
	stream stream
	format Format
}

// switchWriter writes where it points: the temporary file, then the output.
type switchWriter struct{ w io.Writer }

func (s *switchWriter) Write(p []byte) (int, error) { return s.w.Write(p) }

// singleRoot is the directory of a walk of one directory, the only walk whose order Early
// relies on.
func singleRoot(paths []string) (string, bool) {
	if len(paths) != 1 {
		return "", false
	}
	info, err := os.Stat(paths[0])
	if err != nil || !info.IsDir() {
		return "", false
	}
	return filepath.Clean(paths[0]), true
}

// NewEarly prepares to format early the report in format of the findings added to sp, for a
// check of paths; nil unless paths is one directory, whose walk's order it relies on. The
// temporary file is made once there is something to format before the end (a check of one
// configuration makes none).
func NewEarly(sp *Spool, format Format, paths []string) *Early {
	root, ok := singleRoot(paths)
	if !ok {
		return nil
	}
	return &Early{sp: sp, m: sp.merger(), root: root, format: format}
}

// start makes the temporary file and starts the report's items in it; false where none can be
// made.
func (e *Early) start() bool {
	f, err := os.CreateTemp("", "carina-lsp-report-*")
	if err != nil {
		return false
	}
	os.Remove(f.Name()) // gone with the process, whatever happens to it
	e.f, e.w = f, bufio.NewWriterSize(f, 64<<10)
	e.to.w = io.Discard // the head waits for the codes of the whole run
	if e.stream, err = e.format.start(&e.to, nil); err != nil {
		return false
	}
	e.to.w = e.w
	return true
}

// Advance formats what the report of the configuration in dir lets through, once its findings
// are in the spool. On a failure it gives up (nil): the report is then written whole at the
// end, from the spool.
func (e *Early) Advance(dir string) *Early {
	if e == nil {
		return nil
	}
	rel, err := filepath.Rel(e.root, dir)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return e // the root's own files: no bound yet
	}
	if e.f == nil && !e.start() {
		e.Close()
		return nil
	}
	entry, _, _ := strings.Cut(rel, string(filepath.Separator))
	if err := e.m.upTo(filepath.Join(e.root, entry), false, e.stream.item); err != nil {
		e.Close()
		return nil
	}
	return e
}

// Finish writes the report to out: the head, what was formatted, the rest, the end.
func (e *Early) Finish(out io.Writer) error {
	if e.f == nil { // nothing formatted early: the report written whole
		r, err := e.format.start(out, e.sp.codes)
		if err != nil {
			return err
		}
		if err := e.m.upTo("", true, r.item); err != nil {
			return err
		}
		return r.end()
	}
	if err := e.w.Flush(); err != nil {
		return err
	}
	if _, err := e.format.start(out, e.sp.codes); err != nil { // writes the head; its stream is not used
		return err
	}
	if _, err := e.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if _, err := io.Copy(out, e.f); err != nil {
		return err
	}
	e.to.w = out
	if err := e.m.upTo("", true, e.stream.item); err != nil {
		return err
	}
	return e.stream.end()
}

// Close releases the temporary file; e may be nil.
func (e *Early) Close() {
	if e != nil && e.f != nil {
		e.f.Close()
	}
}
