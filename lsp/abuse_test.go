package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"github.com/carina-rs/carina-lsp/navigate"
)

// Protocol abuse: what a broken or hostile client can send. Each test checks the answer the
// protocol requires (an error response, or nothing for a notification) and that the server is
// still up afterwards.

// rawClient drives a Server with raw bytes over a pipe and reads every message it writes.
type rawClient struct {
	t    *testing.T
	srv  *Server
	conn net.Conn
	msgs chan rawMsg
	done chan int
	seq  atomic.Int64
}

// rawMsg is any message from the server.
type rawMsg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (m rawMsg) isResponse() bool { return m.Method == "" }

func startRaw(t *testing.T, opts Options) *rawClient {
	t.Helper()
	if opts.Logger == nil {
		opts.Logger = zaptest.NewLogger(t, zaptest.Level(zap.ErrorLevel))
	}
	if opts.Debounce == 0 {
		opts.Debounce = 20 * time.Millisecond
	}
	serverSide, clientSide := net.Pipe()
	r := &rawClient{t: t, srv: New(opts), conn: clientSide, msgs: make(chan rawMsg, 4096), done: make(chan int, 1)}
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		r.done <- r.srv.Serve(context.Background(), serverSide)
	}()
	go func() {
		defer close(r.msgs)
		in := bufio.NewReader(clientSide)
		for {
			length := -1
			for {
				line, err := in.ReadString('\n')
				if err != nil {
					return
				}
				line = strings.TrimSpace(line)
				if line == "" {
					break
				}
				if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
					length, _ = strconv.Atoi(v)
				}
			}
			if length < 0 {
				t.Errorf("the server wrote a header block without Content-Length")
				return
			}
			body := make([]byte, length)
			if _, err := io.ReadFull(in, body); err != nil {
				return
			}
			var m rawMsg
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("the server wrote a body that is not JSON: %q", body)
				return
			}
			r.msgs <- m
		}
	}()
	t.Cleanup(func() {
		_ = clientSide.Close()
		<-ended // nothing may log after the test
	})
	return r
}

// write writes raw bytes.
func (r *rawClient) write(s string) {
	r.t.Helper()
	if _, err := io.WriteString(r.conn, s); err != nil {
		r.t.Fatalf("write: %v", err)
	}
}

// frame writes one body with a correct header.
func (r *rawClient) frame(body string) { r.t.Helper(); r.write(frame(body)) }

func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

// request returns the body of a request with a fresh string id, and the id.
func (r *rawClient) request(method string, params any) (string, string) {
	id := fmt.Sprintf("req-%d", r.seq.Add(1))
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	if err != nil {
		r.t.Fatal(err)
	}
	return string(b), id
}

func notif(method string, params any) string {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
	return string(b)
}

// next returns the next message accepted by ok, skipping the others.
func (r *rawClient) next(what string, ok func(rawMsg) bool) rawMsg {
	r.t.Helper()
	deadline := time.After(hangLimit)
	for {
		select {
		case m, open := <-r.msgs:
			if !open {
				r.t.Fatalf("waiting for %s: the server closed the connection", what)
			}
			if ok(m) {
				return m
			}
		case <-deadline:
			r.t.Fatalf("waiting for %s: nothing within 10s", what)
		}
	}
}

// response waits for the response to a string id.
func (r *rawClient) response(id string) rawMsg {
	r.t.Helper()
	want, _ := json.Marshal(id)
	return r.next("the response to "+id, func(m rawMsg) bool { return m.isResponse() && string(m.ID) == string(want) })
}

// nullError waits for an error response with a null id (a message that could not be read).
func (r *rawClient) nullError(code jsonrpc2.Code) rawMsg {
	r.t.Helper()
	return r.next(fmt.Sprintf("an error %d with id null", code), func(m rawMsg) bool {
		return m.isResponse() && string(m.ID) == "null" && m.Error != nil && m.Error.Code == int64(code)
	})
}

// alive checks that the server still answers a request.
func (r *rawClient) alive() {
	r.t.Helper()
	body, id := r.request("carina/ping", nil)
	r.frame(body)
	if m := r.response(id); m.Error == nil {
		r.t.Fatalf("ping: %+v", m)
	}
}

// handshake initializes the server.
func (r *rawClient) handshake(params map[string]any) {
	r.t.Helper()
	body, id := r.request("initialize", params)
	r.frame(body)
	if m := r.response(id); m.Error != nil {
		r.t.Fatalf("initialize: %+v", m.Error)
	}
	r.frame(notif("initialized", map[string]any{}))
}

func errCode(m rawMsg) int64 {
	if m.Error == nil {
		return 0
	}
	return m.Error.Code
}

