package config

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// find returns the configuration files that apply in directory dir: carina-lsp.toml in dir and in
// each directory above it, up to and including root, outermost first. Without a root (or with one
// that is not dir or above it) the walk stops at the repository root, the nearest directory above
// dir holding .git, else at the filesystem root: a file outside the project the user works in must
// not change its results. facts tells what a directory holds: a configuration file, a .git.
func find(dir, root string, facts func(dir string) (file, git bool)) []string {
	dir = absolute(dir)
	if root != "" {
		if root = absolute(root); !within(dir, root) {
			root = ""
		}
	}
	var found []string
	for d := dir; ; d = filepath.Dir(d) {
		file, git := facts(d)
		if file {
			found = append(found, filepath.Join(d, FileName))
		}
		if root != "" && d == root || root == "" && git || filepath.Dir(d) == d {
			break
		}
	}
	for i, j := 0, len(found)-1; i < j; i, j = i+1, j-1 {
		found[i], found[j] = found[j], found[i]
	}
	return found
}

// absolute is p made absolute and clean (as it is, if the working directory cannot be read).
func absolute(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

// within reports whether path is dir or lies under it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(filepath.ToSlash(rel), "../")
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// Loader reads configuration files once and keeps what it read until told that a file changed:
// the server asks for a directory's chain at every check. Safe for concurrent use.
type Loader struct {
	mu    sync.Mutex
	files map[string]*parsed  // by path
	dirs  map[string]dirFacts // what each directory walked through holds, by directory
}

// dirFacts is what a directory holds that find asks: a configuration file, a .git. A check of a
// tree asks for every configuration's directory and those above, thousands of times the same.
type dirFacts struct{ file, git bool }

// parsed is a file as read: its values and its mistakes (or why it could not be read).
type parsed struct {
	f    *File
	errs []*Error
}

// NewLoader returns an empty loader.
func NewLoader() *Loader { return &Loader{files: map[string]*parsed{}, dirs: map[string]dirFacts{}} }

// Forget drops what was read of the file at path (it changed, appeared or went away); "" drops
// everything.
func (l *Loader) Forget(path string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if path == "" {
		clear(l.files)
		clear(l.dirs)
		return
	}
	delete(l.files, filepath.Clean(path))
	delete(l.dirs, filepath.Dir(filepath.Clean(path)))
}

// Chain returns the configuration in effect in directory dir (see find for root).
func (l *Loader) Chain(dir, root string) *Chain {
	c := &Chain{}
	start := absolute(dir)
	facts := func(d string) (bool, bool) {
		if d == start {
			// Asked once a check: remembering every configuration's directory would keep the
			// tree; those above it are shared.
			return isFile(filepath.Join(d, FileName)), isDir(filepath.Join(d, ".git"))
		}
		return l.facts(d)
	}
	for _, p := range find(dir, root, facts) {
		pf := l.read(p)
		c.Files = append(c.Files, pf.f)
		c.Errors = append(c.Errors, pf.errs...)
	}
	return c
}

// facts tells what a directory holds, once.
func (l *Loader) facts(dir string) (file, git bool) {
	l.mu.Lock()
	f, ok := l.dirs[dir]
	l.mu.Unlock()
	if !ok {
		f = dirFacts{isFile(filepath.Join(dir, FileName)), isDir(filepath.Join(dir, ".git"))}
		l.mu.Lock()
		l.dirs[dir] = f
		l.mu.Unlock()
	}
	return f.file, f.git
}

func (l *Loader) read(path string) *parsed {
	l.mu.Lock()
	pf := l.files[path]
	l.mu.Unlock()
	if pf != nil {
		return pf
	}
	data, err := os.ReadFile(path)
	if err != nil {
		pf = &parsed{f: &File{Path: path, Dir: filepath.Dir(path)}, errs: []*Error{{Path: path, Pos: Pos{Line: 1, Col: 1}, Msg: err.Error()}}}
	} else {
		f, errs := Parse(path, data)
		pf = &parsed{f: f, errs: errs}
	}
	l.mu.Lock()
	l.files[path] = pf
	l.mu.Unlock()
	return pf
}
