// Package workspace owns the semantic model of Carina configurations: a directory of `*.crn`
// files is one configuration with one namespace. A Config holds the declarations, scopes
// (block-local lets, for/if/fn bodies), references resolved across the files of the directory,
// `use` modules and `upstream_state` sources resolved relative to the configuration, waits with
// their targets and depends_on entries, and the dependency graph (Deps).
//
// A Workspace (New) reads the files through an FS, open editor buffers overriding files on disk
// (SetOverlay, EditOverlay, which carry the buffer's incremental parse), and Workspace.Config
// builds a directory's Config and caches it until a directory it read changes. A build works on
// a snapshot of the buffers, so an edit never waits for one. Build makes a Config from files
// already parsed, reading nothing. It does not speak LSP.
package workspace

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/source"
)

// FS is what the workspace reads from disk.
type FS interface {
	ReadFile(path string) ([]byte, error)
	ReadDir(dir string) ([]fs.DirEntry, error)
}

// OSFS reads the real file system.
type OSFS struct{}

// ReadFile reads a file.
func (OSFS) ReadFile(path string) ([]byte, error) { return readFile(path) }

// ReadDir lists a directory.
func (OSFS) ReadDir(dir string) ([]fs.DirEntry, error) { return os.ReadDir(dir) }

// RealPath resolves the symbolic links of a path.
func (OSFS) RealPath(path string) (string, error) { return filepath.EvalSymlinks(path) }

// realPather is an FS that can resolve symbolic links (OSFS): import cycles through links are
// found by comparing resolved directories.
type realPather interface {
	RealPath(path string) (string, error)
}

// Workspace holds the configurations of one or more directory trees, the open buffers that
// override files on disk, and a parser per file so that re-parsing after an edit reuses every
// unchanged statement. It is safe for concurrent use.
//
// Its lock is held for map operations only, never while a file is parsed or a configuration
// built: a build works on a snapshot (the open buffers as they were when it started, which are
// replaced on every change, never mutated, and a sequence number), so that an edit never waits
// for a build, and builds of different configurations run in parallel.
type Workspace struct {
	fs     FS
	parser *grammar.Parser

	mu       sync.Mutex
	overlays map[string]*overlay   // open buffers by clean path; copy-on-write
	files    map[string]*fileState // per file: its parser and its last parse from disk
	dirFiles map[string][]string   // the paths of files by directory
	seq      uint64                // bumped by every change
	changed  map[string]uint64     // per directory: seq of its last change
	configs  map[string]*built     // by directory
	flights  map[string]*flight    // builds under way, by directory
}

// overlay is one version of an open buffer: its text, its parse (kept for incremental
// re-parsing) and its line index (shared with the editor's document).
type overlay struct {
	text    string
	doc     *grammar.Doc
	lines   *source.Lines
	version int32 // the editor's version of the buffer
	once    sync.Once
	file    *File
}

// File returns the buffer as a file of a configuration, built on first use.
func (o *overlay) File(path string) *File {
	o.once.Do(func() {
		o.file = &File{Path: path, AST: o.doc.File(), Lines: o.lines, Overlay: true, Version: o.version}
	})
	return o.file
}

type fileState struct {
	parser *grammar.Parser
	mu     sync.Mutex
	parsed *File // the last parse of the file on disk
}

// built is a configuration with what it was built from: the snapshot's sequence number and every
// directory it read (its own, its modules' and upstream configurations', recursively, and those
// it looked for in vain).
type built struct {
	c    *Config
	seq  uint64
	deps map[string]bool
	// cut holds the directories at which a circular import was cut in the build, below or at
	// this directory: where the loading started decides where a cycle is cut, so the build
	// stands for a caller only when each of them is being loaded above it too (or is this
	// directory).
	cut map[string]bool
}

// servesFrom reports whether b is the build of dir a caller loading stack above it would make.
func (b *built) servesFrom(dir string, stack []string) bool {
	for d := range b.cut {
		if d != dir && !slices.Contains(stack, d) {
			return false
		}
	}
	return true
}

// flight is a build of a directory under way: callers wanting the same configuration of the same
// snapshot wait for it rather than build it again.
type flight struct {
	seq  uint64
	done chan struct{}
	b    *built
	err  error
}

// snapshot is what a build reads besides the disk, and what it learnt of the disk's symbolic links
// (a build resolves each directory once).
type snapshot struct {
	overlays map[string]*overlay
	seq      uint64
	real     map[string]string
}

// New returns a workspace reading through fsys (OSFS{} for the real disk).
func New(fsys FS) *Workspace {
	return &Workspace{
		fs:       fsys,
		parser:   grammar.NewParser(),
		overlays: map[string]*overlay{},
		files:    map[string]*fileState{},
		dirFiles: map[string][]string{},
		changed:  map[string]uint64{},
		configs:  map[string]*built{},
		flights:  map[string]*flight{},
	}
}

