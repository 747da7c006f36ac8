package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/graph"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/session"
)

// runGraph implements `carina-lsp graph`.
func runGraph(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("graph", flag.ContinueOnError)
	fl.SetOutput(stderr)
	format := fl.String("format", "", "output format: svg, dot, mermaid, json or order (default: svg when -o names a .svg file, else dot)")
	expand := fl.Bool("expand-modules", false, "draw the inside of each module instance as a cluster")
	out := fl.String("o", "", "write to this file instead of standard output")
	schemasFlag := fl.String("schemas", "", "extra schema index file or directory of *.json files (a wait's default timeout)")
	direction := fl.String("direction", "LR", "svg: where apply order runs, LR (left to right) or TB (top to bottom)")
	theme := fl.String("theme", "light", "svg: the palette, light or dark")
	fl.Usage = func() {
		fmt.Fprintf(stderr, "usage: carina-lsp graph [-format svg|dot|mermaid|json|order] [-direction LR|TB] [-theme light|dark] [-expand-modules] [-o FILE] [directory]\n\n"+
			"Writes the dependency graph of one configuration (a directory of .crn files, default .):\n"+
			"its resources, data sources, waits, module instances, upstream states and provider\n"+
			"instances, and what each waits for. order writes a first apply's order in Carina's plan\n"+
			"lines. Exit status 1 when the configuration has a dependency cycle (it is still drawn).\n\nflags:\n")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 1 {
		fmt.Fprintln(stderr, "carina-lsp graph: one configuration directory at a time")
		return 2
	}
	f, err := graph.FormatFor(*format, *out)
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp graph: %v\n", err)
		return 2
	}
	var svgOpts graph.SVGOptions
	if svgOpts.Direction, err = graph.ParseDirection(*direction); err != nil {
		fmt.Fprintf(stderr, "carina-lsp graph: -direction: %v\n", err)
		return 2
	}
	if svgOpts.Theme, err = graph.ParseTheme(*theme); err != nil {
		fmt.Fprintf(stderr, "carina-lsp graph: -theme: %v\n", err)
		return 2
	}
	dir := "."
	if fl.NArg() == 1 {
		dir = fl.Arg(0)
	}
	if st, err := os.Stat(dir); err != nil {
		fmt.Fprintf(stderr, "carina-lsp graph: %v\n", err)
		return 2
	} else if !st.IsDir() {
		dir = filepath.Dir(dir) // a file stands for its configuration
	}
	var sources schema.Sources
	if *schemasFlag != "" {
		ps, err := schema.LoadPath(*schemasFlag)
		if err != nil {
			fmt.Fprintf(stderr, "carina-lsp graph: -schemas: %v\n", err)
			return 2
		}
		sources.SetExtra(ps)
	}
	// The nearest carina-lsp.toml: the levels of the errors counted on the nodes, its schemas.
	sess := session.New(session.Options{Sources: &sources, Override: *schemasFlag != ""})
	chain := sess.Chain(dir, "")
	for _, m := range sess.Unsaid(chain) {
		fmt.Fprintf(stderr, "carina-lsp graph: %s\n", m)
	}
	if len(chain.Errors) > 0 {
		return 2
	}
	loaded, err := sess.Load(ctx, dir, session.Check{Chain: chain})
	if se := (*session.SchemaError)(nil); errors.As(err, &se) && se.Pins {
		fmt.Fprintf(stderr, "carina-lsp graph: schemas: %v\n", err)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp graph: %v\n", err)
		return 2
	}
	cfg, idx := loaded.Config, loaded.Schemas
	if len(cfg.Files) == 0 {
		fmt.Fprintf(stderr, "carina-lsp graph: %s holds no .crn files\n", dir)
		return 2
	}
	for _, le := range cfg.LoadErrors {
		fmt.Fprintf(stderr, "carina-lsp graph: %s: %v\n", le.Path, le.Err)
		return 2
	}
	// With a statement memo, as check runs: a statement repeated verbatim is analysed once.
	problems := session.Checks(chain, diagnostics.Options{Memo: diagnostics.NewMemo()})(ctx, cfg, idx)
	g := graph.Build(cfg, idx, graph.Options{ExpandModules: *expand, Problems: problems})
	var buf bytes.Buffer
	if err := g.Write(ctx, &buf, f, svgOpts); err != nil {
		fmt.Fprintf(stderr, "carina-lsp graph: %v\n", err)
		return 2
	}
	if *out == "" {
		_, err = stdout.Write(buf.Bytes())
	} else {
		err = os.WriteFile(*out, buf.Bytes(), 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp graph: %v\n", err)
		return 2
	}
	for _, l := range g.LeftOut {
		fmt.Fprintf(stderr, "carina-lsp graph: left out %s: it does not parse\n", graph.Visible(g.Place(l)))
	}
	if len(g.Cycles) > 0 {
		for _, c := range g.Cycles {
			// Visible: a file name in an anonymous node's id may hold a control character.
			fmt.Fprintf(stderr, "carina-lsp graph: dependency cycle: %s -> %s\n", graph.Visible(strings.Join(c, " -> ")), graph.Visible(c[0]))
		}
		return 1
	}
	return 0
}
