// Command carina-lsp is the Carina language server and its command-line companions:
//
//	carina-lsp [serve] [-log-level L] [--stdio]   the language server on stdin/stdout
//	carina-lsp check [flags] [paths]              report every diagnostic, for CI
//	carina-lsp fmt [flags] [paths]                format .crn files
//	carina-lsp graph [flags] [directory]          the dependency graph and apply order
//	carina-lsp plan [flags] [directory]           what an apply would do, from the local state
//	carina-lsp mcp [-root DIR]                    the Model Context Protocol server for coding agents
//	carina-lsp config [path]                      the carina-lsp.toml values in effect, and their files
//	carina-lsp schemas                            the embedded schema sets and their versions
//	carina-lsp version                            the version, commit and Go version
//
// Exit codes: 0 success, 1 problems found, 2 usage or I/O errors; plan's: 0 no changes, 2
// changes, 1 an error.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
)

const usage = `usage: carina-lsp [command] [flags] [paths]

commands:
  serve    the language server on stdin/stdout (the default: "carina-lsp",
           "carina-lsp -log-level debug" and "carina-lsp --stdio" serve too)
  check    report syntax errors and diagnostics of .crn configurations
  fmt      format .crn files in the style of carina fmt
  graph    the dependency graph (svg, dot, mermaid, json) and apply order of a configuration
  plan     what carina plan --refresh=false would do, from the local state file alone
  convert  a CloudFormation template (YAML or JSON) to a Carina configuration
  mcp      the Model Context Protocol server for coding agents on stdin/stdout
  config   the carina-lsp.toml configuration in effect for a path, and where each value comes from
  schemas  list the embedded schema sets: providers, versions and dates
  version  print the version, commit and Go version (also --version)
  help     show this help

Run "carina-lsp <command> -h" for a command's flags.
`

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// onInterrupt returns ctx canceled by an interrupt (Ctrl-C), for the commands that must stop
// cleanly: the server, and the commands writing files (fmt -w, check -fix), which finish the
// file at hand. The others keep Go's default and end at once, as gofmt and go vet do: watching
// for the signal starts a thread and cost 0.3 ms of CPU, a tenth of checking a small
// configuration.
func onInterrupt(ctx context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(ctx, os.Interrupt)
}

// run dispatches a command line and returns the exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runServe(ctx, nil, stdin, stdout, stderr)
	}
	switch args[0] {
	case "version", "-version", "--version":
		return runVersion(args[1:], stdout, stderr)
	case "serve":
		return runServe(ctx, args[1:], stdin, stdout, stderr)
	case "check":
		return runCheck(ctx, args[1:], stdout, stderr)
	case "fmt":
		return runFmt(ctx, args[1:], stdin, stdout, stderr)
	case "graph":
		return runGraph(ctx, args[1:], stdout, stderr)
	case "plan":
		return runPlan(ctx, args[1:], stdout, stderr)
	case "convert":
		return runConvert(ctx, args[1:], stdin, stdout, stderr)
	case "mcp":
		return runMCP(ctx, args[1:], stdin, stdout, stderr)
	case "schemas":
		return runSchemas(args[1:], stdout, stderr)
	case "config":
		return runConfig(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	if strings.HasPrefix(args[0], "-") {
		// Serve flags without the command (what editors' settings and clients pass: -log-level
		// debug, --stdio).
		return runServe(ctx, args, stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "carina-lsp: unknown command %q\n\n%s", args[0], usage)
	return 2
}