// IsSource reports whether a path names a Carina source file.
func IsSource(path string) bool { return strings.HasSuffix(path, ".crn") }

// state returns the parse state of a path; w.mu is held.
func (w *Workspace) state(path string) *fileState {
	st := w.files[path]
	if st == nil {
		st = &fileState{parser: w.parser.Fork()}
		w.files[path] = st
		dir := filepath.Dir(path)
		w.dirFiles[dir] = append(w.dirFiles[dir], path)
	}
	return st
}

// touch records a change in dir; w.mu is held.
func (w *Workspace) touch(dir string) {
	w.seq++
	w.changed[dir] = w.seq
}

// setOverlay replaces the overlays map with one where path has ov (or none); w.mu is held.
func (w *Workspace) setOverlay(path string, ov *overlay) {
	m := make(map[string]*overlay, len(w.overlays)+1)
	for p, o := range w.overlays {
		m[p] = o
	}
	if ov != nil {
		m[path] = ov
	} else {
		delete(m, path)
	}
	w.overlays = m
	w.touch(filepath.Dir(path))
}

// SetOverlay makes text the content of path (an open editor buffer), whatever is on disk. What
// changed since the buffer's previous text is found by comparing the two; EditOverlay is the
// same for a caller that knows the change.
func (w *Workspace) SetOverlay(path, text string) {
	path = filepath.Clean(path)
	w.mu.Lock()
	prev := w.overlays[path]
	w.mu.Unlock()
	var lines *source.Lines
	e := grammar.Edit{Start: -1}
	if prev != nil {
		e = grammar.Diff(prev.text, text)
		lines = prev.lines.Edit(text, e.Start, e.OldEnd, e.NewEnd)
	} else {
		lines = source.NewLines(text)
	}
	w.EditOverlay(path, text, lines, e, 0)
}

// EditOverlay makes text the content of path (an open editor buffer) and returns its parse: e
// says what changed since the buffer's previous text (its bytes [e.Start, e.OldEnd) became text's
// [e.Start, e.NewEnd)), so that only the statements around the change are lexed and parsed again,
// and lines is text's line index (the editor's, shared). An e that does not fit (Start < 0, or a
// buffer opened now) makes it parse the text whole, reusing the statements of the file's last
// parse. version is the editor's version of the buffer (File.Version).
func (w *Workspace) EditOverlay(path, text string, lines *source.Lines, e grammar.Edit, version int32) *grammar.Doc {
	path = filepath.Clean(path)
	w.mu.Lock()
	prev := w.overlays[path]
	st := w.state(path)
	w.mu.Unlock()
	var doc *grammar.Doc
	if prev != nil && e.Start >= 0 {
		doc = st.parser.Reparse(prev.doc, text, e)
	} else {
		doc = st.parser.ParseDoc(text)
	}
	w.mu.Lock()
	w.setOverlay(path, &overlay{text: text, doc: doc, lines: lines, version: version})
	w.mu.Unlock()
	return doc
}

// ClearOverlay returns path to its content on disk (the buffer was closed).
func (w *Workspace) ClearOverlay(path string) {
	path = filepath.Clean(path)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.setOverlay(path, nil)
}

// Changed records that path changed on disk.
func (w *Workspace) Changed(path string) {
	path = filepath.Clean(path)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.touch(filepath.Dir(path))
}

// Forget drops what the workspace keeps of a directory: its built configuration and the parses
// of its files on disk (not its open buffers). `carina-lsp check` forgets each configuration once
// reported, so that its memory does not grow with the tree.
func (w *Workspace) Forget(dir string) {
	dir = filepath.Clean(dir)
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.configs, dir)
	for _, p := range w.dirFiles[dir] {
		delete(w.files, p)
	}
	delete(w.dirFiles, dir)
}

// Stats is what a workspace holds: built configurations, files whose parse it keeps (from disk)
// and open buffers.
type Stats struct {
	Configs, Files, Overlays int
}

// Stats says what the workspace holds now.
func (w *Workspace) Stats() Stats {
	w.mu.Lock()
	defer w.mu.Unlock()
	files := 0
	for _, st := range w.files {
		st.mu.Lock()
		if st.parsed != nil {
			files++
		}
		st.mu.Unlock()
	}
	return Stats{Configs: len(w.configs), Files: files, Overlays: len(w.overlays)}
}

