package agent

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// lineTransport is MCP's stdio transport, newline-delimited JSON-RPC, that survives what a
// client should not send: the SDK's own ends the session at the first frame that is not JSON,
// and at one longer than its limit. Here such a frame is answered with a JSON-RPC error (with
// the request's id when it can be read from the frame's start) and reading goes on.
type lineTransport struct {
	r   io.Reader
	w   io.Writer
	max int // the longest frame read, in bytes
}

func (t *lineTransport) Connect(context.Context) (mcp.Connection, error) {
	c := &lineConn{in: bufio.NewReaderSize(t.r, 64<<10), w: t.w, max: t.max,
		msgs: make(chan lineRead), closed: make(chan struct{})}
	go c.readLoop()
	return c, nil
}

type lineRead struct {
	msg jsonrpc.Message
	err error
}

type lineConn struct {
	in  *bufio.Reader
	max int

	wmu sync.Mutex // one frame at a time on w
	w   io.Writer

	msgs      chan lineRead
	closed    chan struct{}
	closeOnce sync.Once
}

func (c *lineConn) SessionID() string { return "" }

func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-c.closed:
		return nil, io.EOF
	case r := <-c.msgs:
		return r.msg, r.err
	}
}

func (c *lineConn) Write(_ context.Context, msg jsonrpc.Message) error {
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	return c.writeFrame(data)
}

func (c *lineConn) writeFrame(data []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	select {
	case <-c.closed:
		return io.ErrClosedPipe
	default:
	}
	_, err := c.w.Write(append(data, '\n'))
	return err
}

func (c *lineConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

// readLoop hands each message read to Read and answers the frames that are none itself.
func (c *lineConn) readLoop() {
	for {
		line, long, id, err := c.readLine()
		if len(bytes.TrimSpace(line)) > 0 || long > 0 {
			if msg, reply := c.decode(line, long, id); reply != nil {
				if c.writeFrame(reply) != nil {
					return
				}
			} else if !c.send(lineRead{msg: msg}) {
				return
			}
		}
		if err != nil {
			c.send(lineRead{err: err})
			return
		}
	}
}

func (c *lineConn) send(r lineRead) bool {
	select {
	case c.msgs <- r:
		return true
	case <-c.closed:
		return false
	}
}

// readLine reads one frame. A frame longer than max is read to its end but not kept: line is
// empty, long its length and id the request's id, found on the way.
func (c *lineConn) readLine() (line []byte, long int, id jsonrpc.ID, err error) {
	var scan *idScan
	for {
		part, err := c.in.ReadSlice('\n')
		switch {
		case scan != nil:
			long += len(part)
			scan.feed(part)
		case len(line)+len(part) > c.max:
			scan = &idScan{}
			scan.feed(line)
			scan.feed(part)
			long, line = len(line)+len(part), nil
		default:
			line = append(line, part...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if scan != nil {
			id = scan.ID()
		}
		return line, long, id, err
	}
}

// decode returns the message of a frame, or the error response to write instead.
func (c *lineConn) decode(line []byte, long int, id jsonrpc.ID) (jsonrpc.Message, []byte) {
	line = bytes.TrimSpace(line)
	if long > 0 {
		return nil, errorFrame(id, jsonrpc.CodeInvalidRequest,
			fmt.Sprintf("the message is %d bytes, more than the %d this server reads: send a smaller text", long, c.max))
	}
	if line[0] == '[' {
		return nil, errorFrame(jsonrpc.ID{}, jsonrpc.CodeInvalidRequest, "JSON-RPC batches are not supported: send one message a line")
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err == nil {
		return msg, nil
	}
	if !json.Valid(line) {
		return nil, errorFrame(jsonrpc.ID{}, jsonrpc.CodeParseError, "the line is not JSON: "+err.Error())
	}
	var scan idScan
	scan.feed(line)
	return nil, errorFrame(scan.ID(), jsonrpc.CodeInvalidRequest, "not a JSON-RPC 2.0 message: "+err.Error())
}

// errorFrame is a JSON-RPC error response, written by hand: the SDK's encoder takes only
// responses to requests it has read.
func errorFrame(id jsonrpc.ID, code int64, msg string) []byte {
	idJSON := []byte("null")
	if id.IsValid() {
		idJSON, _ = json.Marshal(id.Raw())
	}
	m, _ := json.Marshal(msg)
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%s}}`, idJSON, code, m)
}