// TestAbuseFraming sends malformed headers and bodies, one after the other on one connection:
// each is answered with a JSON-RPC error (id null when no id can be read) and the next well-formed
// request is answered.
func TestAbuseFraming(t *testing.T) {
	r := startRaw(t, Options{})
	r.handshake(map[string]any{})
	headers := []struct{ name, raw string }{
		{"non-numeric Content-Length", "Content-Length: abc\r\n\r\n"},
		{"negative Content-Length", "Content-Length: -5\r\n\r\n"},
		{"zero Content-Length", "Content-Length: 0\r\n\r\n"},
		{"overflowing Content-Length", "Content-Length: 99999999999999999999999999\r\n\r\n"},
		{"missing Content-Length", "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"},
		{"header line without a colon", "Content-Length 12\r\n\r\n"},
		{"header line of 1 MB", strings.Repeat("x", 1<<20) + "\r\n\r\n"},
		{"binary junk", "\x00\xff\xfe\x01\r\n\r\n"},
	}
	for _, h := range headers {
		t.Run(h.name, func(t *testing.T) {
			r.t = t
			r.write(h.raw)
			m := r.nullError(jsonrpc2.ParseError)
			if m.Error.Message == "" {
				t.Error("the error has no message")
			}
			r.alive()
		})
	}
	bodies := []struct {
		name, body string
		code       jsonrpc2.Code
		id         string // the id the error must carry
	}{
		{"body not JSON", `{not json`, jsonrpc2.ParseError, "null"},
		{"body truncated JSON", `{"jsonrpc":"2.0","id":1,"meth`, jsonrpc2.ParseError, "null"},
		{"batch", `[{"jsonrpc":"2.0","id":1,"method":"carina/ping"}]`, jsonrpc2.InvalidRequest, "null"},
		{"method not a string", `{"jsonrpc":"2.0","id":8,"method":5}`, jsonrpc2.InvalidRequest, "8"},
		{"object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"carina/ping"}`, jsonrpc2.InvalidRequest, "null"},
		{"scalar body", `42`, jsonrpc2.InvalidRequest, "null"},
	}
	for _, b := range bodies {
		t.Run(b.name, func(t *testing.T) {
			r.t = t
			r.frame(b.body)
			m := r.next("the error", func(m rawMsg) bool { return m.isResponse() && m.Error != nil })
			if jsonrpc2.Code(m.Error.Code) != b.code || string(m.ID) != b.id {
				t.Errorf("got error %d id %s, want %d id %s", m.Error.Code, m.ID, b.code, b.id)
			}
			r.alive()
		})
	}
	t.Run("message without method, result or error", func(t *testing.T) {
		r.t = t
		// It reads as a response to no call: dropped (jsonrpc2 has no way to answer it).
		r.frame(`{"jsonrpc":"2.0","id":7}`)
		r.alive()
	})
	t.Run("body longer than its Content-Length", func(t *testing.T) {
		r.t = t
		body, id := r.request("carina/ping", nil)
		r.write(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", 10, body)) // the rest is junk
		r.nullError(jsonrpc2.ParseError)
		// The junk runs into the next header: the stream resumes there.
		next, id2 := r.request("carina/ping", nil)
		r.frame(next)
		r.response(id2)
		select {
		case m := <-r.msgs:
			t.Errorf("unexpected message %+v (the truncated request %s must not be answered)", m, id)
		default:
		}
	})
	t.Run("body shorter than its Content-Length", func(t *testing.T) {
		r.t = t
		body, _ := r.request("carina/ping", nil)
		r.write(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)+40, body))
		// The next message's first 40 bytes complete the body: that message is lost, the one
		// after is answered.
		lost, _ := r.request("carina/ping", nil)
		r.frame(lost)
		r.nullError(jsonrpc2.ParseError)
		next, id := r.request("carina/ping", nil)
		r.frame(next)
		r.response(id)
	})
	t.Run("Content-Length above the limit", func(t *testing.T) {
		r.t = t
		r.write(fmt.Sprintf("Content-Length: %d\r\n\r\n", maxMessage+1))
		chunk := strings.Repeat(" ", 1<<20)
		for left := maxMessage + 1; left > 0; left -= len(chunk) {
			r.write(chunk[:min(left, len(chunk))])
		}
		m := r.nullError(jsonrpc2.ParseError)
		if !strings.Contains(m.Error.Message, "exceeds the limit") {
			t.Errorf("message: %q", m.Error.Message)
		}
		r.alive()
	})
}

// TestAbuseTruncatedStream ends the stream inside a header and inside a body, without shutdown or
// exit: the server ends (exit code 1) instead of waiting.
func TestAbuseTruncatedStream(t *testing.T) {
	for name, tail := range map[string]string{
		"inside a header": "Content-Len",
		"inside a body":   "Content-Length: 100\r\n\r\n{\"jsonrpc\":\"2.0\",",
		"after a header":  "Content-Length: 100\r\n\r\n",
	} {
		t.Run(name, func(t *testing.T) {
			r := startRaw(t, Options{})
			r.handshake(map[string]any{})
			r.write(tail)
			_ = r.conn.Close()
			select {
			case code := <-r.done:
				if code != 1 {
					t.Errorf("exit code %d, want 1", code)
				}
			case <-time.After(hangLimit):
				t.Fatal("the server did not end when the stream did")
			}
		})
	}
}

