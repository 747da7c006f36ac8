package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/carina-rs/carina-lsp/plan"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/state"
)

// Exit codes of `carina-lsp plan`, as terraform plan -detailed-exitcode's.
const (
	planNoChanges = 0
	planError     = 1
	planChanges   = 2
)

// runPlan implements `carina-lsp plan`.
func runPlan(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("plan", flag.ContinueOnError)
	fl.SetOutput(stderr)
	format := fl.String("format", "text", "output format: text (Carina's plan display), json or markdown (a pull-request comment)")
	detail := fl.String("detail", "full", "text's detail, as carina plan --detail: full, explicit (no count of unchanged attributes) or none (names only)")
	destroy := fl.Bool("destroy", false, "plan what carina destroy --refresh=false would do: delete everything the state file records as running")
	fl.Usage = func() {
		fmt.Fprintf(stderr, "usage: carina-lsp plan [-destroy] [-format text|json|markdown] [-detail full|explicit|none] [directory]\n\n"+
			"Prints what `carina plan --refresh=false` (with -destroy, `carina destroy\n"+
			"--refresh=false`) would do to one configuration (a directory of .crn files, default .),\n"+
			"computed from its local state file alone: no provider, no credentials, no network.\n"+
			"Exit status 0 no changes, 2 changes, 1 an error.\n\nflags:\n")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return planError
	}
	opts, ok := map[string]plan.Options{
		"full":     {DeleteAttributes: true, Exports: true, Modules: true},
		"explicit": {DeleteAttributes: true, Exports: true, Explicit: true, Modules: true},
		"none":     {Exports: true, Compact: true, Modules: true},
	}[*detail]
	if !ok {
		fmt.Fprintf(stderr, "carina-lsp plan: -detail: %q is not full, explicit or none\n", *detail)
		return planError
	}
	write := map[string]func(io.Writer, *plan.Plan) error{
		"text": func(w io.Writer, p *plan.Plan) error {
			return plan.Write(w, p, opts)
		},
		"json":     plan.WriteJSON,
		"markdown": plan.WriteMarkdown,
	}[*format]
	if write == nil {
		fmt.Fprintf(stderr, "carina-lsp plan: -format: %q is not text, json or markdown\n", *format)
		return planError
	}
	if fl.NArg() > 1 {
		fmt.Fprintln(stderr, "carina-lsp plan: one configuration directory at a time")
		return planError
	}
	dir := "."
	if fl.NArg() == 1 {
		dir = fl.Arg(0)
	}
	if st, err := os.Stat(dir); err != nil {
		fmt.Fprintf(stderr, "carina-lsp plan: %v\n", err)
		return planError
	} else if !st.IsDir() {
		dir = filepath.Dir(dir) // a file stands for its configuration
	}
	sess := session.New(session.Options{})
	chain := sess.Chain(dir, "")
	if len(chain.Errors) > 0 {
		for _, e := range chain.Errors {
			fmt.Fprintf(stderr, "carina-lsp plan: %v\n", e)
		}
		return planError
	}
	loaded, err := sess.Load(ctx, dir, session.Check{Chain: chain})
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp plan: %v\n", err)
		return planError
	}
	cfg, idx := loaded.Config, loaded.Schemas
	if len(cfg.Files) == 0 {
		fmt.Fprintf(stderr, "carina-lsp plan: %s holds no .crn files\n", dir)
		return planError
	}
	for _, le := range cfg.LoadErrors {
		fmt.Fprintf(stderr, "carina-lsp plan: %s: %v\n", le.Path, le.Err)
		return planError
	}
	loc := state.Locate(cfg)
	st, err := state.Load(ctx, nil, loc, 0)
	if err != nil {
		where := ""
		if loc.File != nil {
			where = fmt.Sprintf(" (the backend block at %s)", (plan.Problem{File: loc.File, Span: loc.Span}).Place())
		}
		if errors.Is(err, state.ErrRemote) {
			fmt.Fprintf(stderr, "carina-lsp plan: %v%s; plan reads a local state file only\n", err, where)
		} else {
			fmt.Fprintf(stderr, "carina-lsp plan: state file: %v%s\n", err, where)
		}
		return planError
	}
	compute := plan.Compute
	if *destroy {
		compute = plan.ComputeDestroy
	}
	p, err := compute(ctx, plan.Input{Config: cfg, Info: cfg.Types(idx), Schemas: plan.IndexSchemas{Index: idx}, State: st})
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp plan: %v\n", err)
		return planError
	}
	for _, u := range p.Unsupported {
		fmt.Fprintf(stderr, "carina-lsp plan: %s: not planned: %s (the plan is incomplete)\n", u.Place(), u.Message)
	}
	if err := write(stdout, p); err != nil {
		fmt.Fprintf(stderr, "carina-lsp plan: %v\n", err)
		return planError
	}
	if len(p.Errors) > 0 {
		for _, e := range p.Errors {
			where := e.Place()
			if where == "" {
				where = loc.Path // a resource only the state file has
			}
			fmt.Fprintf(stderr, "carina-lsp plan: %s: error: %s\n", where, e.Message)
		}
		return planError
	}
	if p.Changed() {
		return planChanges
	}
	return planNoChanges
}
