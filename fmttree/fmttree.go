// Package fmttree owns formatting the .crn files of trees in place or to an output, the run
// behind `carina-lsp fmt`: the walk of each root (session.Skip, and each carina-lsp.toml's
// diagnostics.ignore), the formatter's options of each directory (its carina-lsp.toml chain's
// [format] under the options given), the list-to-block rewrite with the schemas of each
// directory's configuration (built through the session only when a file has a list the rewrite
// asks about), what is printed (the files that differ, unified diffs, the formatted text) and the
// files replaced atomically. The formatting itself is format's, which reads and writes no files.
package fmttree

import (
	"context"
	"errors"
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

// Options says what a run does with each file and prints where.
type Options struct {
	Write bool // replace each file that differs with its formatted text
	List  bool // print the name of each file that differs
	Diff  bool // print a unified diff (for patch -p0) of each file that differs
	Check bool // like List (the exit status is the caller's)
	// Without any of the four, the formatted text of every file is printed.

	Indent int  // spaces per indentation level
	Tabs   bool // indent with tabs
	Blocks bool // the list-to-block rewrite, with each directory's schemas
	// IndentSet, TabsSet and BlocksSet say that Indent, Tabs and Blocks were given (on the command
	// line): they win over carina-lsp.toml's [format], which wins over the others.
	IndentSet, TabsSet, BlocksSet bool

	Stdin          io.Reader // what the path "-" reads
	Stdout, Stderr io.Writer
	// Prefix begins each message on Stderr but a syntax error's (which reads path:line:col: message).
	Prefix string
}

// Result is what a run found.
type Result struct {
	Failed   bool // a file could not be read, parsed, formatted or written, or a carina-lsp.toml is broken (each said on Stderr)
	Differed bool // a file's formatting differs
}

// Run formats each path in turn: "-" standard input (to Stdout, never written), a file, or every
// .crn file under a directory. It stops before the next path, or the next file of a walk, once ctx
// is canceled: a file being written is finished.
func Run(ctx context.Context, paths []string, opts Options) Result {
	r := newRun(opts)
	for _, path := range paths {
		if ctx.Err() != nil {
			break
		}
		if path == "-" {
			r.stdin(ctx)
			continue
		}
		r.path(ctx, path)
	}
	return r.res
}

// run is one run: its options, the schemas and session behind the rewrite, each directory's
// formatter, and what it found.
type run struct {
	opts    Options
	schemas schema.Sources
	sess    *session.Session         // each directory's carina-lsp.toml (the formatter's options) and the configurations whose schemas the rewrite asked for
	byDir   map[string]*dirFormatter // the formatter of each directory, with the rewrite of its schemas; nil where its carina-lsp.toml is broken
	res     Result
}

func newRun(opts Options) *run {
	r := &run{opts: opts}
	r.sess = session.New(session.Options{Sources: &r.schemas, Batch: true})
	return r
}

// errorf reports a problem that fails the run.
func (r *run) errorf(format string, args ...any) {
	fmt.Fprint(r.opts.Stderr, r.opts.Prefix+fmt.Sprintf(format, args...)+"\n")
	r.res.Failed = true
}

// stdin formats standard input.
func (r *run) stdin(ctx context.Context) {
	if r.opts.Write {
		r.errorf("cannot use -w with standard input")
		return
	}
	data, err := io.ReadAll(r.opts.Stdin)
	if err != nil {
		r.errorf("reading standard input: %v", err)
		return
	}
	r.source(ctx, stdinName, "", string(data), nil)
}

// options returns the formatter's options in directory dir ("" for standard input: the working
// directory's): those given, else the nearest carina-lsp.toml's [format], else the defaults.
// false when a carina-lsp.toml there is broken (reported).
func (r *run) options(dir string) (indent int, tabs, blocks, ok bool) {
	o := r.opts
	indent, tabs, blocks = o.Indent, o.Tabs, o.Blocks
	at := dir
	if at == "" {
		at = "."
	}
	chain := r.chain(at)
	if len(chain.Errors) > 0 {
		return 0, false, false, false
	}
	if v, _, set := chain.Indent(); set && !o.IndentSet {
		indent = v
	}
	if v, _, set := chain.Tabs(); set && !o.TabsSet {
		tabs = v
	}
	if v, _, set := chain.ListToBlocks(); set && !o.BlocksSet {
		blocks = v
	}
	return indent, tabs, blocks, true
}

// path formats a file, or every .crn file under a directory.
func (r *run) path(ctx context.Context, path string) {
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
func (r *run) chain(dir string) *config.Chain {
	chain := r.sess.Chain(dir, "")
	for _, m := range r.sess.Unsaid(chain) {
		r.errorf("%s", m)
	}
	return chain
}

// ignored reports whether the carina-lsp.toml over path ignores it (a walk skips it).
func (r *run) ignored(path string) bool {
	ign, _ := r.chain(filepath.Dir(path)).Ignored(path)
	return ign
}

// file formats one file.
func (r *run) file(ctx context.Context, path string) {
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
func (r *run) formatter(ctx context.Context, dir string) (*format.Formatter, *dirFormatter) {
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
func (r *run) dirSchemas(ctx context.Context, dir string) (*schema.Index, error) {
	defer r.sess.Forget(dir)
	loaded, err := r.sess.Load(ctx, dir, session.Check{Chain: r.chain(dir)})
	if err != nil {
		return nil, err
	}
	return loaded.Schemas, nil
}

// source formats one text named name, of directory dir ("" for standard input), and does what
// the options ask; write, when not nil, replaces the file's content.
func (r *run) source(ctx context.Context, name, dir, src string, write func(string) error) {
	fm, schemas := r.formatter(ctx, dir)
	if fm == nil {
		r.res.Failed = true // its carina-lsp.toml is broken: said once
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
				fmt.Fprintf(r.opts.Stderr, "%s:%d:%d: %s\n", name, line+1, col+1, e.Msg)
			}
			r.res.Failed = true
			return
		}
		r.errorf("%s: %v", name, err)
		return
	}
	differs := out != src
	if differs {
		r.res.Differed = true
	}
	o := r.opts
	if differs && (o.List || o.Check) {
		fmt.Fprintln(o.Stdout, name)
	}
	if differs && o.Diff {
		io.WriteString(o.Stdout, format.Unified(filepath.ToSlash(name), src, out))
	}
	if differs && o.Write && write != nil {
		if err := write(out); err != nil {
			r.errorf("%v", err)
		}
	}
	if !o.List && !o.Check && !o.Diff && !o.Write {
		io.WriteString(o.Stdout, out)
	}
}