// TestAbuseMethods covers unknown methods, notifications sent as requests (with an id), requests
// sent as notifications, invalid params and the lifecycle errors.
func TestAbuseMethods(t *testing.T) {
	r := startRaw(t, Options{})
	body, id := r.request("textDocument/hover", map[string]any{})
	r.frame(body)
	if m := r.response(id); errCode(m) != int64(jsonrpc2.ServerNotInitialized) {
		t.Errorf("request before initialize: %+v, want ServerNotInitialized", m.Error)
	}
	body, id = r.request("initialize", 5)
	r.frame(body)
	if m := r.response(id); errCode(m) != int64(jsonrpc2.InvalidParams) {
		t.Errorf("initialize with params 5: %+v, want InvalidParams", m.Error)
	}
	r.handshake(map[string]any{})

	for _, c := range []struct {
		name, method string
		params       any
		code         jsonrpc2.Code // 0: a result
	}{
		{"unknown method", "carina/nonsense", nil, jsonrpc2.MethodNotFound},
		{"unknown $/ method", "$/nonsense", nil, jsonrpc2.MethodNotFound},
		{"hover with params a string", "textDocument/hover", "abc", jsonrpc2.InvalidParams},
		{"completion with a bad position", "textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": "file:///x.crn"}, "position": "x"}, jsonrpc2.InvalidParams},
		{"hover on a document never opened", "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere/x.crn"}, "position": map[string]any{"line": 0, "character": 0}}, 0},
		{"hover on a URI that is not a file", "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "untitled:Untitled-1"}, "position": map[string]any{"line": 0, "character": 0}}, 0},
		{"hover on a malformed URI", "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "%%%::"}, "position": map[string]any{"line": 0, "character": 0}}, 0},
		{"a notification sent with an id", "textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere/x.crn"}}, 0},
		{"$/cancelRequest sent with an id", "$/cancelRequest", map[string]any{"id": 12345}, 0},
		{"didOpen with params an array, sent with an id", "textDocument/didOpen", []int{1, 2}, jsonrpc2.InvalidParams},
	} {
		t.Run(c.name, func(t *testing.T) {
			r.t = t
			body, id := r.request(c.method, c.params)
			r.frame(body)
			m := r.response(id)
			if errCode(m) != int64(c.code) {
				t.Errorf("error %+v, want code %d", m.Error, c.code)
			}
		})
	}
	t.Run("notifications: unknown, invalid params, a request method", func(t *testing.T) {
		r.t = t
		r.frame(notif("carina/nonsense", nil))
		r.frame(notif("$/progress", map[string]any{"token": 1}))
		r.frame(notif("textDocument/didOpen", []int{1, 2}))
		r.frame(notif("textDocument/didChange", "x"))
		r.frame(notif("textDocument/hover", map[string]any{}))
		r.alive()
		select {
		case m := <-r.msgs:
			if m.isResponse() {
				t.Errorf("a notification was answered: %+v", m)
			}
		default:
		}
	})
	t.Run("after shutdown", func(t *testing.T) {
		r.t = t
		body, id := r.request("shutdown", nil)
		r.frame(body)
		if m := r.response(id); m.Error != nil {
			t.Fatalf("shutdown: %+v", m.Error)
		}
		body, id = r.request("textDocument/hover", map[string]any{})
		r.frame(body)
		if m := r.response(id); errCode(m) != int64(jsonrpc2.InvalidRequest) {
			t.Errorf("request after shutdown: %+v, want InvalidRequest", m.Error)
		}
		body, id = r.request("exit", nil)
		r.frame(body)
		r.response(id)
		select {
		case code := <-r.done:
			if code != 0 {
				t.Errorf("exit code %d after shutdown, want 0", code)
			}
		case <-time.After(hangLimit):
			t.Fatal("no exit")
		}
	})
}

// TestAbuseResponses sends responses the server never asked for and several responses to its one
// call (client/registerCapability): they are dropped, and the server goes on reading.
func TestAbuseResponses(t *testing.T) {
	r := startRaw(t, Options{})
	r.handshake(map[string]any{"capabilities": map[string]any{"workspace": map[string]any{
		"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true},
	}}})
	call := r.next("client/registerCapability", func(m rawMsg) bool { return m.Method == "client/registerCapability" })
	resp := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":null}`, call.ID)
	// The answer eight times in one write (jsonrpc2.Conn, given a second answer before it has
	// forgotten the call, blocks its reading goroutine for good), then answers to calls never made.
	r.write(strings.Repeat(frame(resp), 8))
	r.frame(`{"jsonrpc":"2.0","id":424242,"result":{}}`)
	r.frame(`{"jsonrpc":"2.0","id":"nobody","error":{"code":-32601,"message":"no"}}`)
	for range 3 {
		r.alive()
	}
}

// abuseText is the document the position and sync tests edit: multi-byte characters, a character
// outside the BMP (two UTF-16 units) and CRLF line ends.
const abuseText = "let name = 'héllo 😀 wörld'\r\nlet other = name\r\n\r\naws.s3.Bucket {\r\n  bucket = other\r\n}\r\n"

