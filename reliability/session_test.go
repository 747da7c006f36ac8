package reliability

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"github.com/carina-rs/carina-lsp/lsp"
)

// session is an LSP client talking to a server: in process over a pipe (startSession), or to the
// binary over its stdin and stdout (startBinary).
type session struct {
	t    *testing.T
	conn jsonrpc2.Conn
	done chan int // the exit code (in process) or -1 when the process ended (binary)
	stop func()   // ends an in-process server and waits for it (also done at the test's end)

	mu      sync.Mutex
	diags   map[protocol.DocumentURI]protocol.PublishDiagnosticsParams
	sizes   map[protocol.DocumentURI]int // bytes of the parameters of the last publish
	logs    []string                     // window/logMessage and showMessage texts
	arrived chan struct{}
}

// startSession starts a server in process.
func startSession(t *testing.T, opts lsp.Options) *session {
	t.Helper()
	if opts.Logger == nil {
		opts.Logger = zaptest.NewLogger(t, zaptest.Level(zap.ErrorLevel))
	}
	if opts.Debounce == 0 {
		opts.Debounce = 20 * time.Millisecond
	}
	serverSide, clientSide := net.Pipe()
	s := newSession(t, clientSide)
	srv := lsp.New(opts)
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		s.done <- srv.Serve(context.Background(), serverSide)
	}()
	s.stop = func() {
		_ = s.conn.Close()
		<-ended
	}
	t.Cleanup(s.stop)
	return s
}

func newSession(t *testing.T, rwc io.ReadWriteCloser) *session {
	s := &session{t: t, done: make(chan int, 1), diags: map[protocol.DocumentURI]protocol.PublishDiagnosticsParams{}, sizes: map[protocol.DocumentURI]int{}, arrived: make(chan struct{}, 1)}
	s.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(rwc))
	s.conn.Go(context.Background(), func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		s.mu.Lock()
		switch req.Method() {
		case "textDocument/publishDiagnostics":
			var p protocol.PublishDiagnosticsParams
			if err := json.Unmarshal(req.Params(), &p); err == nil {
				s.diags[p.URI] = p
				s.sizes[p.URI] = len(req.Params())
			}
		case "window/logMessage", "window/showMessage":
			var p protocol.LogMessageParams
			if err := json.Unmarshal(req.Params(), &p); err == nil {
				s.logs = append(s.logs, p.Message)
			}
		}
		s.mu.Unlock()
		select {
		case s.arrived <- struct{}{}:
		default:
		}
		return reply(ctx, nil, nil)
	})
	return s
}

// call sends a request and decodes its result into out (when not nil).
func (s *session) call(limit time.Duration, method string, params, out any) error {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	var raw json.RawMessage
	if _, err := s.conn.Call(ctx, method, params, &raw); err != nil {
		return err
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			s.t.Fatalf("%s: decoding the result: %v", method, err)
		}
	}
	return nil
}

func (s *session) notify(method string, params any) {
	s.t.Helper()
	if err := s.conn.Notify(context.Background(), method, params); err != nil {
		s.t.Fatalf("notify %s: %v", method, err)
	}
}

func (s *session) initialize(root string) {
	s.t.Helper()
	if err := s.call(time.Minute, "initialize", &protocol.InitializeParams{RootURI: uriOf(root)}, nil); err != nil {
		s.t.Fatalf("initialize: %v", err)
	}
	s.notify("initialized", &protocol.InitializedParams{})
}

// open opens a file with a text (its content on disk unless given) at version 1.
func (s *session) open(path string, text string) protocol.DocumentURI {
	s.t.Helper()
	u := uriOf(path)
	s.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "carina", Version: 1, Text: text}})
	return u
}

// waitDiagnostics waits until the diagnostics last published for u satisfy ok.
func (s *session) waitDiagnostics(limit time.Duration, u protocol.DocumentURI, ok func(protocol.PublishDiagnosticsParams) bool) protocol.PublishDiagnosticsParams {
	s.t.Helper()
	deadline := time.After(limit)
	for {
		s.mu.Lock()
		p, seen := s.diags[u]
		s.mu.Unlock()
		if seen && ok(p) {
			return p
		}
		select {
		case <-s.arrived:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			s.t.Fatalf("no matching diagnostics for %s within %v (last: %d diagnostics)", u, limit, len(p.Diagnostics))
		}
	}
}

// publishedBytes is the size of the parameters of the last publishDiagnostics for u.
func (s *session) publishedBytes(u protocol.DocumentURI) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sizes[u]
}

func (s *session) logged() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.logs...)
}

func uriOf(path string) protocol.DocumentURI { return protocol.DocumentURI(uri.File(path)) }

func pos(line, char uint32) protocol.Position { return protocol.Position{Line: line, Character: char} }

// readText reads a file as the editor would send it.
func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// startBinary starts the server binary (cmd, with its arguments) and talks to it over its
// standard input and output. done receives the exit code.
func startBinary(t *testing.T, cmd *exec.Cmd) *session {
	t.Helper()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := newSession(t, stdioConn{stdout, stdin})
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		s.done <- cmd.ProcessState.ExitCode()
		close(exited)
	}()
	t.Cleanup(func() {
		_ = stdin.Close()
		select {
		case <-exited:
		case <-time.After(time.Minute): // against a hang only
			_ = cmd.Process.Kill()
			<-exited
			t.Errorf("the server did not end when its input was closed")
		}
		if out := stderr.String(); strings.Contains(out, "panic") {
			t.Errorf("the server panicked:\n%s", out)
		}
	})
	return s
}

// stdioConn joins a process's stdout (read) and stdin (write).
type stdioConn struct {
	io.ReadCloser
	in io.WriteCloser
}

func (c stdioConn) Write(p []byte) (int, error) { return c.in.Write(p) }
func (c stdioConn) Close() error                { return c.in.Close() }

// lockedBuffer is a bytes.Buffer safe for a writer and a reader.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
