package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/carina-rs/carina-lsp/lsp"
)

// runServe implements `carina-lsp` and `carina-lsp serve`: the language server on stdin/stdout.
// Logs go to stderr, never stdout (the protocol channel).
func runServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	fl.SetOutput(stderr)
	levelName := fl.String("log-level", "info", "log level on stderr: debug, info, warn or error (the client's logLevel setting overrides it)")
	fl.Bool("stdio", true, "talk LSP over stdin and stdout (the only transport; accepted for clients that pass it)")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	var lvl zapcore.Level
	if err := lvl.UnmarshalText([]byte(*levelName)); err != nil {
		fmt.Fprintf(stderr, "carina-lsp: unknown log level %q\n", *levelName)
		return 2
	}
	level := zap.NewAtomicLevelAt(lvl)
	enc := zap.NewDevelopmentEncoderConfig()
	logger := zap.New(zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.Lock(zapcore.AddSync(stderr)), level))
	defer func() { _ = logger.Sync() }()
	if stdin == nil || stdout == nil {
		fmt.Fprintln(stderr, "carina-lsp: the language server needs stdin and stdout")
		return 2
	}
	ctx, stop := onInterrupt(ctx)
	defer stop()
	srv := lsp.New(lsp.Options{Logger: logger, Level: level})
	return srv.Serve(ctx, stdio{stdin, stdout})
}

// stdio joins stdin and stdout into the connection the server talks over.
type stdio struct {
	io.Reader
	io.Writer
}

func (s stdio) Close() error {
	var errs []error
	if c, ok := s.Reader.(io.Closer); ok {
		errs = append(errs, c.Close())
	}
	if c, ok := s.Writer.(io.Closer); ok {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}
