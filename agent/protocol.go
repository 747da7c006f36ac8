package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"sync"
	"time"
)

// The JSON-RPC 2.0 error codes the server answers with.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
)

// The protocol versions spoken, newest first: up to 2025-11-25, the last of the initialize
// handshake. A client of 2026-07-28 asks server/discover first, is told there is no such method,
// and initializes with 2025-11-25, as the protocol has it.
var protocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// message is any JSON-RPC 2.0 message: a request (method and id), a notification (method), or a
// response (id, and result or error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

// conn is one client's connection: the requests in flight (to cancel), the requests the
// server sent (roots/list) and what the client said of itself.
type conn struct {
	srv *server
	out *writer

	mu       sync.Mutex
	client   *initializeParams             // nil until initialize
	inflight map[string]context.CancelFunc // the client's requests being served, by id
	pending  map[string]chan *message      // the server's requests awaiting an answer, by id
	nextID   int64
}

type initializeParams struct {
	ProtocolVersion string                     `json:"protocolVersion"`
	Capabilities    map[string]json.RawMessage `json:"capabilities"`
	ClientInfo      struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"clientInfo"`
}

// run reads and dispatches until the stream ends or ctx does; the calls in flight are canceled
// and waited for.
func (s *conn) run(ctx context.Context, in *frames) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type read struct {
		f   frame
		err error
	}
	reads := make(chan read)
	go func() {
		for {
			f, err := in.next()
			select {
			case reads <- read{f, err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	for {
		var r read
		select {
		case <-ctx.Done():
			return ctx.Err()
		case r = <-reads:
		}
		if len(r.f.line) > 0 || r.f.long > 0 {
			if m := s.decode(r.f); m != nil {
				s.dispatch(ctx, m, &wg)
			}
		}
		if r.err != nil {
			if errors.Is(r.err, io.EOF) {
				return nil
			}
			return r.err
		}
	}
}

// decode returns the message of a frame, or answers the frame and returns nil.
func (s *conn) decode(f frame) *message {
	if f.long > 0 {
		s.fail(validID(f.id), codeInvalidRequest, fmt.Sprintf("the message is %d bytes, more than the %d this server reads: send a smaller text", f.long, MaxFrame))
		return nil
	}
	if f.line[0] == '[' {
		s.fail(nil, codeInvalidRequest, "JSON-RPC batches are not supported: send one message a line")
		return nil
	}
	var m message
	if err := json.Unmarshal(f.line, &m); err != nil {
		if !json.Valid(f.line) {
			s.fail(nil, codeParseError, "the line is not JSON: "+err.Error())
			return nil
		}
		var scan idScan
		scan.feed(f.line)
		s.fail(validID(scan.id), codeInvalidRequest, "not a JSON-RPC 2.0 message: "+err.Error())
		return nil
	}
	id := validID(m.ID)
	switch {
	case m.JSONRPC != "2.0":
		s.fail(id, codeInvalidRequest, fmt.Sprintf("not a JSON-RPC 2.0 message: jsonrpc is %q", m.JSONRPC))
	case m.ID != nil && id == nil:
		s.fail(nil, codeInvalidRequest, "a request's id is a string or an integer, not "+string(m.ID))
	case m.Method == "" && id == nil:
		s.fail(nil, codeInvalidRequest, "a message with neither a method nor an id")
	default:
		m.ID = id
		return &m
	}
	return nil
}

// validID returns raw when it is an id a request may have (a string or an integer), else nil.
func validID(raw json.RawMessage) json.RawMessage {
	raw = bytes.TrimSpace(raw)
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return nil
	}
	switch v := v.(type) {
	case string:
		return raw
	case float64:
		if _, err := strconv.ParseInt(string(raw), 10, 64); err == nil || v == float64(int64(v)) {
			return raw
		}
	}
	return nil
}

func (s *conn) dispatch(ctx context.Context, m *message, wg *sync.WaitGroup) {
	switch {
	case m.Method == "" && m.ID != nil: // an answer to the server's request
		s.mu.Lock()
		ch := s.pending[string(m.ID)]
		delete(s.pending, string(m.ID))
		s.mu.Unlock()
		if ch != nil {
			ch <- m
		}
	case m.ID == nil: // a notification
		if m.Method == "notifications/cancelled" {
			var p struct {
				RequestID json.RawMessage `json:"requestId"`
			}
			if json.Unmarshal(m.Params, &p) == nil {
				s.mu.Lock()
				if c := s.inflight[string(validID(p.RequestID))]; c != nil {
					c()
				}
				s.mu.Unlock()
			}
		}
	case m.Method == "initialize": // in order: what follows sees the client
		s.answer(m.ID, s.initialize(m.Params))
	default:
		rctx, cancel := context.WithCancel(ctx)
		s.mu.Lock()
		s.inflight[string(m.ID)] = cancel
		s.mu.Unlock()
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				s.mu.Lock()
				delete(s.inflight, string(m.ID))
				s.mu.Unlock()
				cancel()
			}()
			s.answer(m.ID, s.request(rctx, m))
		}()
	}
}

// reply is a request's result or its error.
type reply struct {
	result any
	err    *rpcError
}

func (s *conn) answer(id json.RawMessage, r reply) {
	if r.err != nil {
		s.fail(id, r.err.Code, r.err.Message)
		return
	}
	result, err := json.Marshal(r.result)
	if err != nil {
		s.fail(id, codeInternalError, "internal error: "+err.Error())
		return
	}
	s.send(&message{JSONRPC: "2.0", ID: id, Result: result})
}

// fail answers id (null when nil) with an error.
func (s *conn) fail(id json.RawMessage, code int, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	s.send(&message{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}})
}

func (s *conn) send(m *message) {
	data, err := json.Marshal(m)
	if err == nil {
		err = s.out.write(data)
	}
	if err != nil && s.srv.opts.Log != nil {
		fmt.Fprintf(s.srv.opts.Log, "carina-lsp mcp: writing a message: %v\n", err)
	}
}

func (s *conn) initialize(params json.RawMessage) reply {
	var p initializeParams
	if err := json.Unmarshal(params, &p); err != nil {
		return reply{err: &rpcError{codeInvalidParams, "initialize: " + err.Error()}}
	}
	s.mu.Lock()
	s.client = &p
	s.mu.Unlock()
	version := protocolVersions[0]
	if slices.Contains(protocolVersions, p.ProtocolVersion) {
		version = p.ProtocolVersion
	}
	return reply{result: map[string]any{
		"protocolVersion": version,
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]any{"name": "carina-lsp", "title": "Carina", "version": s.srv.opts.Version},
		"instructions":    instructions,
	}}
}

func (s *conn) request(ctx context.Context, m *message) reply {
	s.mu.Lock()
	initialized := s.client != nil
	s.mu.Unlock()
	switch {
	case m.Method == "ping":
		return reply{result: struct{}{}}
	case !initialized:
		return reply{err: &rpcError{codeInvalidRequest, m.Method + ": the session is not initialized"}}
	case m.Method == "tools/list":
		return reply{result: map[string]any{"tools": s.srv.toolList()}}
	case m.Method == "tools/call":
		var p struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return reply{err: &rpcError{codeInvalidParams, "tools/call: " + err.Error()}}
		}
		t := s.srv.tool(p.Name)
		if t == nil {
			return reply{err: &rpcError{codeInvalidParams, fmt.Sprintf("unknown tool %q", p.Name)}}
		}
		return reply{result: s.callTool(ctx, t, p.Arguments)}
	}
	return reply{err: &rpcError{codeMethodNotFound, "no method " + m.Method}}
}

// clientHasRoots reports whether the client said it can list roots.
func (s *conn) clientHasRoots() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.client == nil {
		return false
	}
	_, ok := s.client.Capabilities["roots"]
	return ok
}

// call sends the client a request and waits for its answer.
func (s *conn) call(ctx context.Context, method string, params any, result any) error {
	data, err := json.Marshal(params)
	if err != nil {
		return err
	}
	ch := make(chan *message, 1)
	s.mu.Lock()
	s.nextID++
	id := json.RawMessage(fmt.Sprintf(`"carina-lsp-%d"`, s.nextID))
	s.pending[string(id)] = ch
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.pending, string(id))
		s.mu.Unlock()
	}()
	s.send(&message{JSONRPC: "2.0", ID: id, Method: method, Params: data})
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second) // a client that never answers
	defer cancel()
	select {
	case <-ctx.Done():
		return fmt.Errorf("%s: no answer: %w", method, ctx.Err())
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("%s: %s", method, m.Error.Message)
		}
		return json.Unmarshal(m.Result, result)
	}
}
