package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.uber.org/zap"
)

// maxMessage bounds the body of one message (a 10 MB document sent whole fits many times).
const maxMessage = 256 << 20

// stream frames JSON-RPC messages with Content-Length headers, like jsonrpc2.NewStream, but keeps
// the connection alive through bad input: a malformed header is skipped up to the next header
// block, and a body that is not valid JSON-RPC is answered with a parse or invalid-request error
// (id null when none can be read) instead of closing the connection.
//
// A header line is read through a bounded buffer (maxHeaderLine), so a peer that sends bytes
// without line breaks cannot make the server buffer them; a "Content-Length" header found at the
// end of a line of junk (the rest of a body longer than its declared length) is taken, so the
// stream gets back in step with the next message. Responses are passed on only for the calls the
// server made and not yet answered: jsonrpc2.Conn blocks its reading goroutine forever on a second
// response to the same call.
type stream struct {
	conn io.ReadWriteCloser
	in   *bufio.Reader
	log  *zap.Logger
	wmu  sync.Mutex

	cmu      sync.Mutex
	awaiting map[string]bool // ids of the server's calls not yet answered
}

// maxHeaderLine bounds the length of a header line the stream buffers.
const maxHeaderLine = 64 << 10

func newStream(conn io.ReadWriteCloser, log *zap.Logger) *stream {
	return &stream{conn: conn, in: bufio.NewReaderSize(conn, maxHeaderLine), log: log, awaiting: map[string]bool{}}
}

// Read returns the next well-formed message.
func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	var total int64
	for {
		if err := ctx.Err(); err != nil {
			return nil, total, err
		}
		length, n, err := s.readHeader()
		total += n
		if err != nil {
			return nil, total, err
		}
		if length < 0 {
			continue // a bad header block was reported and skipped
		}
		// The body is read as it arrives, not allocated at its declared length: a header alone
		// does not make the server reserve memory.
		data, err := io.ReadAll(io.LimitReader(s.in, int64(length)))
		total += int64(len(data))
		if err == nil && len(data) < length {
			err = io.ErrUnexpectedEOF
		}
		if err != nil {
			return nil, total, fmt.Errorf("reading a message body: %w", err)
		}
		// Every message is an object. The decoder stops after the first JSON value, so a body
		// that runs on (a Content-Length longer than the message, taking in the start of the
		// next one) is refused here rather than read as its first part.
		if t := bytes.TrimRight(data, " \t\r\n"); len(t) == 0 || t[len(t)-1] != '}' {
			s.replyError(data, errors.New("the body is not a JSON object"))
			continue
		}
		msg, err := jsonrpc2.DecodeMessage(data)
		if err != nil {
			s.replyError(data, err)
			continue
		}
		if r, ok := msg.(*jsonrpc2.Response); ok && !s.answered(r.ID()) {
			s.log.Warn("dropped a response to no pending call", zap.String("id", idKey(r.ID())))
			continue
		}
		return msg, total, nil
	}
}

// readHeader reads one header block. It returns the content length, or -1 when the block was
// malformed (already reported).
func (s *stream) readHeader() (int, int64, error) {
	var total, discard int64
	length, bad := -1, ""
	seen := false
	for {
		line, long, n, err := s.readLine()
		total += n
		if err != nil {
			if err == io.EOF && total == 0 {
				return 0, total, io.EOF
			}
			return 0, total, fmt.Errorf("reading a header: %w", err)
		}
		switch i := indexContentLength(line); {
		case i > 0 || i == 0 && long:
			// Junk before a header (the rest of a body longer than its Content-Length, already
			// answered with an error): resume at the header.
			s.log.Warn("skipped bytes before a header", zap.Int64("bytes", n-int64(len(line)-i)))
			line = line[i:]
		case long:
			bad, seen = fmt.Sprintf("header line longer than %d bytes", maxHeaderLine), true
			continue
		}
		line = strings.TrimSpace(line)
		if line == "" {
			if !seen {
				continue // blank lines between messages
			}
			break
		}
		seen = true
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			bad = fmt.Sprintf("invalid header line %q", truncate(line, 80))
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), jsonrpc2.HdrContentLength) {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			switch {
			case err != nil || n <= 0:
				bad = fmt.Sprintf("invalid Content-Length %q", truncate(value, 40))
			case n > maxMessage:
				bad = fmt.Sprintf("Content-Length %d exceeds the limit of %d bytes", n, maxMessage)
				discard = int64(n)
			default:
				length = n
			}
		}
	}
	if bad == "" && length < 0 {
		bad = "missing Content-Length header"
	}
	if discard > 0 {
		// The body of a message above the limit is skipped, after its header block.
		n, err := io.CopyN(io.Discard, s.in, discard)
		total += n
		if err != nil {
			return 0, total, fmt.Errorf("skipping a message body: %w", err)
		}
	}
	if bad != "" {
		s.log.Warn("bad message header", zap.String("problem", bad))
		s.writeRaw(errorResponse(nil, jsonrpc2.ParseError, bad))
		return -1, total, nil
	}
	return length, total, nil
}

