// Package workspace owns the semantic model of Carina configurations: a directory of `*.crn`
// files is one configuration with one namespace; it holds the declarations, scopes (block-local
// lets, for/if/fn bodies), references resolved across the files of the directory, `use` modules
// and `upstream_state` sources resolved relative to the configuration, waits with their targets
// and depends_on entries, and the dependency graph. Open editor buffers override files on disk.
// It does not speak LSP.
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

	g "github.com/carina-rs/carina-lsp/grammar"
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
func (OSFS) ReadFile(path string) ([]byte, error) { return os.ReadFile(path) }

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
type Workspace struct {
	fs     FS
	parser *g.Parser

	mu       sync.Mutex
	files    map[string]*fileState // by clean path
	configs  map[string]*Config    // by directory
	gen      map[string]uint64     // per directory, bumped on every change in it
	builtGen map[*Config]map[string]uint64
}

type fileState struct {
	parser  *g.Parser
	overlay *string // open buffer text, nil when closed
	parsed  *File   // the last parse
}

// New returns a workspace reading through fsys (OSFS{} for the real disk).
func New(fsys FS) *Workspace {
	return &Workspace{
		fs:       fsys,
		parser:   g.NewParser(),
		files:    map[string]*fileState{},
		configs:  map[string]*Config{},
		gen:      map[string]uint64{},
		builtGen: map[*Config]map[string]uint64{},
	}
}

// IsSource reports whether a path names a Carina source file.
func IsSource(path string) bool { return strings.HasSuffix(path, ".crn") }

func (w *Workspace) state(path string) *fileState {
	st := w.files[path]
	if st == nil {
		st = &fileState{parser: w.parser.Fork()}
		w.files[path] = st
	}
	return st
}

// SetOverlay makes text the content of path (an open editor buffer), whatever is on disk.
func (w *Workspace) SetOverlay(path, text string) {
	path = filepath.Clean(path)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.state(path).overlay = &text
	w.gen[filepath.Dir(path)]++
}

// ClearOverlay returns path to its content on disk (the buffer was closed).
func (w *Workspace) ClearOverlay(path string) {
	path = filepath.Clean(path)
	w.mu.Lock()
	defer w.mu.Unlock()
	if st := w.files[path]; st != nil {
		st.overlay = nil
	}
	w.gen[filepath.Dir(path)]++
}

// Changed records that path changed on disk.
func (w *Workspace) Changed(path string) {
	path = filepath.Clean(path)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.gen[filepath.Dir(path)]++
}

// Config returns the configuration of a directory, building it (and the modules and upstream
// configurations it uses) when something in it changed since it was last built.
func (w *Workspace) Config(ctx context.Context, dir string) (*Config, error) {
	dir = filepath.Clean(dir)
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.config(ctx, dir, nil)
}

func (w *Workspace) fresh(c *Config) bool {
	for d, gen := range w.builtGen[c] {
		if w.gen[d] != gen {
			return false
		}
	}
	return true
}

// config builds or returns the configuration of dir; stack holds the directories being loaded
// above it, to report circular imports.
func (w *Workspace) config(ctx context.Context, dir string, stack []string) (*Config, error) {
	if c := w.configs[dir]; c != nil && w.fresh(c) {
		return c, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	paths, err := w.sources(dir)
	if err != nil {
		return nil, err
	}
	files := make([]*File, 0, len(paths))
	var loadErrs []LoadError
	for _, p := range paths {
		f, err := w.file(p)
		if err != nil {
			loadErrs = append(loadErrs, LoadError{Path: p, Err: err})
			continue
		}
		files = append(files, f)
	}
	c := build(dir, files)
	c.LoadErrors = loadErrs
	gens := map[string]uint64{dir: w.gen[dir]}
	stack = append(stack, dir)
	for _, d := range c.Decls {
		if d.Kind != Module && d.Kind != Upstream {
			continue
		}
		imp := w.resolveImport(ctx, c, d, stack, gens)
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
	if old := w.configs[dir]; old != nil {
		delete(w.builtGen, old)
	}
	w.configs[dir] = c
	w.builtGen[c] = gens
	return c, nil
}

// resolveImport resolves the source of a `use` or `upstream_state` declaration.
func (w *Workspace) resolveImport(ctx context.Context, c *Config, d *Decl, stack []string, gens map[string]uint64) *Import {
	imp := &Import{Decl: d}
	kb, _ := d.Value.(*g.KeywordBlockExpr)
	ok := false
	if src := kb.Body.Attr("source"); src != nil {
		if s, isStr := src.Value.(*g.StringLit); isStr && !s.Interpolated() {
			imp.Source, ok = s.Value, true
		}
	}
	if !ok {
		imp.Err = fmt.Errorf("%s has no string literal source", kb.Keyword)
		return imp
	}
	imp.Dir = imp.Source
	if !filepath.IsAbs(imp.Dir) {
		imp.Dir = filepath.Join(c.Dir, imp.Dir)
	}
	imp.Dir = filepath.Clean(imp.Dir)
	// Depend on the directory even when it cannot be loaded (yet): creating the missing module
	// or breaking the cycle must rebuild this configuration.
	gens[imp.Dir] = w.gen[imp.Dir]
	if slices.Contains(stack, imp.Dir) || w.linkedCycle(stack, imp.Dir) {
		imp.Err = fmt.Errorf("Circular import detected: %s", imp.Source)
		return imp
	}
	ic, err := w.config(ctx, imp.Dir, stack)
	if err != nil {
		imp.Err = err
		return imp
	}
	imp.Config = ic
	for dep, gen := range w.builtGen[ic] {
		gens[dep] = gen
	}
	return imp
}

// linkedCycle reports whether dir is, through symbolic links, one of the directories being
// loaded: a module source naming a link to its own directory would otherwise be loaded again
// under a longer path at each level, until the system's limit on links in a path.
func (w *Workspace) linkedCycle(stack []string, dir string) bool {
	rp, ok := w.fs.(realPather)
	if !ok {
		return false
	}
	real, err := rp.RealPath(dir)
	if err != nil {
		return false
	}
	for _, s := range stack {
		if r, err := rp.RealPath(s); err == nil && r == real {
			return true
		}
	}
	return false
}

// sources lists the `*.crn` files directly in dir, including open buffers not yet saved.
func (w *Workspace) sources(dir string) ([]string, error) {
	entries, err := w.fs.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	var paths []string
	for _, e := range entries {
		if IsSource(e.Name()) && !e.IsDir() {
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	for p, st := range w.files {
		if st.overlay != nil && filepath.Dir(p) == dir && !slices.Contains(paths, p) {
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
	defer w.mu.Unlock()
	return w.file(path)
}

// file returns the parse of path's current text, re-parsing only what changed.
func (w *Workspace) file(path string) (*File, error) {
	st := w.state(path)
	var text string
	if st.overlay != nil {
		text = *st.overlay
	} else {
		b, err := w.fs.ReadFile(path)
		if err != nil {
			return nil, err
		}
		text = string(b)
	}
	if st.parsed != nil && st.parsed.AST.Src == text && st.parsed.Overlay == (st.overlay != nil) {
		return st.parsed, nil
	}
	f := &File{Path: path, AST: st.parser.Parse(text), Lines: source.NewLines(text), Overlay: st.overlay != nil}
	st.parsed = f
	return f, nil
}
