package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/finding"
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
	fmt.Fprintf(stdout, "# the configuration in effect for %s\n", path)
	if len(chain.Files) == 0 {
		fmt.Fprintf(stdout, "# no %s in %s or above it: every value is the default\n", config.FileName, dir)
	} else {
		fmt.Fprintln(stdout, "# files, outermost first:")
		for _, f := range chain.Files {
			fmt.Fprintf(stdout, "#   %s\n", f.Path)
		}
	}
	var lines [][2]string
	add := func(key, value string, src config.Source) {
		lines = append(lines, [2]string{key + " = " + value, src.String()})
	}
	failOn, src, ok := chain.FailOn()
	if !ok {
		failOn = finding.Error
	}
	add("diagnostics.fail-on", fmt.Sprintf("%q", failOn), src)
	ign, src := chain.Ignored(path)
	add("ignored", fmt.Sprint(ign), src)
	for _, code := range finding.Codes() {
		if lv, src := chain.Level(path, code); lv != config.LevelUnset {
			add("diagnostics.levels."+string(code), fmt.Sprintf("%q", lv), src)
		}
	}
	extra, src, ok := chain.Schemas()
	if !ok {
		extra = []string{}
	}
	quoted := make([]string, len(extra))
	for i, e := range extra {
		quoted[i] = fmt.Sprintf("%q", e)
	}
	add("schemas.extra", "["+strings.Join(quoted, ", ")+"]", src)
	blocks, src, ok := chain.ListToBlocks()
	add("format.list-to-blocks", fmt.Sprint(blocks || !ok), src)
	indent, src, ok := chain.Indent()
	if !ok {
		indent = 2
	}
	add("format.indent", fmt.Sprint(indent), src)
	tabs, src, _ := chain.Tabs()
	add("format.tabs", fmt.Sprint(tabs), src)
	width := 0
	for _, l := range lines {
		width = max(width, len(l[0]))
	}
	for _, l := range lines {
		fmt.Fprintf(stdout, "%-*s  # %s\n", width, l[0], l[1])
	}
	if !slices.ContainsFunc(lines, func(l [2]string) bool { return strings.HasPrefix(l[0], "diagnostics.levels.") }) {
		fmt.Fprintln(stdout, "# every code is reported at its own level (no diagnostics.levels set)")
	} else {
		fmt.Fprintln(stdout, "# every other code is reported at its own level")
	}
	return 0
}
