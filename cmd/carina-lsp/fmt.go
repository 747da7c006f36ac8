package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/carina-rs/carina-lsp/config"
	"github.com/carina-rs/carina-lsp/format"
	"github.com/carina-rs/carina-lsp/internal/atomicfile"
	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/session"
	"github.com/carina-rs/carina-lsp/source"
)

// stdinName names standard input in messages, lists and diffs.
const stdinName = "<standard input>"

// fmtFlags are the flags of `carina-lsp fmt`.
type fmtFlags struct {
	write, list, diff, check bool
	blocks                   bool // the list-to-block rewrite, with each file's schemas
	indent                   int
	tabs                     bool
	// set names the formatting flags given on the command line: they win over carina-lsp.toml.
	set map[string]bool
}

// fmtRun is one run of `carina-lsp fmt`: its flags, formatter and outputs, and whether a file
// failed (exit 2) or differed (exit 1 with -check).
type fmtRun struct {
	flags          fmtFlags
	schemas        schema.Sources
	sess           *session.Session         // each directory's carina-lsp.toml (the formatter's options) and the configurations whose schemas the rewrite asked for
	byDir          map[string]*dirFormatter // f with the rewrite of each directory's schemas
	stdout, stderr io.Writer
	failed         bool
	differed       bool
}

// runFmt implements `carina-lsp fmt`, with gofmt's conventions.
func runFmt(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("fmt", flag.ContinueOnError)
	fl.SetOutput(stderr)
	var r fmtRun
	fl.BoolVar(&r.flags.write, "w", false, "write the result to each file instead of stdout")
	fl.BoolVar(&r.flags.list, "l", false, "list the files whose formatting differs")
	fl.BoolVar(&r.flags.diff, "d", false, "print unified diffs (for patch -p0)")
	fl.BoolVar(&r.flags.check, "check", false, "like -l, but exit 1 when a file's formatting differs (for CI)")
	fl.BoolVar(&r.flags.blocks, "list-to-blocks", true, "rewrite a list of maps given to a list-of-struct attribute with a block name as repeated blocks, as carina fmt does (-list-to-blocks=false keeps lists)")
	fl.IntVar(&r.flags.indent, "indent", 2, "spaces per indentation level")
	fl.BoolVar(&r.flags.tabs, "tabs", false, "indent with tabs")
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
	if r.flags.indent < 1 {
		fmt.Fprintf(stderr, "carina-lsp fmt: -indent must be at least 1, got %d\n", r.flags.indent)
		return 2
	}
	r.flags.set = map[string]bool{}
	fl.Visit(func(f *flag.Flag) { r.flags.set[f.Name] = true })
	r.sess = session.New(session.Options{Sources: &r.schemas, Batch: true})
	r.stdout, r.stderr = stdout, stderr
	if r.flags.write {
		var stop context.CancelFunc
		ctx, stop = onInterrupt(ctx)
		defer stop()
	}

	paths := fl.Args()
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	for _, path := range paths {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "carina-lsp fmt: interrupted")
			return 2
		}
		if path == "-" {
			r.stdin(ctx, stdin)
			continue
		}
		r.path(ctx, path)
	}
	switch {
	case ctx.Err() != nil:
		fmt.Fprintln(stderr, "carina-lsp fmt: interrupted")
		return 2
	case r.failed:
		return 2
	case r.differed && r.flags.check:
		return 1
	}
	return 0
}

// errorf reports a problem that fails the run.
func (r *fmtRun) errorf(format string, args ...any) {
	fmt.Fprintf(r.stderr, "carina-lsp fmt: "+format+"\n", args...)
	r.failed = true
}

// stdin formats standard input.
func (r *fmtRun) stdin(ctx context.Context, in io.Reader) {
	if r.flags.write {
		r.errorf("cannot use -w with standard input")
		return
	}
	data, err := io.ReadAll(in)
	if err != nil {
		r.errorf("reading standard input: %v", err)
		return
	}
	r.source(ctx, stdinName, "", string(data), nil)
}

// options returns the formatter's options in directory dir ("" for standard input: the working
// directory's): the flags given, else the nearest carina-lsp.toml's [format], else the defaults.
// false when a carina-lsp.toml there is broken (reported).
func (r *fmtRun) options(dir string) (indent int, tabs, blocks, ok bool) {
	indent, tabs, blocks = r.flags.indent, r.flags.tabs, r.flags.blocks
	at := dir
	if at == "" {
		at = "."
	}
	chain := r.chain(at)
	if len(chain.Errors) > 0 {
		return 0, false, false, false
	}
	if v, _, set := chain.Indent(); set && !r.flags.set["indent"] {
		indent = v
	}
	if v, _, set := chain.Tabs(); set && !r.flags.set["tabs"] {
		tabs = v
	}
	if v, _, set := chain.ListToBlocks(); set && !r.flags.set["list-to-blocks"] {
		blocks = v
	}
	return indent, tabs, blocks, true
}

