package main

import (
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/carina-rs/carina-lsp/schema"
)

// runSchemas implements `carina-lsp schemas`: the embedded schema sets, their versions and dates.
func runSchemas(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("schemas", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.Usage = func() {
		fmt.Fprintf(stderr, "usage: carina-lsp schemas\n\n"+
			"Lists the embedded schema sets: per provider the newest known, then each released version.\n"+
			"A configuration is checked with the version its carina-providers.lock or its provider block's\n"+
			"version asks for (see check -v).\n")
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 0 {
		fl.Usage()
		return 2
	}
	var d schema.Defaults
	sets, err := d.Catalog()
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp schemas: %v\n", err)
		return 2
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "PROVIDER\tVERSION\tSOURCE DATE\tTYPES")
	for _, s := range sets {
		v := s.Version
		if v == "" {
			v = "newest"
		}
		date := s.Date
		if len(date) >= 10 {
			date = date[:10]
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\n", s.Provider, v, date, s.Types)
	}
	w.Flush()
	return 0
}
