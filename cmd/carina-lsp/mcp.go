package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/carina-rs/carina-lsp/agent"
	"github.com/carina-rs/carina-lsp/internal/version"
)

// runMCP implements `carina-lsp mcp`: the Model Context Protocol server for coding agents on
// stdin/stdout. Its log goes to stderr, never stdout (the protocol channel).
func runMCP(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("mcp", flag.ContinueOnError)
	fl.SetOutput(stderr)
	root := fl.String("root", "", "the directory the tools may read when the client declares no roots (default: the working directory)")
	fl.Usage = func() {
		fmt.Fprintf(stderr, "usage: carina-lsp mcp [-root DIR]\n\n"+
			"Serves the Model Context Protocol on stdin and stdout for coding agents: the tools schema,\n"+
			"check, fix, fmt, graph, convert and explain (docs/agents.md). Read-only: the tools read only\n"+
			"inside the roots the client declares (else -root, else the working directory) and write\n"+
			"nothing.\n\nflags:\n")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 0 {
		fl.Usage()
		return 2
	}
	dir := *root
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			fmt.Fprintf(stderr, "carina-lsp mcp: %v\n", err)
			return 2
		}
		dir = wd
	}
	dir, err := filepath.Abs(dir)
	if err == nil {
		_, err = os.Stat(dir)
	}
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp mcp: -root: %v\n", err)
		return 2
	}
	ctx, stop := onInterrupt(ctx)
	defer stop()
	err = agent.Serve(ctx, stdin, stdout, agent.Options{Version: version.Get().Version, Dir: dir, Log: stderr})
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(stderr, "carina-lsp mcp: %v\n", err)
		return 2
	}
	return 0
}
