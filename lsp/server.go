package lsp

import (
	"context"
	"errors"
	"io"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/workspace"
)

// Options configures a Server.
type Options struct {
	// Logger logs to stderr (never stdout: stdout is the protocol channel). Level is its level,
	// which the client can change through the logLevel setting.
	Logger *zap.Logger
	Level  zap.AtomicLevel
	// Debounce is how long the semantic phase of diagnostics waits for more edits (default 150ms).
	Debounce time.Duration
	// FS is what the workspace reads (default: the real disk).
	FS workspace.FS
	// ReleaseMemory hands the memory the heap no longer uses back to the system, after a large
	// workspace pull or index build (default debug.FreeOSMemory; tests count its calls).
	ReleaseMemory func()
	// StatePoll is how often the state files no file watcher reports are looked at (default 2s;
	// see pollStates).
	StatePoll time.Duration
}

// lifecycle is where the server is in the LSP lifecycle.
type lifecycle int

const (
	created      lifecycle = iota // before initialize
	initializing                  // initialize answered, initialized not yet received
	running
	shutDown // shutdown answered: only exit is accepted
)

// errShutDown is why the server asks the client nothing after shutdown.
var errShutDown = errors.New("the session is shutting down")

// clientCaps are the client capabilities the server adapts to.
type clientCaps struct {
	snippets           bool
	hierarchicalSymbol bool
	prepareRename      bool
	lineFoldingOnly    bool
	workDoneProgress   bool
	watchedFilesDyn    bool
	configuration      bool
	pullDiagnostics    bool // textDocument.diagnostic: the client pulls, nothing is pushed
	pullRefresh        bool // workspace.diagnostics.refreshSupport
	createFiles        bool // a workspace edit may create a file (documentChanges with create)
	lensRefresh        bool // workspace.codeLens.refreshSupport: the plan's lenses follow the state file
}

// Server is one language server session.
type Server struct {
	log      *zap.Logger
	level    zap.AtomicLevel
	debounce time.Duration
	methods  map[string]handler

	conn    jsonrpc2.Conn
	stream  *stream              // conn's: publishDiagnostics is written to it directly
	docs    documents            // the session's
	fs      workspace.FS         // what ws reads; scratch workspaces (fix-all) read it too
	sess    *session.Session     // what is derived from the files: models, carina-lsp.toml chains, schema sources, memos
	ws      *workspace.Workspace // sess's
	index   *symbolIndex
	schemas schema.Sources
	pub     *publisher
	tokens  *tokenResults // the last semantic tokens of each open document, for deltas
	pulls   *pullCache    // the reports of pulled diagnostics, by configuration
	projs   *projects     // what was published of the carina-lsp.toml files

	mu       sync.Mutex
	state    lifecycle
	inflight map[string]context.CancelFunc // running requests by id
	// panicsSeen are the contained panics already logged (see contained).
	panicsSeen map[string]bool
	// beforeCheck, when set (by tests), runs before each check of the semantic phase.
	beforeCheck func(check string, f *workspace.File, st *grammar.Stmt)
	caps        clientCaps
	folders     []string
	settings    Settings
	disabled    []finding.Code // the codes the settings disable

	releaseMemory func()        // Options.ReleaseMemory
	statePoll     time.Duration // Options.StatePoll

	exitOnce sync.Once
	exited   chan int // receives the exit code
}

