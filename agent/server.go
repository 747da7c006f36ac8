package agent

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"unicode/utf8"

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
	Log     io.Writer // where contained panics and write failures go (stderr); nil: nowhere
}

// server is the state shared by the calls of one session: the tools, the embedded schemas
// (decoded once).
type server struct {
	opts    Options
	sources *schema.Sources
	tools   []*tool
}

// Serve runs the MCP server on in and out (stdin and stdout) until the client closes the stream
// or ctx ends. Nothing but the protocol is written to out.
func Serve(ctx context.Context, in io.Reader, out io.Writer, o Options) error {
	s := &server{opts: o, sources: &schema.Sources{}}
	addSchema(s)
	addCheck(s)
	addFix(s)
	addFmt(s)
	addGraph(s)
	addConvert(s)
	addExplain(s)
	sess := &conn{srv: s, out: &writer{w: out}, inflight: map[string]context.CancelFunc{}, pending: map[string]chan *message{}}
	return sess.run(ctx, &frames{in: bufio.NewReaderSize(in, 64<<10), max: MaxFrame})
}

const instructions = `Tools for Carina (.crn) infrastructure code, from carina-lsp: the provider schemas of the
versions a configuration pins (schema), every diagnostic with its fixes (check), the safe fixes
applied (fix), the formatter (fmt), the dependency graph and apply order (graph), CloudFormation
to Carina (convert) and each diagnostic code's page (explain). Run check after every change to a
.crn file; read schema before writing a resource. Nothing is written to disk: apply what fix and
fmt return yourself. Paths are relative to the first root.`

// toolInfo is what tools/list says of a tool besides its schemas.
type toolInfo struct {
	Name, Title, Description string
}

// tool is a tool: what it says of itself, and its call.
type tool struct {
	info          toolInfo
	input, output map[string]any
	run           func(ctx context.Context, c *call, args json.RawMessage) (any, error)
}

// call is what one tool call works with.
type call struct {
	*server
	roots roots
}

// session returns a session that reads only inside the call's roots.
func (c *call) session() *session.Session {
	return session.New(session.Options{FS: confinedFS{roots: c.roots}, Sources: c.sources})
}

// add registers a tool whose arguments decode into In and whose result is Out: their schemas are
// the tool's input and output schemas.
func add[In, Out any](s *server, info toolInfo, run func(context.Context, *call, In) (Out, error)) {
	input := schemaOf(reflect.TypeFor[In]())
	var required []string
	if r, ok := input["required"].([]string); ok {
		required = r
	}
	s.tools = append(s.tools, &tool{info: info, input: input, output: schemaOf(reflect.TypeFor[Out]()),
		run: func(ctx context.Context, c *call, args json.RawMessage) (any, error) {
			var in In
			if err := decodeArgs(args, required, &in); err != nil {
				return nil, err
			}
			return run(ctx, c, in)
		}})
}

func (s *server) tool(name string) *tool {
	for _, t := range s.tools {
		if t.info.Name == name {
			return t
		}
	}
	return nil
}

// toolList is tools/list's answer: every tool read-only and closed-world.
func (s *server) toolList() []map[string]any {
	var out []map[string]any
	for _, t := range s.tools {
		out = append(out, map[string]any{
			"name": t.info.Name, "title": t.info.Title, "description": t.info.Description,
			"inputSchema": t.input, "outputSchema": t.output,
			"annotations": map[string]any{"title": t.info.Title, "readOnlyHint": true, "destructiveHint": false,
				"idempotentHint": true, "openWorldHint": false},
		})
	}
	return out
}

// callResult is tools/call's answer: the result as structured content and as its JSON text, or
// the tool's error as text.
type callResult struct {
	Content           []textContent `json:"content"`
	StructuredContent any           `json:"structuredContent,omitempty"`
	IsError           bool          `json:"isError,omitempty"`
}

type textContent struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// callTool runs a tool in the roots the client declares; its failure, or a panic in it, is an
// error result.
func (sess *conn) callTool(ctx context.Context, t *tool, args json.RawMessage) callResult {
	var out any
	rs, err := rootsOf(ctx, sess, sess.srv.opts.Dir)
	if err == nil {
		onPanic := func(p contain.Panic) {
			err = fmt.Errorf("internal error: %s (please report this with the input)", p)
			if sess.srv.opts.Log != nil {
				fmt.Fprintf(sess.srv.opts.Log, "carina-lsp mcp: %s: %s\n%s", t.info.Name, p, p.Stack)
			}
		}
		contain.Run(onPanic, "tool "+t.info.Name, "", 0, func() { out, err = t.run(ctx, &call{server: sess.srv, roots: rs}, args) })
	}
	if err == nil {
		var text []byte
		if text, err = json.Marshal(out); err == nil {
			return callResult{Content: []textContent{{"text", string(text)}}, StructuredContent: out}
		}
	}
	return callResult{Content: []textContent{{"text", err.Error()}}, IsError: true}
}

// decodeArgs decodes a tool's arguments: an object of the input schema's fields, the required
// ones present.
func decodeArgs(args json.RawMessage, required []string, in any) error {
	var fields map[string]json.RawMessage
	if len(args) > 0 && string(args) != "null" {
		if err := json.Unmarshal(args, &fields); err != nil {
			return fmt.Errorf("the arguments are not an object: %v", err)
		}
	}
	for _, r := range required {
		if _, ok := fields[r]; !ok {
			return fmt.Errorf("the arguments lack %q", r)
		}
	}
	if fields == nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(in); err != nil {
		return fmt.Errorf("arguments: %v", err)
	}
	return nil
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
