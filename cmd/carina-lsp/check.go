package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/carina-rs/carina-lsp/diagnostics"
	"github.com/carina-rs/carina-lsp/finding"
	"github.com/carina-rs/carina-lsp/internal/contain"
	"github.com/carina-rs/carina-lsp/report"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// runCheck implements `carina-lsp check`.
func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	fl.SetOutput(stderr)
	format := fl.String("format", "text", "output format: text, json, github (Actions annotations) or sarif (SARIF 2.1.0)")
	schemasFlag := fl.String("schemas", "", "extra schema index file or directory of *.json files (overrides the embedded aws and awscc schemas per resource type)")
	severityFlag := fl.String("severity", "error", "the least severity that fails the run (exit 1): error, warning or info")
	var ff fixFlags
	fl.BoolVar(&ff.fix, "fix", false, "apply the safe quick fixes (repeated until nothing changes), write the files, then report what remains")
	fl.BoolVar(&ff.diff, "diff", false, "with -fix: print the fixes as a unified diff and write nothing")
	fl.BoolVar(&ff.unsafe, "unsafe-fixes", false, "with -fix: apply suggestions too (a did-you-mean among several names)")
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
	if (ff.diff || ff.unsafe) && !ff.fix {
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
	ff.disable = disabled
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
	proj := newProjects(&indexes, *schemasFlag != "")
	ws := workspace.New(workspace.OSFS{})
	ioFailed, internalFailed, fatal := false, false, false
	onPanic := func(p contain.Panic) {
		fmt.Fprintf(stderr, "carina-lsp check: internal error: %s (its findings there are missing; please report this with the file)\n%s", p, p.Stack)
		internalFailed = true
	}
	// Configurations are checked as the walk finds them; what they say is kept until the walk
	// has succeeded (a bad path says only that). With -fix, every configuration is fixed first.
	var targets func() (target, bool)
	var walkErr error
	if ff.fix {
		var stop context.CancelFunc
		ctx, stop = onInterrupt(ctx)
		defer stop()
		all, err := collectTargets(paths)
		if err != nil {
			fmt.Fprintf(stderr, "carina-lsp check: %v\n", err)
			return 2
		}
		if !fixTargets(ctx, ws, all, proj, ff, onPanic, stdout, stderr) {
			ioFailed = true
		}
		targets = sliceTargets(all)
	} else {
		// Pulled, not sent by a goroutine: a walk that finds one configuration starts no thread.
		stopped := false
		next, stop := iter.Pull(func(yield func(target) bool) {
			walkErr = walkTargets(paths, func(t target) { stopped = stopped || !yield(t) })
		})
		defer stop()
		targets = next
	}
	c := &checker{ws: ws, projects: proj, opts: diagnostics.Options{Disable: disabled}, memo: true, verbose: *verbose, threshold: threshold, thresholdSet: severitySet}
	// Each configuration's findings go to disk as it is done: memory does not grow with the
	// tree or the number of findings, and the report reads them back in order.
	sp := report.NewSpool()
	defer sp.Close()
	// One directory walked (NewEarly is nil otherwise): the findings of the part of the tree the
	// walk has left are formatted while the rest is checked, so that little is left to do after
	// the last configuration.
	var early *report.Early
	if !ff.fix && !ff.diff {
		early = report.NewEarly(sp, start, paths)
		defer early.Close()
	}
	var spoolErr error
	var messages []string
	failing := false
	c.run(ctx, targets, *jobs, func(out checked) {
		messages = append(messages, out.messages...)
		if err := sp.Add(out.findings); err != nil && spoolErr == nil {
			spoolErr = err
		}
		early = early.Advance(out.dir)
		failing = failing || out.fails
		ioFailed = ioFailed || out.ioFailed
		internalFailed = internalFailed || out.internal
		fatal = fatal || out.fatal
	})
	if walkErr != nil {
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
	if err == nil && !ff.diff { // with -diff the diff is the output
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

// target is one configuration directory to check; only, when set, limits the report to the
// files named on the command line.
type target struct {
	dir  string
	only map[string]bool
	err  error // a directory that could not be listed: reported, the others are checked
}

// collectTargets turns the command line's paths into configuration directories: a file stands
// for its directory (reporting only that file), a directory for every directory under it that
// holds .crn files.
func collectTargets(paths []string) ([]target, error) {
	var out []target
	err := walkTargets(paths, func(t target) { out = append(out, t) })
	if err != nil {
		return nil, err
	}
	return out, nil
}

// within reports whether dir is top or lies under it.
func within(dir, top string) bool {
	return dir == top || strings.HasPrefix(dir, top) && (strings.HasSuffix(top, string(filepath.Separator)) || dir[len(top)] == filepath.Separator)
}

// walkTargets hands the targets of collectTargets to emit in the same order. When the paths are
// all directories, each target is handed over as soon as the walk finds it (`check` checks it
// meanwhile); a file among them may widen a target found earlier, so then they are handed over
// once the walk is done.
func walkTargets(paths []string, emit func(target)) error {
	stream := true
	for _, p := range paths {
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			stream = false
		}
	}
	byDir := map[string]*target{}
	var order []string
	// One directory walked, the large case, needs no byDir: a directory's files come together
	// (between its subdirectories'), so only the directories with targets that enclose the place
	// reached are remembered, and memory does not grow with the tree.
	single := stream && len(paths) == 1
	var enclosing []string
	fresh := func(dir string) bool {
		for len(enclosing) > 0 && !within(dir, enclosing[len(enclosing)-1]) {
			enclosing = enclosing[:len(enclosing)-1]
		}
		if len(enclosing) > 0 && enclosing[len(enclosing)-1] == dir {
			return false
		}
		enclosing = append(enclosing, dir)
		return true
	}
	add := func(dir, file string) {
		if single {
			if fresh(dir) {
				emit(target{dir: dir})
			}
			return
		}
		t := byDir[dir]
		if t == nil {
			t = &target{dir: dir}
			if file != "" {
				t.only = map[string]bool{}
			}
			byDir[dir] = t
			order = append(order, dir)
			if stream {
				emit(*t)
			}
		}
		switch {
		case file == "":
			t.only = nil
		case t.only != nil:
			t.only[file] = true
		}
	}
	for _, p := range paths {
		p = filepath.Clean(p)
		info, err := os.Stat(p)
		if err != nil {
			return err
		}
		if !info.IsDir() {
			if !workspace.IsSource(p) {
				return fmt.Errorf("%s: not a .crn file", p)
			}
			add(filepath.Dir(p), p)
			continue
		}
		found := false
		root := p
		if li, err := os.Lstat(p); err == nil && li.Mode()&fs.ModeSymlink != 0 {
			// WalkDir does not follow a symlinked root; a trailing separator makes it.
			root = p + string(filepath.Separator)
		}
		err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrPermission) && path != root {
					// Reported with the results; the rest of the tree is still checked.
					found = true
					if single {
						if fresh(path) {
							emit(target{dir: path, err: fmt.Errorf("%s: permission denied", path)})
						}
					} else if byDir[path] == nil {
						t := &target{dir: path, err: fmt.Errorf("%s: permission denied", path)}
						byDir[path], order = t, append(order, path)
						if stream {
							emit(*t)
						}
					}
					if d != nil && d.IsDir() {
						return filepath.SkipDir
					}
					return nil
				}
				if errors.Is(err, fs.ErrPermission) {
					return fmt.Errorf("%s: permission denied", path)
				}
				return err
			}
			if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if !d.IsDir() && workspace.IsSource(d.Name()) {
				found = true
				add(filepath.Dir(path), "")
			}
			return nil
		})
		if err != nil {
			return err
		}
		if !found {
			return fmt.Errorf("%s: no .crn files found", p)
		}
	}
	if !stream {
		for _, d := range order {
			emit(*byDir[d])
		}
	}
	return nil
}
