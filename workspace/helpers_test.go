package workspace

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/carina-rs/carina-lsp/grammar"
)

// writeTree writes files (slash-separated paths relative to root) under root, creating
// directories as needed.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// loadDir writes files into a fresh temporary directory and returns the configuration of that
// directory (root) as the real file system shows it.
func loadDir(t *testing.T, files map[string]string) *Config {
	t.Helper()
	root := t.TempDir()
	writeTree(t, root, files)
	c, err := New(OSFS{}).Config(context.Background(), root)
	if err != nil {
		t.Fatalf("Config(%s): %v", root, err)
	}
	return c
}

// noSyntaxErrors fails the test when a file of c has a syntax error: the semantic tests must
// not depend on recovery.
func noSyntaxErrors(t *testing.T, c *Config) {
	t.Helper()
	for _, f := range c.Files {
		for _, e := range f.AST.Errors {
			line, col := f.Lines.ByteColumn(int(e.Span.Start))
			t.Errorf("%s:%d:%d: unexpected syntax error: %s", filepath.Base(f.Path), line+1, col+1, e.Msg)
		}
	}
}

// spanText returns the text of an absolute span of f.
func spanText(f *File, s grammar.Span) string {
	if f == nil || s.Start < 0 || int(s.End) > len(f.Text()) || s.Start > s.End {
		return fmt.Sprintf("<bad span %v>", s)
	}
	return f.Text()[s.Start:s.End]
}

// where names a place as "file.crn:line" (1-based).
func where(f *File, off int32) string {
	line, _ := f.Lines.ByteColumn(int(off))
	return fmt.Sprintf("%s:%d", filepath.Base(f.Path), line+1)
}

var refKindNames = map[RefKind]string{
	RefValue:              "",
	RefCall:               " (call)",
	RefModuleCall:         " (module call)",
	RefWaitTarget:         " (wait target)",
	RefWaitDependsOn:      " (wait depends_on)",
	RefDirectiveDependsOn: " (directive depends_on)",
	RefDirectiveProvider:  " (directive provider)",
}

// describeDecl renders a declaration as "file.crn:line kind", checking that its NameSpan covers
// its name.
func describeDecl(d *Decl) string {
	if d == nil {
		return "<nil>"
	}
	s := fmt.Sprintf("%s %s", where(d.File, d.NameSpan.Start), d.Kind)
	if got := spanText(d.File, d.NameSpan); got != d.Name {
		s += fmt.Sprintf(" [NameSpan text %q, want %q]", got, d.Name)
	}
	return s
}

// describeRef renders a reference as "file.crn:line name.path -> file.crn:line kind", checking
// that its Span covers its name and each Path segment covers its text.
func describeRef(r *Ref) string {
	name := r.Name
	for _, p := range r.Path {
		name += "." + p.Text
		if got := spanText(r.File, p.Span); got != p.Text {
			name += fmt.Sprintf("[span text %q]", got)
		}
	}
	s := fmt.Sprintf("%s %s%s -> %s", where(r.File, r.Span.Start), name, refKindNames[r.Kind], describeDecl(r.Decl))
	if got := spanText(r.File, r.Span); got != r.Name {
		s += fmt.Sprintf(" [Span text %q, want %q]", got, r.Name)
	}
	return s
}

// describeRefs renders every reference of c whose name is in names (all of them when names is
// empty), in the configuration's order.
func describeRefs(c *Config, names ...string) []string {
	var out []string
	for _, r := range c.Refs {
		if len(names) == 0 || slices.Contains(names, r.Name) {
			out = append(out, describeRef(r))
		}
	}
	return out
}

// describeDecls renders every declaration of c as "name: file.crn:line kind".
func describeDecls(c *Config) []string {
	var out []string
	for _, d := range c.Decls {
		s := d.Name + ": " + describeDecl(d)
		if d.TopLevel {
			s += " (top)"
		}
		out = append(out, s)
	}
	return out
}

// describeDeps renders the dependency graph as "from -> to, to" lines sorted by the source
// declaration's position in c.Decls.
func describeDeps(c *Config) []string {
	var out []string
	for _, d := range c.Decls {
		deps, ok := c.Deps[d]
		if !ok {
			continue
		}
		names := make([]string, len(deps))
		for i, x := range deps {
			names[i] = x.Name
		}
		out = append(out, d.Name+" -> "+strings.Join(names, ", "))
	}
	return out
}

// refAt returns the only reference called name in the file with the given base name whose
// Path starts with path, failing the test when there is not exactly one.
func refAt(t *testing.T, c *Config, file, name string, path ...string) *Ref {
	t.Helper()
	var found []*Ref
	for _, r := range c.Refs {
		if r.Name != name || filepath.Base(r.File.Path) != file || len(r.Path) < len(path) {
			continue
		}
		ok := true
		for i, p := range path {
			ok = ok && r.Path[i].Text == p
		}
		if ok {
			found = append(found, r)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d references %s%v in %s, want 1: %q", len(found), name, path, file, describeRefs(c, name))
	}
	return found[0]
}

// memFS is an in-memory FS for overlay and failure tests: paths are absolute slash paths such as
// "/ws/a.crn". It counts reads, can fail chosen paths, and can run a hook before each ReadDir.
type memFS struct {
	mu        sync.Mutex
	files     fstest.MapFS
	fail      map[string]error // ReadFile or ReadDir of these paths fails
	reads     map[string]int   // ReadFile calls per path
	beforeDir func(dir string) // called at the start of each ReadDir
}

func newMemFS(files map[string]string) *memFS {
	m := &memFS{files: fstest.MapFS{}, fail: map[string]error{}, reads: map[string]int{}}
	for p, text := range files {
		m.write(p, text)
	}
	return m
}

func (m *memFS) key(p string) string {
	return strings.TrimPrefix(path.Clean(filepath.ToSlash(p)), "/")
}

func (m *memFS) write(p, text string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.files[m.key(p)] = &fstest.MapFile{Data: []byte(text), Mode: 0o644}
}

func (m *memFS) ReadFile(p string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reads[p]++
	if err := m.fail[p]; err != nil {
		return nil, &fs.PathError{Op: "open", Path: p, Err: err}
	}
	b, err := m.files.ReadFile(m.key(p))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
	}
	return b, nil
}

func (m *memFS) ReadDir(dir string) ([]fs.DirEntry, error) {
	if h := m.beforeDir; h != nil {
		h(dir)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.fail[dir]; err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: dir, Err: err}
	}
	es, err := m.files.ReadDir(m.key(dir))
	if err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: dir, Err: fs.ErrNotExist}
	}
	return es, nil
}

func (m *memFS) readCount(p string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.reads[p]
}

var _ FS = (*memFS)(nil)

// fileNames returns the base names of c's files.
func fileNames(c *Config) []string {
	out := make([]string, len(c.Files))
	for i, f := range c.Files {
		out[i] = filepath.Base(f.Path)
	}
	return out
}

// bindingNames returns the sorted names in c.Bindings.
func bindingNames(c *Config) []string {
	var out []string
	for n := range c.Bindings {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}
