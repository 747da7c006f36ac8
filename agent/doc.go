// Package agent owns `carina-lsp mcp`: the Model Context Protocol server that gives coding agents
// the analysis the editor gets, as tools (schema, check, fix, fmt, graph, convert, explain) on
// stdio, built on the protocol's Go SDK. It holds no language logic: each tool calls the package
// that owns the work (session, checktree and report for check, fix, fmttree, graph, cfn, schema,
// the codes' pages) and returns what the command line prints with -format json.
//
// It is read-only and confined: every file a tool reads, given or reached (a module, an upstream
// state), must resolve, symbolic links followed, inside the roots the client declares (else the
// working directory); inline texts are bounded; a tool's failure is an error result; a frame that
// is not JSON-RPC, or too long, is answered with a JSON-RPC error and the session goes on.
package agent
