package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"iter"
	"runtime"
	"strings"

	"github.com/carina-rs/carina-lsp/checktree"
	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/fix"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/report"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/session"
)

// runCheck implements `carina-lsp check`.
func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	fl.SetOutput(stderr)
	format := fl.String("format", "text", "output format: text, json, github (Actions annotations) or sarif (SARIF 2.1.0)")
	schemasFlag := fl.String("schemas", "", "extra schema index file or directory of *.json files (overrides the embedded aws and awscc schemas per resource type)")
	severityFlag := fl.String("severity", "error", "the least severity that fails the run (exit 1): error, warning or info")
	fixFlag := fl.Bool("fix", false, "apply the safe quick fixes (repeated until nothing changes), write the files, then report what remains")
	fo := fix.TargetOptions{Stdout: stdout, Stderr: stderr, Prefix: "carina-lsp check: "}
	fl.BoolVar(&fo.Diff, "diff", false, "with -fix: print the fixes as a unified diff and write nothing")
	fl.BoolVar(&fo.Unsafe, "unsafe-fixes", false, "with -fix: apply suggestions too (a did-you-mean among several names)")
	disableFlag := fl.String("disable", "", "comma-separated diagnostic codes not to report (e.g. pipe-form,tag-key-case); syntax errors cannot be disabled")
	verbose := fl.Bool("v", false, "say on stderr which provider version's schemas each configuration is checked with, and why")
	jobs := fl.Int("j", runtime.GOMAXPROCS(0), "how many configurations to check at once (default: one per core)")
	fl.Usage = func() {
		fmt.Fprintf(stderr, "usage: carina-lsp check [flags] [paths]\n\n"+
			"Checks .crn files. A directory is walked recursively; each directory holding .crn files is\n"+
			"one configuration. A file is checked as part of its directory's configuration.\n"+
			"With -fix, the quick fixes marked safe are applied first (-unsafe-fixes: the others too),\n"+
			"and the exit status is that of what remains.\n"+
			"Schemas: the embedded aws and awscc sets of the version carina-providers.lock or the provider\n"+
			"block's version asks for (the newest otherwise; -v says which), then .carina/schemas/*.json in\n"+
			"the configuration's directory or the nearest directory above it, then -schemas.\n\nflags:\n")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	severitySet := false
	fl.Visit(func(f *flag.Flag) { severitySet = severitySet || f.Name == "severity" })
	start, ok := report.ParseFormat(*format)
	if !ok {
		fmt.Fprintf(stderr, "carina-lsp check: unknown format %q (want text, json, github or sarif)\n", *format)
		return 2
	}
	if (fo.Diff || fo.Unsafe) && !*fixFlag {
		fmt.Fprintln(stderr, "carina-lsp check: -diff and -unsafe-fixes go with -fix")
		return 2
	}
	threshold, ok := finding.ParseSeverity(*severityFlag)
	if !ok || threshold == finding.Hint {
		fmt.Fprintf(stderr, "carina-lsp check: unknown severity %q (want error, warning or info)\n", *severityFlag)
		return 2
	}
	disabled, err := finding.ParseDisable(strings.Split(*disableFlag, ","))
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp check: -disable: %v\n", err)
		return 2
	}
	fo.Disable = disabled
	var extra []*schema.Provider
	if *schemasFlag != "" {
		ps, err := schema.LoadPath(*schemasFlag)
		if err != nil {
			fmt.Fprintf(stderr, "carina-lsp check: -schemas: %v\n", err)
			return 2
		}
		extra = ps
	}
	paths := fl.Args()
	if len(paths) == 0 {
		paths = []string{"."}
	}
	var indexes schema.Sources
	indexes.SetExtra(extra)
	sess := session.New(session.Options{Sources: &indexes, Override: *schemasFlag != "", Batch: true})
	ioFailed, internalFailed, fatal := false, false, false
	onPanic := func(p contain.Panic) {
		fmt.Fprintf(stderr, "carina-lsp check: internal error: %s (its findings there are missing; please report this with the file)\n%s", p, p.Stack)
		internalFailed = true
	}
	// Configurations are checked as the walk finds them; what they say is kept until the walk
	// has succeeded (a bad path says only that). With -fix, every configuration is fixed first.
	var targets func() (session.Target, bool)
	var walkErr error
	if *fixFlag {
		var stop context.CancelFunc
		ctx, stop = onInterrupt(ctx)
		defer stop()
		var all []session.Target
		if err := session.Targets(ctx, paths, func(t session.Target) { all = append(all, t) }); err != nil {
			fmt.Fprintf(stderr, "carina-lsp check: %v\n", err)
			return 2
		}
		fo.OnPanic = onPanic
		if !fix.Targets(ctx, sess, all, fo) {
			ioFailed = true
		}
		targets = session.Slice(all)
	} else {
		// Pulled, not sent by a goroutine: a walk that finds one configuration starts no thread.
		stopped := false
		next, stop := iter.Pull(func(yield func(session.Target) bool) {
			walkErr = session.Targets(ctx, paths, func(t session.Target) { stopped = stopped || !yield(t) })
		})
		defer stop()
		targets = next
	}
	c := &checktree.Checker{Session: sess, Options: diagnostics.Options{Disable: disabled}, Memo: true, Verbose: *verbose,
		Threshold: threshold, ThresholdSet: severitySet, Prefix: "carina-lsp check: "}
	// Each configuration's findings go to disk as it is done: memory does not grow with the
	// tree or the number of findings, and the report reads them back in order.
	sp := report.NewSpool()
	defer sp.Close()
	// One directory walked (NewEarly is nil otherwise): the findings of the part of the tree the
	// walk has left are formatted while the rest is checked, so that little is left to do after
	// the last configuration.
	var early *report.Early
	if !*fixFlag && !fo.Diff {
		early = report.NewEarly(sp, start, paths)
		defer early.Close()
	}
	var spoolErr error
	var messages []string
	failing := false
	c.Run(ctx, targets, *jobs, func(out checktree.Outcome) {
		messages = append(messages, out.Messages...)
		if err := sp.Add(out.Findings); err != nil && spoolErr == nil {
			spoolErr = err
		}
		early = early.Advance(out.Dir)
		failing = failing || out.Fails
		ioFailed = ioFailed || out.IOFailed
		internalFailed = internalFailed || out.Internal
		fatal = fatal || out.Fatal
	})
	if walkErr != nil && ctx.Err() == nil {
		fmt.Fprintf(stderr, "carina-lsp check: %v\n", walkErr)
		return 2
	}
	printed := map[string]bool{}
	for _, m := range messages {
		if !printed[m] { // a broken carina-lsp.toml is said by each configuration under it
			printed[m] = true
			fmt.Fprint(stderr, m)
		}
	}
	if fatal {
		return 2
	}
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "carina-lsp check: interrupted")
		return 2
	}
	out := bufio.NewWriterSize(stdout, 64<<10) // one write a line was most of the time of a large report
	err = spoolErr
	if err == nil && !fo.Diff { // with -diff the diff is the output
		if early != nil {
			err = early.Finish(out)
		} else {
			err = sp.Report(out, start)
		}
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "carina-lsp check: %v\n", err)
		return 2
	}
	switch {
	case ioFailed, internalFailed:
		return 2
	case failing:
		return 1
	}
	return 0
}
