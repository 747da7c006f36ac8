package agent

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/session"
)

// Limits on what a call may hand over. Carina's files are small (the corpus's largest is 35 KB):
// a text of megabytes is a mistake or an attack, and is refused before it is parsed.
const (
	// MaxText is the longest inline text (a file, a template) a tool takes, in bytes.
	MaxText = 4 << 20
	// MaxFrame is the longest JSON-RPC message read, in bytes: a text of MaxText escaped.
	MaxFrame = 16 << 20
)

// Options configures a server.
type Options struct {
	Version string    // the server's version, as `carina-lsp version` says it
	Dir     string    // the working directory: the root when the client declares none
	Log     io.Writer // where the SDK's log and contained panics go (stderr); nil: nowhere
}

// server is the state shared by the calls of one session: the embedded schemas, decoded once.
type server struct {
	opts    Options
	sources *schema.Sources
}

// Serve runs the MCP server on in and out (stdin and stdout) until the client closes the stream
// or ctx ends. Nothing but the protocol is written to out.
func Serve(ctx context.Context, in io.Reader, out io.Writer, o Options) error {
	s := &server{opts: o, sources: &schema.Sources{}}
	log := o.Log
	if log == nil {
		log = io.Discard
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: "carina-lsp", Title: "Carina", Version: o.Version},
		&mcp.ServerOptions{
			Instructions: instructions,
			Logger:       slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelWarn})),
			Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}},
		})
	addSchema(srv, s)
	addCheck(srv, s)
	addFix(srv, s)
	addFmt(srv, s)
	addGraph(srv, s)
	addConvert(srv, s)
	addExplain(srv, s)
	return srv.Run(ctx, &lineTransport{r: in, w: out, max: MaxFrame})
}

const instructions = `Tools for Carina (.crn) infrastructure code, from carina-lsp: the provider schemas of the
versions a configuration pins (schema), every diagnostic with its fixes (check), the safe fixes
applied (fix), the formatter (fmt), the dependency graph and apply order (graph), CloudFormation
to Carina (convert) and each diagnostic code's page (explain). Run check after every change to a
.crn file; read schema before writing a resource. Nothing is written to disk: apply what fix and
fmt return yourself. Paths are relative to the first root.`

// call is what one tool call works with.
type call struct {
	*server
	roots roots
}

// session returns a session that reads only inside the call's roots.
func (c *call) session() *session.Session {
	return session.New(session.Options{FS: confinedFS{roots: c.roots}, Sources: c.sources})
}

// add registers a tool: read-only, closed-world, its failures and panics an error result.
func add[In, Out any](srv *mcp.Server, s *server, t *mcp.Tool, run func(context.Context, *call, In) (Out, error)) {
	closed := false
	t.Annotations = &mcp.ToolAnnotations{Title: t.Title, ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: &closed}
	mcp.AddTool(srv, t, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		var out Out
		rs, err := rootsOf(ctx, req.Session, s.opts.Dir)
		if err != nil {
			return nil, out, err
		}
		onPanic := func(p contain.Panic) {
			err = fmt.Errorf("internal error: %s (please report this with the input)", p)
			if s.opts.Log != nil {
				fmt.Fprintf(s.opts.Log, "carina-lsp mcp: %s: %s\n%s", t.Name, p, p.Stack)
			}
		}
		contain.Run(onPanic, "tool "+t.Name, "", 0, func() { out, err = run(ctx, &call{server: s, roots: rs}, in) })
		return nil, out, err
	})
}

// boundText refuses a text longer than MaxText, or one that is not UTF-8.
func boundText(name, text string) error {
	if len(text) > MaxText {
		return fmt.Errorf("%s is %d bytes, more than the %d a call may hand over", name, len(text), MaxText)
	}
	if !utf8.ValidString(text) {
		return fmt.Errorf("%s is not UTF-8", name)
	}
	return nil
}
