// Package agent owns `carina-lsp mcp`: the Model Context Protocol server that gives coding agents
// the analysis the editor gets, as tools (schema, check, fix, fmt, graph, convert, explain) on
// stdio. It holds no language logic: each tool calls the package that owns the work (session,
// checktree and report for check, fix, fmttree, graph, cfn, schema, the codes' pages) and returns
// what the command line prints with -format json.
//
// It speaks the protocol itself (protocol.go: the lifecycle, tools/list and tools/call, roots,
// cancellation; versions up to 2025-11-25, which a newer client falls back to), its input and
// output schemas made from the tools' Go types (jsonschema.go): the protocol's Go SDK, linked
// into the binary, cost every command 2-3 ms of start-up (its package initialisers), which the
// server does not need. The tests drive it with the SDK's client and with the MCP Inspector.
//
// It is read-only and confined: every file a tool reads, given or reached (a module, an upstream
// state), must resolve, symbolic links followed, inside the roots the client declares (else the
// working directory); inline texts are bounded; a tool's failure is an error result; a frame that
// is not JSON-RPC, or too long, is answered with a JSON-RPC error and the session goes on.
package agent
