package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/carina-rs/carina-lsp/cfn"
	"github.com/carina-rs/carina-lsp/schema"
)

// runConvert implements `carina-lsp convert`: a CloudFormation template to a Carina configuration.
func runConvert(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("convert", flag.ContinueOnError)
	fl.SetOutput(stderr)
	out := fl.String("o", "", "write `DIR`/main.crn (created; an existing main.crn is not overwritten) instead of standard output")
	version := fl.String("provider-version", "", "map through the embedded awscc schemas of `VERSION` and pin it in the provider block (default: the newest)")
	region := fl.String("region", "", "the provider block's `REGION` (default: us-east-1, reported as left to set)")
	fl.Usage = func() {
		fmt.Fprintf(stderr, "usage: carina-lsp convert [-o DIR] [-provider-version VERSION] [-region REGION] TEMPLATE\n\n"+
			"Converts a CloudFormation template (YAML or JSON; - reads standard input) to a Carina\n"+
			"configuration for the awscc provider (aws for the few types awscc lacks), formatted. What was\n"+
			"left for you to finish is listed on standard error with its place in the template. Exit\n"+
			"status: 0 all converted, 1 something left, 2 a template that cannot be read (or bad usage).\n\n"+
			"Flags:\n")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return 2
	}
	name := fl.Arg(0)
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(stdin)
		name = "<stdin>"
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp convert: %v\n", err)
		return 2
	}
	tmpl, err := cfn.Read(data)
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp convert: %s:%v\n", name, err)
		return 2
	}
	var d schema.Defaults
	idx, err := cfn.Schemas(&d, *version)
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp convert: -provider-version: %v\n", err)
		return 2
	}
	if *region != "" && !cfn.KnownRegion(idx, *region) {
		fmt.Fprintf(stderr, "carina-lsp convert: -region: %q is no region the awscc schemas know (us-east-1, eu-west-1, ...)\n", *region)
		return 2
	}
	res, err := cfn.Convert(ctx, tmpl, cfn.Options{Schemas: idx, Region: *region, ProviderVersion: *version})
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp convert: %s: %v\n", name, err)
		return 2
	}
	if *out != "" {
		if err := writeNew(filepath.Join(*out, "main.crn"), res.Text); err != nil {
			fmt.Fprintf(stderr, "carina-lsp convert: %v\n", err)
			return 2
		}
	} else if _, err := io.WriteString(stdout, res.Text); err != nil {
		fmt.Fprintf(stderr, "carina-lsp convert: %v\n", err)
		return 2
	}
	for _, n := range res.Notes {
		fmt.Fprintf(stderr, "%s:%s\n", name, n)
	}
	fmt.Fprintf(stderr, "carina-lsp convert: %s\n", res.Summary())
	if res.Left() > 0 {
		return 1
	}
	return 0
}

// writeNew writes text to path, creating its directory, unless a file is there already: a
// conversion never overwrites what may be someone's work.
func writeNew(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return fmt.Errorf("%s exists: remove it, or give -o another directory", path)
	}
	if err != nil {
		return err
	}
	if _, err := io.WriteString(f, text); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