// path formats a file, or every .crn file under a directory.
func (r *fmtRun) path(ctx context.Context, path string) {
	info, err := os.Stat(path)
	if err != nil {
		r.errorf("%v", err)
		return
	}
	if !info.IsDir() {
		r.file(ctx, path)
		return
	}
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			r.errorf("%v", err)
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p != path && (session.Skip(d.Name()) || r.ignored(p)) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(d.Name(), ".crn") && d.Type().IsRegular() && !r.ignored(p) {
			r.file(ctx, p)
		}
		return nil
	})
	if err != nil && ctx.Err() == nil {
		r.errorf("%v", err)
	}
}

// chain returns the configuration in effect in dir, saying its files' mistakes once.
func (r *fmtRun) chain(dir string) *config.Chain {
	chain := r.sess.Chain(dir, "")
	for _, m := range r.sess.Unsaid(chain) {
		r.errorf("%s", m)
	}
	return chain
}

// ignored reports whether the carina-lsp.toml over path ignores it (a walk skips it).
func (r *fmtRun) ignored(path string) bool {
	return ignored(r.chain(filepath.Dir(path)), path)
}

// file formats one file.
func (r *fmtRun) file(ctx context.Context, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		r.errorf("%v", err)
		return
	}
	r.source(ctx, path, filepath.Dir(path), string(data), func(out string) error { return atomicfile.Replace(path, out) })
}

// dirFormatter formats the files of one directory with the list-to-block rewrite of its schemas,
// which are loaded only when a file has a list the rewrite asks about (most files have none, and
// loading the embedded schemas takes longer than formatting a file).
type dirFormatter struct {
	f    *format.Formatter
	load func() (*schema.Index, error)
	once sync.Once
	idx  *schema.Index
	err  error // why the schemas could not be loaded
}

// ListBlockName implements format.BlockNamer, loading the schemas on first use.
func (d *dirFormatter) ListBlockName(head string, read bool, path []string, key string) string {
	d.once.Do(func() { d.idx, d.err = d.load() })
	if d.err != nil {
		return ""
	}
	return d.idx.ListBlockName(head, read, path, key)
}

// formatter returns the formatter for a file of directory dir ("" for standard input): with its
// options (options) and, unless the rewrite is off, the list-to-block rewrite of dir's schemas;
// and the directory's schemas, to ask after formatting whether they could be loaded (nil
// without the rewrite). Standard input has no configuration: it gets the newest sets and the
// extra schemas (Base). Nil when the directory's carina-lsp.toml is broken.
func (r *fmtRun) formatter(ctx context.Context, dir string) (*format.Formatter, *dirFormatter) {
	if r.byDir == nil {
		r.byDir = map[string]*dirFormatter{}
	}
	if d, seen := r.byDir[dir]; seen {
		if d == nil {
			return nil, nil
		}
		if d.load == nil {
			return d.f, nil
		}
		return d.f, d
	}
	indent, tabs, blocks, ok := r.options(dir)
	if !ok {
		r.byDir[dir] = nil
		return nil, nil
	}
	d := &dirFormatter{f: format.New(format.Options{Indent: indent, Tabs: tabs})}
	r.byDir[dir] = d
	if !blocks {
		return d.f, nil
	}
	d.load = r.schemas.Base
	if dir != "" {
		d.load = func() (*schema.Index, error) { return r.dirSchemas(ctx, dir) }
	}
	d.f = d.f.WithBlocks(d)
	return d.f, d
}

// dirSchemas returns the schemas of the configuration in dir: those of the provider versions it
// chooses, as check reads it (workspace.Schemas). The configuration is built for that, when the
// rewrite first asks, and forgotten once its pins are read.
func (r *fmtRun) dirSchemas(ctx context.Context, dir string) (*schema.Index, error) {
	defer r.sess.Forget(dir)
	loaded, err := r.sess.Load(ctx, dir, session.Check{Chain: r.chain(dir)})
	if err != nil {
		return nil, err
	}
	return loaded.Schemas, nil
}

// source formats one text named name, of directory dir ("" for standard input), and does what
// the flags ask; write, when not nil, replaces the file's content.
func (r *fmtRun) source(ctx context.Context, name, dir, src string, write func(string) error) {
	fm, schemas := r.formatter(ctx, dir)
	if fm == nil {
		r.failed = true // its carina-lsp.toml is broken: said once
		return
	}
	out, err := fm.Source(src)
	if schemas != nil && schemas.err != nil {
		r.errorf("%s: %v", name, schemas.err) // its lists may be blocks in the schemas: no output
		return
	}
	if err != nil {
		var se *format.SyntaxError
		if errors.As(err, &se) {
			lines := source.NewLines(src)
			for _, e := range se.Errors {
				line, col := lines.UTF16(int(e.Span.Start))
				fmt.Fprintf(r.stderr, "%s:%d:%d: %s\n", name, line+1, col+1, e.Msg)
			}
			r.failed = true
			return
		}
		r.errorf("%s: %v", name, err)
		return
	}
	differs := out != src
	if differs {
		r.differed = true
	}
	f := r.flags
	if differs && (f.list || f.check) {
		fmt.Fprintln(r.stdout, name)
	}
	if differs && f.diff {
		io.WriteString(r.stdout, format.Unified(filepath.ToSlash(name), src, out))
	}
	if differs && f.write && write != nil {
		if err := write(out); err != nil {
			r.errorf("%v", err)
		}
	}
	if !f.list && !f.check && !f.diff && !f.write {
		io.WriteString(r.stdout, out)
	}
}
