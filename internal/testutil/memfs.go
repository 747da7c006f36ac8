package testutil

import (
	"io/fs"
	"path"
	"path/filepath"
	"strings"
	"testing/fstest"
)

// Root is the directory the in-memory test configurations live under.
const Root = "/ws"

// MemFS is a read-only workspace.FS over files held in memory, below Root.
type MemFS struct{ files fstest.MapFS }

// NewMemFS returns a MemFS holding files (slash-separated paths relative to Root).
func NewMemFS(files map[string]string) MemFS {
	m := MemFS{files: fstest.MapFS{}}
	for name, text := range files {
		m.files[path.Join(strings.TrimPrefix(Root, "/"), name)] = &fstest.MapFile{Data: []byte(text), Mode: 0o644}
	}
	return m
}

func (m MemFS) key(p string) string { return strings.TrimPrefix(path.Clean(filepath.ToSlash(p)), "/") }

// ReadFile returns the contents of the file at an absolute path.
func (m MemFS) ReadFile(p string) ([]byte, error) {
	b, err := m.files.ReadFile(m.key(p))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
	}
	return b, nil
}

// ReadDir lists the directory at an absolute path.
func (m MemFS) ReadDir(dir string) ([]fs.DirEntry, error) {
	es, err := m.files.ReadDir(m.key(dir))
	if err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: dir, Err: fs.ErrNotExist}
	}
	return es, nil
}

// Abs returns the absolute path of a file named relative to Root (slash-separated).
func Abs(name string) string { return filepath.Join(Root, filepath.FromSlash(name)) }

// Rel returns a path relative to Root, slash-separated (the path itself when it has no such
// form).
func Rel(p string) string {
	r, err := filepath.Rel(Root, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}