// TestAbusePositionsOutside sends every request that takes a position or a range with positions
// past the end of the line, past the end of the document, at the maximum uint32, inside a
// surrogate pair and reversed: no request fails, and the document is untouched.
func TestAbusePositionsOutside(t *testing.T) {
	dir := t.TempDir()
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	uri := uriOf(filepath.Join(dir, "main.crn"))
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: abuseText}})
	doc := protocol.TextDocumentIdentifier{URI: uri}
	const huge = math.MaxUint32
	positions := map[string]protocol.Position{
		"past the line end":         pos(1, 500),
		"past the last line":        pos(1000, 0),
		"max uint32":                pos(huge, huge),
		"line max, column 0":        pos(huge, 0),
		"inside a surrogate pair":   pos(0, 19),
		"on the CR of a CRLF":       pos(0, 27),
		"on an empty line, col 100": pos(2, 100),
	}
	for name, p := range positions {
		t.Run(name, func(t *testing.T) {
			tdp := protocol.TextDocumentPositionParams{TextDocument: doc, Position: p}
			rng := protocol.Range{Start: pos(0, 0), End: p}
			rev := protocol.Range{Start: p, End: pos(0, 3)}
			calls := map[string]any{
				"textDocument/hover":             &protocol.HoverParams{TextDocumentPositionParams: tdp},
				"textDocument/completion":        &protocol.CompletionParams{TextDocumentPositionParams: tdp},
				"textDocument/signatureHelp":     &protocol.SignatureHelpParams{TextDocumentPositionParams: tdp},
				"textDocument/definition":        &protocol.DefinitionParams{TextDocumentPositionParams: tdp},
				"textDocument/references":        &protocol.ReferenceParams{TextDocumentPositionParams: tdp, Context: protocol.ReferenceContext{IncludeDeclaration: true}},
				"textDocument/documentHighlight": &protocol.DocumentHighlightParams{TextDocumentPositionParams: tdp},
				"textDocument/prepareRename":     &protocol.PrepareRenameParams{TextDocumentPositionParams: tdp},
				"textDocument/rename":            &protocol.RenameParams{TextDocumentPositionParams: tdp, NewName: "renamed"},
				"textDocument/codeAction":        &protocol.CodeActionParams{TextDocument: doc, Range: rng},
				"textDocument/inlayHint":         &inlayHintParams{TextDocument: doc, Range: rng},
				"textDocument/rangeFormatting":   &protocol.DocumentRangeFormattingParams{TextDocument: doc, Range: rng},
				"textDocument/semanticTokens/range": &protocol.SemanticTokensRangeParams{
					TextDocument: doc, Range: rev,
				},
			}
			for method, params := range calls {
				var raw json.RawMessage
				err := c.call(method, params, &raw)
				if err != nil && !(strings.HasSuffix(method, "ename") && rpcCode(err) != jsonrpc2.InternalError) {
					// Renaming where there is no name is refused; nothing else fails.
					t.Errorf("%s at %+v: %v (code %d)", method, p, err, rpcCode(err))
				}
			}
		})
	}
	if got := c.srv.docs.get(uri).Text; got != abuseText {
		t.Errorf("the document changed: %q", got)
	}
	// Edits at such positions are clamped, as for requests: past the end of a line to its end,
	// past the last line to the end of the text, a reversed range is put in order.
	c.notify("textDocument/didChange", &didChangeParams{
		TextDocument: versioned(uri, 2),
		ContentChanges: []contentChange{
			{Range: &protocol.Range{Start: pos(huge, huge), End: pos(huge, 0)}, Text: "# end\n"},
			{Range: &protocol.Range{Start: pos(1, 1000), End: pos(1, 500)}, Text: " # x"},
			{Range: &protocol.Range{Start: pos(0, 19), End: pos(0, 19)}, Text: "!"}, // inside the pair: before it
			{Range: &protocol.Range{Start: pos(1, 3), End: pos(1, 0)}, Text: "var"}, // reversed
		},
	})
	want := "let name = 'héllo !😀 wörld'\r\nvar other = name # x\r\n\r\naws.s3.Bucket {\r\n  bucket = other\r\n}\r\n# end\n"
	c.waitDiagnostics(uri, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 2 })
	if got := c.srv.docs.get(uri).Text; got != want {
		t.Errorf("after clamped edits:\n got %q\nwant %q", got, want)
	}
}

func versioned(uri protocol.DocumentURI, v int32) protocol.VersionedTextDocumentIdentifier {
	return protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: v}
}

// insertAt is a didChange inserting text at a position.
func insertAt(uri protocol.DocumentURI, v int32, p protocol.Position, text string) *didChangeParams {
	return &didChangeParams{TextDocument: versioned(uri, v), ContentChanges: []contentChange{{Range: &protocol.Range{Start: p, End: p}, Text: text}}}
}

// TestAbuseChangeNeverOpened changes, saves and closes a document that was never opened: the
// notifications are dropped (nothing is published for it, nothing is stored), and opening it
// afterwards starts from the opened text.
func TestAbuseChangeNeverOpened(t *testing.T) {
	dir := t.TempDir()
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	uri := uriOf(filepath.Join(dir, "ghost.crn"))
	c.notify("textDocument/didChange", insertAt(uri, 2, pos(0, 0), "let broken = {\n"))
	c.notify("textDocument/didChange", &didChangeParams{TextDocument: versioned(uri, 3), ContentChanges: []contentChange{{Text: "let x = \n"}}})
	c.notify("textDocument/didSave", &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}})
	c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}})
	var h json.RawMessage
	if err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: pos(0, 4)}}, &h); err != nil || len(h) > 0 && string(h) != "null" {
		t.Errorf("hover on a document never opened: %s, %v", h, err)
	}
	if d := c.srv.docs.get(uri); d != nil {
		t.Errorf("the store holds a document never opened: %+v", d)
	}
	time.Sleep(100 * time.Millisecond) // more than the debounce: any check would have published
	c.mu.Lock()
	for _, n := range c.notes {
		if n.method == "textDocument/publishDiagnostics" && strings.Contains(string(n.params), "ghost.crn") {
			t.Errorf("diagnostics published for a document never opened: %s", n.params)
		}
	}
	c.mu.Unlock()
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: "let a = 1\nlet b = a\n"}})
	p := c.waitDiagnostics(uri, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 1 })
	for _, d := range p.Diagnostics {
		if d.Severity == protocol.DiagnosticSeverityError {
			t.Errorf("after opening: %+v", d)
		}
	}
}

