package agent

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"sync"
)

// MCP's stdio transport is newline-delimited JSON-RPC. frames reads it so that what a client
// should not send does not end the session: a frame longer than the limit is read to its end but
// not kept (its id found on the way, to answer it), and each frame, well formed or not, is
// handed to the session, which answers the ones that are no message.
type frames struct {
	in  *bufio.Reader
	max int // the longest frame kept, in bytes
}

// frame is one line read: its bytes, or, when it was too long, its length and the id found in it.
type frame struct {
	line []byte
	long int
	id   []byte // the raw id of a frame too long, nil when none was found
}

// next reads one frame; err is the stream's end or failure, after which nothing more is read.
func (f *frames) next() (frame, error) {
	var out frame
	var scan *idScan
	for {
		part, err := f.in.ReadSlice('\n')
		switch {
		case scan != nil:
			out.long += len(part)
			scan.feed(part)
		case len(out.line)+len(part) > f.max:
			scan = &idScan{}
			scan.feed(out.line)
			scan.feed(part)
			out.long, out.line = len(out.line)+len(part), nil
		default:
			out.line = append(out.line, part...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if scan != nil {
			out.id = scan.id
		}
		out.line = bytes.TrimSpace(out.line)
		return out, err
	}
}

// writer writes one frame at a time.
type writer struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *writer) write(data []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, err := w.w.Write(append(data, '\n'))
	return err
}