// New returns a server; Serve runs it on a connection.
func New(opts Options) *Server {
	if opts.Logger == nil {
		opts.Logger = zap.NewNop()
	}
	if opts.Debounce == 0 {
		opts.Debounce = 150 * time.Millisecond
	}
	if opts.FS == nil {
		opts.FS = workspace.OSFS{}
	}
	if opts.ReleaseMemory == nil {
		opts.ReleaseMemory = debug.FreeOSMemory
	}
	if opts.StatePoll == 0 {
		opts.StatePoll = 2 * time.Second
	}
	s := &Server{
		log:      opts.Logger,
		level:    opts.Level,
		debounce: opts.Debounce,
		fs:       isolatedFS{opts.FS},
		inflight: map[string]context.CancelFunc{},
		tokens:   newTokenResults(),
		pulls:    newPullCache(),
		projs:    newProjects(),
		exited:   make(chan int, 1),

		releaseMemory: opts.ReleaseMemory,
		statePoll:     opts.StatePoll,
	}
	s.sess = session.New(session.Options{FS: s.fs, Sources: &s.schemas})
	s.ws = s.sess.Workspace()
	s.docs = documents{s.sess.Documents()}
	s.pub = newPublisher(s)
	s.index = newSymbolIndex(s)
	s.methods = methods()
	return s
}

// Serve runs the server on a byte stream (stdin/stdout, or a pipe in tests) until the client sends
// exit or the stream closes. It returns the process exit code: 0 after shutdown then exit, 1 when
// the client exits without shutdown or the stream ends first.
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) int {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.stream = newStream(rwc, s.log)
	s.conn = jsonrpc2.NewConn(s.stream)
	s.conn.Go(ctx, s.handle)
	go s.pollStates(ctx, s.statePoll)
	code := 1
	select {
	case code = <-s.exited:
	case <-s.conn.Done():
		// The stream can end right after an exit notification (a client that closes at once):
		// the exit, handled on the reading goroutine before the end was seen, decides the code.
		select {
		case code = <-s.exited:
		default:
			if err := s.conn.Err(); err != nil && err != io.EOF {
				s.log.Info("connection closed", zap.Error(err))
			}
		}
	case <-ctx.Done():
	}
	s.pub.stop()
	s.cancelAll()
	_ = s.conn.Close()
	s.index.stop() // after the close: a build writing to a client that no longer reads would block
	return code
}

func (s *Server) lifecycle() lifecycle {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

func (s *Server) setLifecycle(l lifecycle) {
	s.mu.Lock()
	s.state = l
	s.mu.Unlock()
}

// workspaceFolders returns the workspace folders.
func (s *Server) workspaceFolders() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.folders)
}

func (s *Server) clientCaps() clientCaps {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.caps
}

// callClient sends a request to the client and waits for its answer, unless the session is shutting
// down: after the shutdown answer the server asks nothing. It must not run on the connection's
// reading goroutine, which brings the answer.
func (s *Server) callClient(ctx context.Context, method string, params any) error {
	if s.lifecycle() == shutDown {
		return errShutDown
	}
	_, err := s.conn.Call(context.WithoutCancel(ctx), method, params, nil)
	return err
}

// notify sends a notification to the client.
func (s *Server) notify(ctx context.Context, method string, params any) {
	if err := s.conn.Notify(context.WithoutCancel(ctx), method, params); err != nil {
		s.log.Debug("notify failed", zap.String("method", method), zap.Error(err))
	}
}

// publishDiagnostics sends textDocument/publishDiagnostics. Its params are encoded by hand and
// the message written to the stream directly: the library would encode them by reflection and
// then check and compact the result twice, for a message of up to a thousand diagnostics that
// every keystroke sends again.
func (s *Server) publishDiagnostics(p *publishDiagnosticsParams) {
	params, err := p.MarshalJSON()
	if err == nil {
		msg := make([]byte, 0, len(params)+64)
		msg = append(msg, `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":`...)
		msg = append(msg, params...)
		msg = append(msg, '}')
		_, err = s.stream.writeRaw(msg)
	}
	if err != nil {
		s.log.Debug("notify failed", zap.String("method", "textDocument/publishDiagnostics"), zap.Error(err))
	}
}

// showLog sends a message the user should see in the client's log (window/logMessage).
func (s *Server) showLog(ctx context.Context, typ protocol.MessageType, msg string) {
	s.notify(ctx, "window/logMessage", &protocol.LogMessageParams{Type: typ, Message: msg})
}