// TestAbuseVersions sends changes out of order: a change not newer than the document is dropped,
// the document keeps the newest text, and published versions never go back.
func TestAbuseVersions(t *testing.T) {
	dir := t.TempDir()
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	uri := uriOf(filepath.Join(dir, "main.crn"))
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 5, Text: "let a = 1\n"}})
	c.notify("textDocument/didChange", insertAt(uri, 7, pos(1, 0), "let b = a\n"))   // applied
	c.notify("textDocument/didChange", insertAt(uri, 6, pos(0, 0), "stale stale\n")) // older: dropped
	c.notify("textDocument/didChange", insertAt(uri, 7, pos(0, 0), "same version\n"))
	c.notify("textDocument/didChange", insertAt(uri, -1, pos(0, 0), "negative\n"))
	c.notify("textDocument/didChange", insertAt(uri, 9, pos(2, 0), "let c = b\n")) // a gap is fine
	c.waitDiagnostics(uri, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == 9 })
	if got, want := c.srv.docs.get(uri).Text, "let a = 1\nlet b = a\nlet c = b\n"; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
	if v := c.srv.docs.get(uri).Version; v != 9 {
		t.Errorf("version %d, want 9", v)
	}
	time.Sleep(100 * time.Millisecond)
	last := int32(math.MinInt32)
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range c.notes {
		if n.method != "textDocument/publishDiagnostics" {
			continue
		}
		var p publishDiagnosticsParams
		if err := json.Unmarshal(n.params, &p); err != nil {
			t.Fatal(err)
		}
		if p.Version == nil {
			continue
		}
		if *p.Version < last || *p.Version == 6 {
			t.Errorf("published version %d after %d", *p.Version, last)
		}
		last = *p.Version
	}
}

// floodConfig is what the flood types, character by character.
const floodConfig = `provider aws {
  region = aws.Region.us_east_1
}

let cert = aws.acm.Certificate {
  domain_name       = 'flood.carina-rs.dev'
  validation_method = dns
}

let cert_issued = wait cert {
  until   = cert.status == aws.acm.Certificate.Status.Issued
  timeout = 75min
}

awscc.cloudfront.Distribution {
  distribution_config = {
    enabled = true
    viewer_certificate = {
      acm_certificate_arn = cert_issued.certificate_arn
    }
  }
}
`

// utf16Len is the length of s in UTF-16 code units.
func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

// TestAbuseChangeFlood sends 10,000 didChange notifications as fast as the pipe takes them: the
// configuration typed keystroke by keystroke, deleted, and typed again until 10,000. The server
// keeps up, ends with the right text, answers a request at once and publishes the diagnostics of
// the last version; no goroutine is left behind.
func TestAbuseChangeFlood(t *testing.T) {
	dir := t.TempDir()
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	uri := uriOf(filepath.Join(dir, "main.crn"))
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 0, Text: ""}})
	c.waitDiagnostics(uri, func(p publishDiagnosticsParams) bool { return true })
	goroutines := runtime.NumGoroutine()

	const total = 10000
	v := int32(1)
	var want string
	line, col := 0, 0
	start := time.Now()
	for ; v <= total; v++ {
		if want == floodConfig {
			c.notify("textDocument/didChange", &didChangeParams{TextDocument: versioned(uri, v), ContentChanges: []contentChange{{Text: ""}}})
			want, line, col = "", 0, 0
			continue
		}
		r, _ := utf8.DecodeRuneInString(floodConfig[len(want):])
		c.notify("textDocument/didChange", insertAt(uri, v, pos(uint32(line), uint32(col)), string(r)))
		want += string(r)
		if r == '\n' {
			line, col = line+1, 0
		} else {
			col += utf16Len(string(r))
		}
	}
	sent := time.Since(start)
	var h json.RawMessage
	reqStart := time.Now()
	if err := c.call("textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &h); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d changes sent in %v; a request after them answered in %v", total, sent, time.Since(reqStart))
	if got := c.srv.docs.get(uri).Text; got != want {
		t.Fatalf("text after the flood:\n got %q\nwant %q", got, want)
	}
	c.waitDiagnostics(uri, func(p publishDiagnosticsParams) bool { return p.Version != nil && *p.Version == total })
	// The diagnostics of the last version are those of a server that opens the final text.
	c2 := startServer(t, Options{})
	c2.initialize(dir, protocol.ClientCapabilities{})
	c2.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "carina", Version: 1, Text: want}})
	c2.waitDiagnostics(uri, func(p publishDiagnosticsParams) bool { return true })
	// The semantic phase of both, for their last versions.
	c.settledDiagnostics(filepath.Dir(c.srv.docs.get(uri).Path))
	c2.settledDiagnostics(filepath.Dir(c2.srv.docs.get(uri).Path))
	final, fresh := c.lastDiagnostics(uri), c2.lastDiagnostics(uri)
	if a, b := diagKeys(final.Diagnostics), diagKeys(fresh.Diagnostics); strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("diagnostics after the flood differ from a fresh open:\nflood: %q\nfresh: %q", a, b)
	}
	// Pending debounce timers and request goroutines are gone once the server is idle.
	deadline := time.Now().Add(hangLimit)
	for runtime.NumGoroutine() > goroutines+8 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > goroutines+8 {
		t.Errorf("%d goroutines after the flood, %d before", n, goroutines)
	}
}

