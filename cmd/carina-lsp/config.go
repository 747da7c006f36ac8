package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/carina-rs/carina-lsp/config"
)

// runConfig implements `carina-lsp config [PATH]`: the configuration in effect for a file or
// directory, and where each value comes from.
func runConfig(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("config", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.Usage = func() {
		fmt.Fprintf(stderr, "usage: carina-lsp config [path]\n\n"+
			"Prints the configuration in effect for a .crn file or a directory (default .): the\n"+
			"carina-lsp.toml files that apply, outermost first (the file's directory and those above\n"+
			"it, up to the repository root), and each value with where it comes from. Command-line\n"+
			"flags and editor settings override these values (docs/configuration.md).\n"+
			"Exit status 2 when a file is broken (each mistake with its line and column).\n")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 1 {
		fmt.Fprintln(stderr, "carina-lsp config: one path at a time")
		return 2
	}
	path := "."
	if fl.NArg() == 1 {
		path = fl.Arg(0)
	}
	st, err := os.Stat(path)
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp config: %v\n", err)
		return 2
	}
	dir := path
	if !st.IsDir() {
		dir = filepath.Dir(path)
	}
	chain := config.NewLoader().Chain(dir, "")
	for _, e := range chain.Errors {
		fmt.Fprintf(stderr, "carina-lsp config: %s\n", e)
	}
	if len(chain.Errors) > 0 {
		return 2
	}
	io.WriteString(stdout, chain.Explain(path, dir))
	return 0
}
