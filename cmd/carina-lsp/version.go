package main

import (
	"fmt"
	"io"

	"github.com/carina-rs/carina-lsp/internal/version"
)

// runVersion implements `carina-lsp version`: one line with the version, the commit and the Go
// version and platform the binary was built with.
func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "carina-lsp version: takes no arguments (got %q)\n", args)
		return 2
	}
	fmt.Fprintln(stdout, "carina-lsp "+version.Get().String())
	return 0
}