// Config returns the configuration of a directory, building it (and the modules and upstream
// configurations it uses) when something in it changed since it was last built. A build under
// way for the same directory and the same state of it is waited for rather than repeated; the
// build itself holds no lock.
func (w *Workspace) Config(ctx context.Context, dir string) (*Config, error) {
	dir = filepath.Clean(dir)
	for {
		w.mu.Lock()
		if b := w.configs[dir]; b != nil && w.fresh(b) && b.servesFrom(dir, nil) {
			w.mu.Unlock()
			return b.c, nil
		}
		// A build that started after the directory's last change is building what this caller
		// wants.
		if fl := w.flights[dir]; fl != nil && fl.seq >= w.changed[dir] {
			w.mu.Unlock()
			select {
			case <-fl.done:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			if fl.err == nil {
				w.mu.Lock()
				fresh := w.fresh(fl.b) && fl.b.servesFrom(dir, nil)
				w.mu.Unlock()
				if fresh {
					return fl.b.c, nil
				}
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			continue // the build failed (canceled by its caller) or is stale: build it here
		}
		snap := snapshot{overlays: w.overlays, seq: w.seq, real: map[string]string{}}
		fl := &flight{seq: snap.seq, done: make(chan struct{})}
		w.flights[dir] = fl
		w.mu.Unlock()

		w.fly(ctx, dir, snap, fl)
		if fl.err != nil {
			return nil, fl.err
		}
		return fl.b.c, nil
	}
}

// fly runs the build of a flight and lands it, also when the build panics (its waiters then
// build the configuration themselves, and meet the panic in their own request).
func (w *Workspace) fly(ctx context.Context, dir string, snap snapshot, fl *flight) {
	defer func() {
		if fl.b == nil && fl.err == nil {
			fl.err = errors.New("the build of " + dir + " panicked")
		}
		w.mu.Lock()
		if w.flights[dir] == fl {
			delete(w.flights, dir)
		}
		w.mu.Unlock()
		close(fl.done)
	}()
	fl.b, fl.err = w.config(ctx, dir, snap, nil)
}

// fresh reports whether nothing b was built from changed since; w.mu is held.
func (w *Workspace) fresh(b *built) bool {
	for d := range b.deps {
		if w.changed[d] > b.seq {
			return false
		}
	}
	return true
}

// config builds or returns the configuration of dir as of snap; stack holds the directories
// being loaded above it, to report circular imports.
func (w *Workspace) config(ctx context.Context, dir string, snap snapshot, stack []string) (*built, error) {
	w.mu.Lock()
	if b := w.configs[dir]; b != nil && b.seq <= snap.seq && w.fresh(b) && b.servesFrom(dir, stack) {
		w.mu.Unlock()
		return b, nil
	}
	w.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	paths, err := w.sources(dir, snap)
	if err != nil {
		return nil, err
	}
	files := make([]*File, 0, len(paths))
	var loadErrs []LoadError
	for _, p := range paths {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f, err := w.file(p, snap)
		if err != nil {
			loadErrs = append(loadErrs, LoadError{Path: p, Err: err})
			continue
		}
		files = append(files, f)
	}
	c := build(dir, files)
	c.LoadErrors = loadErrs
	b := &built{c: c, seq: snap.seq, deps: map[string]bool{dir: true}, cut: map[string]bool{}}
	stack = append(stack, dir)
	loaded := map[string]loadedImport{} // a directory imported twice is loaded once
	for _, d := range c.Decls {
		if d.Kind != Module && d.Kind != Upstream {
			continue
		}
		imp := w.resolveImport(ctx, b, d, snap, stack, loaded)
		if d.Kind == Module {
			c.Modules[d.Name] = imp
		} else {
			c.Upstreams[d.Name] = imp
		}
	}
	if err := ctx.Err(); err != nil {
		// Canceled while loading an import: the import's error is the cancellation, not a
		// property of the configuration, so nothing built here may be cached.
		return nil, err
	}
	w.mu.Lock()
	// Builds run in parallel and may land out of order: one that read an older snapshot never
	// replaces a newer one.
	if old := w.configs[dir]; old == nil || old.seq <= b.seq {
		w.configs[dir] = b
	}
	w.mu.Unlock()
	return b, nil
}

// ErrNotDirectory is the error of an import whose source names a file: a module and an upstream
// configuration are directories.
var ErrNotDirectory = errors.New("not a directory")

// ErrCircularImport is the error of a `use` whose directory is being loaded already: a module
// that imports itself, directly or through others.
var ErrCircularImport = errors.New("Circular import detected")

// loadedImport is the outcome of loading an imported directory.
type loadedImport struct {
	b   *built
	err error
}

// resolveImport resolves the source of a `use` or `upstream_state` declaration of b's
// configuration, adding the directories it reads to b's. loaded holds the directories the
// configuration already imported.
func (w *Workspace) resolveImport(ctx context.Context, b *built, d *Decl, snap snapshot, stack []string, loaded map[string]loadedImport) *Import {
	c := b.c
	imp := &Import{Decl: d}
	kb, _ := d.Value.(*grammar.KeywordBlockExpr)
	ok := false
	if src := kb.Body.Attr(grammar.ConstructOf(kb.Construct).KeyOf(grammar.PathValue).Name); src != nil {
		if s, isStr := src.Value.(*grammar.StringLit); isStr && !s.Interpolated() {
			imp.Source, ok = s.Value, true
		} else if kb.Construct == grammar.UseConstruct {
			// Carina evaluates a module's source while parsing: a let holding the path, or an
			// interpolation of such lets, names the directory too (an upstream_state's must be
			// a string literal).
			imp.Source, ok = c.StaticString(d.File, src.Value)
		}
	}
	if !ok {
		imp.Err = fmt.Errorf("%s has no string literal source", kb.Construct.Keyword())
		return imp
	}
	imp.Dir = imp.Source
	if !filepath.IsAbs(imp.Dir) {
		imp.Dir = filepath.Join(c.Dir, imp.Dir)
	}
	imp.Dir = filepath.Clean(imp.Dir)
	// Depend on the directory even when it cannot be loaded (yet): creating the missing module
	// or breaking the cycle must rebuild this configuration.
	b.deps[imp.Dir] = true
	if at, ok := w.onStack(snap, stack, imp.Dir); ok {
		imp.Err = fmt.Errorf("%w: %s", ErrCircularImport, imp.Source)
		b.cut[at] = true
		return imp
	}
	li, ok := loaded[imp.Dir]
	if !ok {
		li.b, li.err = w.config(ctx, imp.Dir, snap, stack)
		loaded[imp.Dir] = li
	}
	ib, err := li.b, li.err
	if err != nil {
		if _, rerr := w.fs.ReadFile(imp.Dir); rerr == nil {
			// A file where a directory belongs: a module or upstream configuration is a directory.
			err = fmt.Errorf("%s: %w", imp.Dir, ErrNotDirectory)
		}
		imp.Err = err
		return imp
	}
	imp.Config = ib.c
	for dep := range ib.deps {
		b.deps[dep] = true
	}
	for d := range ib.cut {
		if d != imp.Dir {
			b.cut[d] = true
		}
	}
	return imp
}

// onStack returns the directory being loaded that dir is, itself or through symbolic links (a
// module source naming a link to its own directory would otherwise be loaded again under a
// longer path at each level, until the system's limit on links in a path).
func (w *Workspace) onStack(snap snapshot, stack []string, dir string) (string, bool) {
	if slices.Contains(stack, dir) {
		return dir, true
	}
	rp, ok := w.fs.(realPather)
	if !ok {
		return "", false
	}
	realPath := func(d string) string {
		if r, ok := snap.real[d]; ok {
			return r
		}
		r, err := rp.RealPath(d)
		if err != nil {
			r = ""
		}
		if snap.real != nil {
			snap.real[d] = r
		}
		return r
	}
	real := realPath(dir)
	if real == "" {
		return "", false
	}
	for _, s := range stack {
		if realPath(s) == real {
			return s, true
		}
	}
	return "", false
}

// sources lists the `*.crn` files directly in dir, including open buffers not yet saved.
func (w *Workspace) sources(dir string, snap snapshot) ([]string, error) {
	entries, err := w.fs.ReadDir(dir)
	// A directory not on disk may still hold unsaved buffers: then they are its configuration,
	// and the error stands only when there are none.
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	var paths []string
	for _, e := range entries {
		if IsSource(e.Name()) && !e.IsDir() {
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	for p := range snap.overlays {
		if filepath.Dir(p) == dir && !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	if err != nil && len(paths) == 0 {
		return nil, err
	}
	slices.Sort(paths)
	return paths, nil
}

// ParseFile returns the parse of path's current text (its open buffer, else the file on disk),
// re-parsing only what changed, without building the configuration.
func (w *Workspace) ParseFile(path string) (*File, error) {
	path = filepath.Clean(path)
	w.mu.Lock()
	snap := snapshot{overlays: w.overlays, seq: w.seq}
	w.mu.Unlock()
	return w.file(path, snap)
}

// file returns the parse of path's text in snap (its open buffer, else the file on disk),
// re-parsing only what changed.
func (w *Workspace) file(path string, snap snapshot) (*File, error) {
	if ov := snap.overlays[path]; ov != nil {
		return ov.File(path), nil
	}
	data, err := w.fs.ReadFile(path)
	if err != nil {
		return nil, err
	}
	text := string(data)
	w.mu.Lock()
	st := w.state(path)
	w.mu.Unlock()
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.parsed != nil && st.parsed.AST.Src == text {
		return st.parsed, nil
	}
	f := &File{Path: path, AST: st.parser.ParseDoc(text).File(), Lines: source.NewLines(text)}
	st.parsed = f
	return f, nil
}
