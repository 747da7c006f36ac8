package session

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/workspace"
)

// Skip reports whether a directory of that name is left out of every walk of a tree: hidden
// directories (.git, .carina, .terraform) and node_modules. `check`, the server's index and pull,
// and the documentation checker all walk by it.
func Skip(name string) bool {
	return strings.HasPrefix(name, ".") || name == "node_modules"
}

// Walk visits the tree under root as filepath.WalkDir does (names in lexical order, symbolic
// links below root not followed) and skips what Skip names. It calls found with the directory
// of each .crn file, unreadable with each directory below root that cannot be listed (its error
// returned stops the walk), and stops when ctx is canceled or a callback returns an error. A
// root that cannot be listed is an error.
func Walk(ctx context.Context, fsys workspace.FS, root string, found func(dir string) error, unreadable func(dir string, err error) error) error {
	var visit func(dir string) error
	visit = func(dir string) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		entries, err := fsys.ReadDir(dir)
		if err != nil {
			if dir == root {
				return err
			}
			return unreadable(dir, err)
		}
		for _, e := range entries {
			name := e.Name()
			path := filepath.Join(dir, name)
			switch {
			case e.IsDir():
				if !Skip(name) {
					if err := visit(path); err != nil {
						return err
					}
				}
			case workspace.IsSource(name):
				if err := found(dir); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return visit(root)
}

// Dirs returns the directories under the roots that hold .crn files, sorted, each once, after
// visiting at most limit directories (0: no limit); truncated says the limit was reached. An
// unreadable directory is left out.
func Dirs(ctx context.Context, fsys workspace.FS, roots []string, limit int) (dirs []string, truncated bool) {
	seen := map[string]bool{}
	visited := 0
	for _, root := range roots {
		err := Walk(ctx, countingFS{fsys, func() bool {
			visited++
			return limit > 0 && visited > limit
		}}, root, func(dir string) error {
			if !seen[dir] {
				seen[dir] = true
				dirs = append(dirs, dir)
			}
			return nil
		}, func(string, error) error { return nil })
		_ = err // an unreadable root holds no directory to return
		if limit > 0 && visited > limit {
			truncated = true
			break
		}
	}
	slices.Sort(dirs)
	return dirs, truncated
}

// countingFS counts the directories a walk lists and refuses those past a limit.
type countingFS struct {
	workspace.FS
	over func() bool
}

func (c countingFS) ReadDir(dir string) ([]fs.DirEntry, error) {
	if c.over() {
		return nil, fs.ErrPermission // unread, as an unreadable directory: Dirs stops after this root
	}
	return c.FS.ReadDir(dir)
}

// Target is one configuration directory a command line names: Only, when set, limits what is
// reported to the files named; Err is a directory that could not be listed (reported, the others
// are checked).
type Target struct {
	Dir  string
	Only map[string]bool
	Err  error
}

// Targets turns a command line's paths into configuration directories and hands them to emit:
// a file stands for its directory (reporting only that file), a directory for every directory
// under it that holds .crn files, in the order a walk finds them. When the paths are all
// directories, each target is handed over as soon as the walk finds it (`check` checks it
// meanwhile); a file among them may widen a target found earlier, so then they are handed over
// once the walk is done.
func Targets(ctx context.Context, paths []string, emit func(Target)) error {
	stream := true
	for _, p := range paths {
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			stream = false
		}
	}
	byDir := map[string]*Target{}
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
	add := func(t Target, file string) {
		if single {
			if fresh(t.Dir) {
				emit(t)
			}
			return
		}
		if t.Err != nil {
			if byDir[t.Dir] == nil {
				byDir[t.Dir], order = &t, append(order, t.Dir)
				if stream {
					emit(t)
				}
			}
			return
		}
		got := byDir[t.Dir]
		if got == nil {
			got = &Target{Dir: t.Dir}
			if file != "" {
				got.Only = map[string]bool{}
			}
			byDir[t.Dir] = got
			order = append(order, t.Dir)
			if stream {
				emit(*got)
			}
		}
		switch {
		case file == "":
			got.Only = nil
		case got.Only != nil:
			got.Only[file] = true
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
			add(Target{Dir: filepath.Dir(p)}, p)
			continue
		}
		found := false
		err = Walk(ctx, workspace.OSFS{}, p, func(dir string) error {
			found = true
			add(Target{Dir: dir}, "")
			return nil
		}, func(dir string, err error) error {
			if !errors.Is(err, fs.ErrPermission) {
				return err
			}
			// Reported with the results; the rest of the tree is still checked.
			found = true
			add(Target{Dir: dir, Err: fmt.Errorf("%s: permission denied", dir)}, "")
			return nil
		})
		if errors.Is(err, fs.ErrPermission) {
			return fmt.Errorf("%s: permission denied", p)
		}
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

// within reports whether dir is top or lies under it.
func within(dir, top string) bool {
	return dir == top || strings.HasPrefix(dir, top) && (strings.HasSuffix(top, string(filepath.Separator)) || dir[len(top)] == filepath.Separator)
}
