package lsp

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	fastjson "github.com/segmentio/encoding/json"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"
)

// hangLimit bounds every wait of these tests for the server: long, because it only guards against
// a hang; each wait ends at the event it waits for, however busy the machine.
const hangLimit = 2 * time.Minute

// testClient is an in-process LSP client talking to a Server over net.Pipe with a real jsonrpc2
// connection on each side.
type testClient struct {
	t    testing.TB
	srv  *Server
	conn jsonrpc2.Conn
	done chan int

	mu      sync.Mutex
	notes   []note
	arrived chan struct{}
}

type note struct {
	method string
	params json.RawMessage
}

// startServer starts a server on a pipe and returns the client side.
func startServer(t *testing.T, opts Options) *testClient {
	t.Helper()
	if opts.Logger == nil {
		opts.Logger = zaptest.NewLogger(t, zaptest.Level(zap.WarnLevel))
		opts.Level = zap.NewAtomicLevelAt(zap.WarnLevel)
	}
	return startServerTB(t, opts)
}

// startServerB is startServer for benchmarks (no log).
func startServerB(b *testing.B, opts Options) *testClient {
	b.Helper()
	return startServerTB(b, opts)
}

func startServerTB(t testing.TB, opts Options) *testClient {
	if opts.Debounce == 0 {
		opts.Debounce = 20 * time.Millisecond
	}
	serverSide, clientSide := net.Pipe()
	srv := New(opts)
	c := &testClient{t: t, srv: srv, done: make(chan int, 1), arrived: make(chan struct{}, 1)}
	go func() { c.done <- srv.Serve(context.Background(), serverSide) }()
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(clientSide))
	c.conn.Go(context.Background(), func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		c.mu.Lock()
		c.notes = append(c.notes, note{req.Method(), append(json.RawMessage(nil), req.Params()...)})
		c.mu.Unlock()
		select {
		case c.arrived <- struct{}{}:
		default:
		}
		// Requests (client/registerCapability, window/workDoneProgress/create) are answered off
		// this reading goroutine: on a synchronous pipe, a reply written while the server writes a
		// notification on its own reading goroutine would wait for it forever.
		if _, isCall := req.(*jsonrpc2.Call); isCall {
			go func() { _ = reply(context.WithoutCancel(ctx), nil, nil) }()
			return nil
		}
		return reply(ctx, nil, nil)
	})
	t.Cleanup(func() { _ = c.conn.Close() })
	return c
}

// call sends a request and decodes its result into out (when not nil).
func (c *testClient) call(method string, params, out any) error {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangLimit)
	defer cancel()
	var raw json.RawMessage
	_, err := c.conn.Call(ctx, method, params, &raw)
	if err != nil {
		return err
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Fatalf("%s: decoding %s: %v", method, raw, err)
		}
	}
	return nil
}

func (c *testClient) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("notify %s: %v", method, err)
	}
}

// initialize runs the handshake with a root folder.
func (c *testClient) initialize(root string, caps protocol.ClientCapabilities) {
	c.t.Helper()
	c.initializeWith(root, caps, nil)
}

// initializeWith runs the handshake with a root folder and initialization options.
func (c *testClient) initializeWith(root string, caps protocol.ClientCapabilities, options any) {
	c.t.Helper()
	var res initializeResult
	if err := c.call("initialize", &protocol.InitializeParams{RootURI: uriOf(root), Capabilities: caps, InitializationOptions: options}, &res); err != nil {
		c.t.Fatalf("initialize: %v", err)
	}
	c.notify("initialized", &protocol.InitializedParams{})
}

// waitDiagnostics waits for a publishDiagnostics for uri accepted by ok and returns it.
func (c *testClient) waitDiagnostics(uri protocol.DocumentURI, ok func(publishDiagnosticsParams) bool) publishDiagnosticsParams {
	c.t.Helper()
	return c.waitDiagnosticsFrom(0, uri, ok)
}

// mark returns how many notifications have arrived: a wait from it considers only later ones.
func (c *testClient) mark() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.notes)
}

// waitDiagnosticsFrom is waitDiagnostics among the notifications from the seen-th on (a
// benchmark typing thousands of keystrokes must not decode every earlier one again each time).
func (c *testClient) waitDiagnosticsFrom(seen int, uri protocol.DocumentURI, ok func(publishDiagnosticsParams) bool) publishDiagnosticsParams {
	c.t.Helper()
	deadline := time.After(hangLimit)
	for {
		c.mu.Lock()
		notes := c.notes[seen:]
		seen = len(c.notes)
		c.mu.Unlock()
		for _, n := range notes {
			if n.method != "textDocument/publishDiagnostics" {
				continue
			}
			var p publishDiagnosticsParams
			if err := fastjson.Unmarshal(n.params, &p); err != nil { // quicker on a thousand diagnostics
				c.t.Fatal(err)
			}
			if p.URI == uri && ok(p) {
				return p
			}
		}
		select {
		case <-c.arrived:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			c.t.Fatalf("no matching diagnostics for %s", uri)
		}
	}
}

// settledDiagnostics waits until the semantic phase of each directory has published for its
// newest change, then returns every diagnostics notification received, in order.
func (c *testClient) settledDiagnostics(dirs ...string) []publishDiagnosticsParams {
	c.t.Helper()
	deadline := time.Now().Add(hangLimit)
	for _, dir := range dirs {
		for !c.srv.pub.settled(dir) {
			if time.Now().After(deadline) {
				c.t.Fatalf("the semantic phase of %s never published within %v", dir, hangLimit)
			}
			time.Sleep(time.Millisecond)
		}
	}
	// A request answered after the last publish: its answer comes after every notification
	// written before it, which the client has then taken.
	if err := c.call("workspace/symbol", &protocol.WorkspaceSymbolParams{}, nil); err != nil {
		c.t.Fatal(err)
	}
	c.mu.Lock()
	notes := append([]note(nil), c.notes...)
	c.mu.Unlock()
	var out []publishDiagnosticsParams
	for _, n := range notes {
		if n.method != "textDocument/publishDiagnostics" {
			continue
		}
		var p publishDiagnosticsParams
		if err := json.Unmarshal(n.params, &p); err != nil {
			c.t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// writeFiles writes files under a new temporary directory and returns it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func writeFileB(b *testing.B, path, text string) {
	b.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
}