// lastDiagnostics returns the last diagnostics published for uri.
func (c *testClient) lastDiagnostics(uri protocol.DocumentURI) publishDiagnosticsParams {
	c.t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := len(c.notes) - 1; i >= 0; i-- {
		n := c.notes[i]
		if n.method != "textDocument/publishDiagnostics" {
			continue
		}
		var p publishDiagnosticsParams
		if err := json.Unmarshal(n.params, &p); err != nil {
			c.t.Fatal(err)
		}
		if p.URI == uri {
			return p
		}
	}
	c.t.Fatalf("nothing published for %s", uri)
	return publishDiagnosticsParams{}
}

// diagKeys renders diagnostics for comparison.
func diagKeys(ds []protocol.Diagnostic) []string {
	out := make([]string, 0, len(ds))
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%d:%d-%d:%d %d %v %s", d.Range.Start.Line, d.Range.Start.Character, d.Range.End.Line, d.Range.End.Character, int(d.Severity), d.Code, d.Message))
	}
	return out
}

// TestAbuseConcurrentRequests sends every kind of request from several goroutines while another
// edits the document: each request is answered with a result or RequestCancelled, never an
// internal error; once the edits stop, answers agree with the final text.
func TestAbuseConcurrentRequests(t *testing.T) {
	files := featureConfig()
	dir := writeFiles(t, files)
	c := startServer(t, Options{})
	c.initialize(dir, protocol.ClientCapabilities{})
	uris := openAll(t, c, dir, files)
	main := uris["main.crn"]
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var answered atomic.Int64
	requests := requestsAt(main, pos(1, 4))
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				r := requests[i%len(requests)]
				ctx, cancel := context.WithTimeout(context.Background(), hangLimit)
				var raw json.RawMessage
				_, err := c.conn.Call(ctx, r.method, r.params, &raw)
				cancel()
				if err != nil && rpcCode(err) != protocol.CodeRequestCancelled && !(strings.HasSuffix(r.method, "ename") && rpcCode(err) != jsonrpc2.InternalError) {
					t.Errorf("%s during edits: %v", r.method, err)
					return
				}
				answered.Add(1)
			}
		}()
	}
	text := files["main.crn"]
	v := int32(2)
	for i := range 300 {
		// Insert a comment line and remove it again, at the top: every statement moves.
		if i%2 == 0 {
			c.notify("textDocument/didChange", insertAt(main, v, pos(0, 0), "# edit\n"))
		} else {
			c.notify("textDocument/didChange", &didChangeParams{TextDocument: versioned(main, v), ContentChanges: []contentChange{{Range: &protocol.Range{Start: pos(0, 0), End: pos(1, 0)}, Text: ""}}})
		}
		v++
		if i%50 == 0 {
			time.Sleep(30 * time.Millisecond) // let a semantic check start, to be cancelled
		}
	}
	close(stop)
	wg.Wait()
	t.Logf("%d requests answered during 300 edits", answered.Load())
	// A request after the last change: it is handled once the change is applied.
	var syms []protocol.DocumentSymbol
	if err := c.call("textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: main}}, &syms); err != nil {
		t.Fatal(err)
	}
	if got := c.srv.docs.get(main).Text; got != text {
		t.Fatalf("text after the edits: %q", got)
	}
	if len(syms) == 0 || syms[0].Range.Start.Line != 0 {
		t.Errorf("symbols after the edits: %+v", syms)
	}
}

type rpcRequest struct {
	method string
	params any
}