// readLine reads one line through the reader's buffer. A line longer than the buffer is consumed
// whole but only its last part is returned, with long set; n counts every byte consumed.
func (s *stream) readLine() (line string, long bool, n int64, err error) {
	for {
		b, err := s.in.ReadSlice('\n')
		n += int64(len(b))
		if err == bufio.ErrBufferFull {
			long = true
			continue
		}
		return string(b), long, n, err
	}
}

// indexContentLength returns where a "Content-Length:" header starts in a line (in any case), or
// -1.
func indexContentLength(line string) int {
	const h = "content-length:"
	lower := []byte(line) // lowered byte by byte (ASCII only), so offsets stay those of line
	for i, c := range lower {
		if 'A' <= c && c <= 'Z' {
			lower[i] = c + 'a' - 'A'
		}
	}
	return bytes.Index(lower, []byte(h))
}

// answered records the response to one of the server's calls; it is false for a response to no
// pending call (unknown, or already answered).
func (s *stream) answered(id jsonrpc2.ID) bool {
	key := idKey(id)
	s.cmu.Lock()
	defer s.cmu.Unlock()
	if !s.awaiting[key] {
		return false
	}
	delete(s.awaiting, key)
	return true
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// replyError answers a body that could not be decoded.
func (s *stream) replyError(data []byte, err error) {
	var probe struct {
		ID json.RawMessage `json:"id"`
	}
	code := jsonrpc2.ParseError
	var id json.RawMessage
	if json.Valid(data) {
		code = jsonrpc2.InvalidRequest
		// The id is echoed when it can be read (a number or a string), else it is null.
		if json.Unmarshal(data, &probe) == nil && len(probe.ID) > 0 && strings.ContainsRune(`"-0123456789`, rune(probe.ID[0])) {
			id = probe.ID
		}
	}
	if errors.Is(err, jsonrpc2.ErrInvalidRequest) {
		code = jsonrpc2.InvalidRequest
	}
	s.log.Warn("bad message", zap.Error(err))
	s.writeRaw(errorResponse(id, code, err.Error()))
}

func errorResponse(id json.RawMessage, code jsonrpc2.Code, msg string) []byte {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    jsonrpc2.Code `json:"code"`
			Message string        `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    jsonrpc2.Code `json:"code"`
		Message string        `json:"message"`
	}{code, msg}})
	return b
}

// Write writes one message with its header.
func (s *stream) Write(_ context.Context, msg jsonrpc2.Message) (int64, error) {
	var data []byte
	var err error
	if m, ok := msg.(json.Marshaler); ok {
		// The library's messages encode themselves; json.Marshal would check and compact their
		// output again (most of the cost of publishing a thousand diagnostics).
		data, err = m.MarshalJSON()
	} else {
		data, err = json.Marshal(msg)
	}
	if err != nil {
		return 0, fmt.Errorf("marshaling message: %w", err)
	}
	if c, ok := msg.(*jsonrpc2.Call); ok {
		s.cmu.Lock()
		s.awaiting[idKey(c.ID())] = true
		s.cmu.Unlock()
	}
	return s.writeRaw(data)
}

func (s *stream) writeRaw(data []byte) (int64, error) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	buf := make([]byte, 0, len(data)+32)
	buf = append(buf, jsonrpc2.HdrContentLength...)
	buf = append(buf, ": "...)
	buf = strconv.AppendInt(buf, int64(len(data)), 10)
	buf = append(buf, "\r\n\r\n"...)
	buf = append(buf, data...)
	n, err := s.conn.Write(buf)
	return int64(n), err
}

// Close closes the connection.
func (s *stream) Close() error { return s.conn.Close() }
