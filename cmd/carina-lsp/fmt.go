package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/carina-rs/carina-lsp/fmttree"
)

// runFmt implements `carina-lsp fmt`, with gofmt's conventions.
func runFmt(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("fmt", flag.ContinueOnError)
	fl.SetOutput(stderr)
	o := fmttree.Options{Stdin: stdin, Stdout: stdout, Stderr: stderr, Prefix: "carina-lsp fmt: "}
	fl.BoolVar(&o.Write, "w", false, "write the result to each file instead of stdout")
	fl.BoolVar(&o.List, "l", false, "list the files whose formatting differs")
	fl.BoolVar(&o.Diff, "d", false, "print unified diffs (for patch -p0)")
	fl.BoolVar(&o.Check, "check", false, "like -l, but exit 1 when a file's formatting differs (for CI)")
	fl.BoolVar(&o.Blocks, "list-to-blocks", true, "rewrite a list of maps given to a list-of-struct attribute with a block name as repeated blocks, as carina fmt does (-list-to-blocks=false keeps lists)")
	fl.IntVar(&o.Indent, "indent", 2, "spaces per indentation level")
	fl.BoolVar(&o.Tabs, "tabs", false, "indent with tabs")
	fl.Usage = func() {
		fmt.Fprintf(stderr, "usage: carina-lsp fmt [flags] [paths]\n\n"+
			"Formats .crn files in the style of carina fmt. Without paths, or with -, it formats\n"+
			"standard input to standard output. A directory is walked recursively for .crn files,\n"+
			"skipping hidden directories. With the schemas of each file's configuration (the\n"+
			"embedded aws and awscc sets of the provider versions it chooses, as check does, then\n"+
			".carina/schemas; the newest sets for standard input), a list of maps given to an\n"+
			"attribute whose schema writes it as repeated blocks becomes those blocks, as in carina fmt.\n"+
			"The [format] table of the nearest carina-lsp.toml sets the options the flags do not\n"+
			"(standard input: the working directory's); its diagnostics.ignore skips paths in a walk.\n"+
			"Exit status: 0, 1 when -check finds a file to format,\n"+
			"2 on syntax errors (reported as path:line:col: message), I/O or usage errors.\n\nflags:\n")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if o.Indent < 1 {
		fmt.Fprintf(stderr, "carina-lsp fmt: -indent must be at least 1, got %d\n", o.Indent)
		return 2
	}
	// The formatting flags given win over carina-lsp.toml.
	fl.Visit(func(f *flag.Flag) {
		o.IndentSet = o.IndentSet || f.Name == "indent"
		o.TabsSet = o.TabsSet || f.Name == "tabs"
		o.BlocksSet = o.BlocksSet || f.Name == "list-to-blocks"
	})
	if o.Write {
		var stop context.CancelFunc
		ctx, stop = onInterrupt(ctx)
		defer stop()
	}
	paths := fl.Args()
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	res := fmttree.Run(ctx, paths, o)
	switch {
	case ctx.Err() != nil:
		fmt.Fprintln(stderr, "carina-lsp fmt: interrupted")
		return 2
	case res.Failed:
		return 2
	case res.Differed && o.Check:
		return 1
	}
	return 0
}