// requestsAt returns one request of every kind the server answers (but the lifecycle) at a
// position of a document.
func requestsAt(uri protocol.DocumentURI, p protocol.Position) []rpcRequest {
	doc := protocol.TextDocumentIdentifier{URI: uri}
	tdp := protocol.TextDocumentPositionParams{TextDocument: doc, Position: p}
	rng := protocol.Range{Start: pos(0, 0), End: pos(p.Line+3, 0)}
	item := protocol.CallHierarchyItem{Name: "x", URI: uri, Range: rng, SelectionRange: rng, Data: hierarchyData{Path: uri.Filename()}}
	return []rpcRequest{
		{"textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: tdp}},
		{"textDocument/completion", &protocol.CompletionParams{TextDocumentPositionParams: tdp}},
		{"textDocument/signatureHelp", &protocol.SignatureHelpParams{TextDocumentPositionParams: tdp}},
		{"textDocument/definition", &protocol.DefinitionParams{TextDocumentPositionParams: tdp}},
		{"textDocument/references", &protocol.ReferenceParams{TextDocumentPositionParams: tdp, Context: protocol.ReferenceContext{IncludeDeclaration: true}}},
		{"textDocument/documentHighlight", &protocol.DocumentHighlightParams{TextDocumentPositionParams: tdp}},
		{"textDocument/prepareRename", &protocol.PrepareRenameParams{TextDocumentPositionParams: tdp}},
		{"textDocument/rename", &protocol.RenameParams{TextDocumentPositionParams: tdp, NewName: "renamed"}},
		{"textDocument/codeAction", &protocol.CodeActionParams{TextDocument: doc, Range: rng}},
		{"textDocument/inlayHint", &inlayHintParams{TextDocument: doc, Range: rng}},
		{"textDocument/formatting", &protocol.DocumentFormattingParams{TextDocument: doc}},
		{"textDocument/rangeFormatting", &protocol.DocumentRangeFormattingParams{TextDocument: doc, Range: rng}},
		{"textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: doc}},
		{"textDocument/foldingRange", &protocol.FoldingRangeParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc}}},
		{"textDocument/documentLink", &protocol.DocumentLinkParams{TextDocument: doc}},
		{"textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}},
		{"textDocument/semanticTokens/full/delta", &protocol.SemanticTokensDeltaParams{TextDocument: doc, PreviousResultID: "1"}},
		{"textDocument/semanticTokens/range", &protocol.SemanticTokensRangeParams{TextDocument: doc, Range: rng}},
		{"textDocument/selectionRange", &protocol.SelectionRangeParams{TextDocument: doc, Positions: []protocol.Position{p, pos(0, 0)}}},
		{"workspace/symbol", &protocol.WorkspaceSymbolParams{Query: "c"}},
		{"textDocument/prepareCallHierarchy", &protocol.CallHierarchyPrepareParams{TextDocumentPositionParams: tdp}},
		{"callHierarchy/incomingCalls", &protocol.CallHierarchyIncomingCallsParams{Item: item}},
		{"callHierarchy/outgoingCalls", &protocol.CallHierarchyOutgoingCallsParams{Item: item}},
		{"textDocument/codeLens", &protocol.CodeLensParams{TextDocument: doc}},
		{"workspace/executeCommand", &protocol.ExecuteCommandParams{Command: locationsCommand, Arguments: []any{uri, p, navigate.LensReferences}}},
		{"carina/graph", &graphParams{TextDocument: doc, SVG: true}},
		{"carina/plan", &planParams{TextDocument: doc}},
		{"textDocument/diagnostic", &documentDiagnosticParams{TextDocument: doc}},
		{"workspace/diagnostic", &workspaceDiagnosticParams{PartialResultToken: json.RawMessage(`"w"`)}},
		{"workspace/willRenameFiles", &protocol.RenameFilesParams{Files: []protocol.FileRename{{OldURI: string(uri), NewURI: string(uri) + ".moved"}}}},
	}
}

// TestRequestsCoverDispatch keeps requestsAt in step with the dispatch table: every request the
// server answers (but the lifecycle) is in it, so that the cancellation and panic tests cover
// every kind.
func TestRequestsCoverDispatch(t *testing.T) {
	have := map[string]bool{}
	for _, r := range requestsAt("file:///x.crn", pos(0, 0)) {
		have[r.method] = true
	}
	for m, h := range methods() {
		if !h.notification && !h.ordered && !have[m] {
			t.Errorf("requestsAt lacks %s", m)
		}
	}
}

// gateRequests makes every concurrent request of s wait, before its handler runs, until it is
// cancelled (or hangLimit passes): the request is then certainly in flight when the test cancels
// it. It must be called before the client sends anything.
func gateRequests(s *Server) {
	for m, h := range s.methods {
		if h.notification || h.ordered {
			continue
		}
		fn := h.fn
		h.fn = func(ctx context.Context, s *Server, params json.RawMessage) (any, error) {
			select {
			case <-ctx.Done():
			case <-time.After(hangLimit):
			}
			return fn(ctx, s, params) // the real handler, with a cancelled context
		}
		s.methods[m] = h
	}
}

// TestAbuseCancelEveryRequest cancels a request of every kind while it is in flight: each is
// answered with RequestCancelled, the handlers given a cancelled context do not fail otherwise,
// and the server goes on. Cancelling an unknown or finished request, or with a malformed id,
// does nothing.
func TestAbuseCancelEveryRequest(t *testing.T) {
	files := featureConfig()
	dir := writeFiles(t, files)
	c := startServer(t, Options{})
	gateRequests(c.srv)
	c.initialize(dir, protocol.ClientCapabilities{})
	uris := openAll(t, c, dir, files)
	cancelled := map[string]bool{} // a cancelled request leaves the table just after its answer
	for _, r := range requestsAt(uris["main.crn"], pos(1, 4)) {
		t.Run(r.method, func(t *testing.T) {
			errc := make(chan error, 1)
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), 2*hangLimit) // past the gate's
				defer cancel()
				_, err := c.conn.Call(ctx, r.method, r.params, nil)
				errc <- err
			}()
			id := waitInflight(t, c.srv, cancelled)
			cancelled[fmt.Sprint(id)] = true
			c.notify("$/cancelRequest", map[string]any{"id": id})
			select {
			case err := <-errc:
				if rpcCode(err) != protocol.CodeRequestCancelled {
					t.Errorf("cancelled %s: %v, want RequestCancelled", r.method, err)
				}
			case <-time.After(hangLimit):
				t.Fatalf("cancelled %s: no answer within %v", r.method, hangLimit)
			}
		})
	}
	for _, params := range []any{
		map[string]any{"id": 999999},
		map[string]any{"id": "no-such-request"},
		map[string]any{"id": map[string]any{"x": 1}},
		map[string]any{},
		"junk",
	} {
		c.notify("$/cancelRequest", params)
	}
	// The lifecycle requests run in order and are not cancellable: shutdown is answered.
	if err := c.call("shutdown", nil, nil); err != nil {
		t.Errorf("shutdown after the cancellations: %v", err)
	}
}

// waitInflight waits until one request other than those in old (by fmt.Sprint of their id) is in
// flight and returns its id.
func waitInflight(t *testing.T, s *Server, old map[string]bool) any {
	t.Helper()
	deadline := time.Now().Add(hangLimit)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		var keys []string
		for k := range s.inflight {
			keys = append(keys, k)
		}
		s.mu.Unlock()
		for _, k := range keys {
			var id any
			if err := json.Unmarshal([]byte(k), &id); err != nil {
				t.Fatalf("in-flight key %q: %v", k, err)
			}
			if !old[fmt.Sprint(id)] {
				return id
			}
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("no request in flight")
	return nil
}

// TestAbuseCancelStringID cancels a request whose id is a string.
func TestAbuseCancelStringID(t *testing.T) {
	r := startRaw(t, Options{})
	gateRequests(r.srv)
	r.handshake(map[string]any{})
	body, id := r.request("workspace/symbol", map[string]any{"query": ""})
	r.frame(body)
	if got := waitInflight(t, r.srv, nil); got != id {
		t.Fatalf("in flight: %v, want %q", got, id)
	}
	r.frame(notif("$/cancelRequest", map[string]any{"id": id}))
	if m := r.response(id); errCode(m) != int64(protocol.CodeRequestCancelled) {
		t.Errorf("cancelled: %+v, want RequestCancelled", m.Error)
	}
}

// TestAbuseExitWithoutShutdown ends sessions without shutdown, with a check pending: exit gives
// code 1, and so does the client closing the stream; nothing is published afterwards and no
// goroutine is left.
func TestAbuseExitWithoutShutdown(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, how := range []string{"exit", "close"} {
		t.Run(how, func(t *testing.T) {
			dir := writeFiles(t, featureConfig())
			c := startServer(t, Options{Debounce: 300 * time.Millisecond})
			c.initialize(dir, protocol.ClientCapabilities{})
			openAll(t, c, dir, featureConfig()) // schedules a check 300ms later
			if how == "exit" {
				c.notify("exit", nil)
			} else {
				_ = c.conn.Close()
			}
			select {
			case code := <-c.done:
				if code != 1 {
					t.Errorf("exit code %d, want 1", code)
				}
			case <-time.After(hangLimit):
				t.Fatal("the server did not end")
			}
			// What the server wrote before it ended may still be on its way through the client's
			// reader: wait until the reader has met the end of the stream, then watch past the
			// debounce.
			select {
			case <-c.conn.Done():
			case <-time.After(hangLimit):
				t.Fatal("the client never saw the stream end")
			}
			c.mu.Lock()
			n := len(c.notes)
			c.mu.Unlock()
			time.Sleep(400 * time.Millisecond) // past the debounce
			c.mu.Lock()
			if len(c.notes) != n {
				t.Errorf("published after the end: %+v", c.notes[n:])
			}
			c.mu.Unlock()
			_ = c.conn.Close()
		})
	}
	deadline := time.Now().Add(hangLimit)
	for runtime.NumGoroutine() > before+4 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before+4 {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines left, %d before:\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}

// TestStreamDropsDuplicateResponses checks the stream itself: of several responses to one of the
// server's calls only the first is passed on, responses to calls never made are dropped, and the
// requests around them come through.
func TestStreamDropsDuplicateResponses(t *testing.T) {
	serverSide, clientSide := net.Pipe()
	defer clientSide.Close()
	s := newStream(serverSide, zaptest.NewLogger(t, zaptest.Level(zap.ErrorLevel)))
	call, err := jsonrpc2.NewCall(jsonrpc2.NewNumberID(1), "client/registerCapability", nil)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		in := bufio.NewReader(clientSide)
		_, _ = in.ReadString('\n') // the call's header...
		_, _ = in.ReadString('\n')
		resp := `{"jsonrpc":"2.0","id":1,"result":null}`
		_, _ = io.WriteString(clientSide, frame(resp)+frame(resp)+frame(`{"jsonrpc":"2.0","id":2,"result":null}`)+frame(resp)+
			frame(`{"jsonrpc":"2.0","id":"x","method":"carina/ping"}`))
		_, _ = io.Copy(io.Discard, in) // ...and the rest
	}()
	if _, err := s.Write(context.Background(), call); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	m, _, err := s.Read(ctx)
	if r, ok := m.(*jsonrpc2.Response); err != nil || !ok || idKey(r.ID()) != "1" {
		t.Fatalf("first message: %#v, %v; want the response to call 1", m, err)
	}
	m, _, err = s.Read(ctx)
	if c, ok := m.(*jsonrpc2.Call); err != nil || !ok || c.Method() != "carina/ping" {
		t.Fatalf("second message: %#v, %v; want the ping (the other responses dropped)", m, err)
	}
}
