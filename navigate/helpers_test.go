package navigate_test

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	g "github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/workspace"
)

// root is the directory of the configuration under test in the in-memory file system.
const root = "/ws"

// cursor marks the cursor in a source file of a test; it is removed before parsing.
const cursor = "<|>"

// memFS is a workspace.FS over a map of slash-separated paths below root.
type memFS struct{ files fstest.MapFS }

func newMemFS(files map[string]string) memFS {
	m := memFS{files: fstest.MapFS{}}
	for name, text := range files {
		m.files[path.Join(strings.TrimPrefix(root, "/"), name)] = &fstest.MapFile{Data: []byte(text), Mode: 0o644}
	}
	return m
}

func (m memFS) key(p string) string { return strings.TrimPrefix(path.Clean(filepath.ToSlash(p)), "/") }

func (m memFS) ReadFile(p string) ([]byte, error) {
	b, err := m.files.ReadFile(m.key(p))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
	}
	return b, nil
}

func (m memFS) ReadDir(dir string) ([]fs.DirEntry, error) {
	es, err := m.files.ReadDir(m.key(dir))
	if err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: dir, Err: fs.ErrNotExist}
	}
	return es, nil
}

// fixture is a loaded test configuration: the workspace over the files, and the cursor.
type fixture struct {
	ws     *workspace.Workspace
	files  map[string]string // without the cursor marker
	at     string            // the file holding the cursor ("" when there is none)
	offset int
}

// newFixture loads files (slash paths below root), taking out the cursor marker.
func newFixture(tb testing.TB, files map[string]string) *fixture {
	tb.Helper()
	fx := &fixture{files: map[string]string{}, offset: -1}
	for name, text := range files {
		if i := strings.Index(text, cursor); i >= 0 {
			if fx.at != "" {
				tb.Fatalf("more than one cursor (%s and %s)", fx.at, name)
			}
			fx.at, fx.offset = name, i
			text = text[:i] + text[i+len(cursor):]
			if strings.Contains(text, cursor) {
				tb.Fatalf("more than one cursor in %s", name)
			}
		}
		fx.files[name] = text
	}
	fx.ws = workspace.New(newMemFS(fx.files))
	return fx
}

// config returns the configuration holding file name and the file.
func (fx *fixture) config(tb testing.TB, name string) (*workspace.Config, *workspace.File) {
	tb.Helper()
	p := abs(name)
	cfg, err := fx.ws.Config(context.Background(), filepath.Dir(p))
	if err != nil {
		tb.Fatalf("Config: %v", err)
	}
	for _, le := range cfg.LoadErrors {
		tb.Fatalf("load error: %s: %v", le.Path, le.Err)
	}
	f := cfg.File(p)
	if f == nil {
		tb.Fatalf("no file %s in its configuration", name)
	}
	return cfg, f
}

// cursorConfig returns the configuration, file and offset of the cursor.
func (fx *fixture) cursorConfig(tb testing.TB) (*workspace.Config, *workspace.File, int) {
	tb.Helper()
	if fx.at == "" {
		tb.Fatalf("no cursor %s in the sources", cursor)
	}
	cfg, f := fx.config(tb, fx.at)
	return cfg, f, fx.offset
}

func abs(name string) string { return filepath.Join(root, filepath.FromSlash(name)) }

// rel returns a path relative to root, slash-separated.
func rel(p string) string {
	r, err := filepath.Rel(root, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// showSpan renders a span of a file as "main.crn:3:5-3:9 text" (1-based lines, 1-based UTF-16
// columns).
func (fx *fixture) showSpan(tb testing.TB, p string, s g.Span) string {
	tb.Helper()
	name := rel(p)
	text, ok := fx.files[name]
	if !ok {
		return fmt.Sprintf("%s:<no such file>%v", name, s)
	}
	if s.Start < 0 || s.End < s.Start || int(s.End) > len(text) {
		return fmt.Sprintf("%s:<bad span %v>", name, s)
	}
	_, f := fx.config(tb, name)
	sl, sc := f.Lines.UTF16(int(s.Start))
	el, ec := f.Lines.UTF16(int(s.End))
	return fmt.Sprintf("%s:%d:%d-%d:%d %s", name, sl+1, sc+1, el+1, ec+1, text[s.Start:s.End])
}

// archive is a parsed txtar file: a leading comment and named sections, in order.
type archive struct {
	comment  string
	sections []section
}

type section struct{ name, data string }

var markerRE = regexp.MustCompile(`^-- (\S.*?) --$`)

func parseTxtar(data string) archive {
	var a archive
	cur := &a.comment
	for line := range strings.SplitAfterSeq(data, "\n") {
		if m := markerRE.FindStringSubmatch(strings.TrimRight(line, "\r\n")); m != nil {
			a.sections = append(a.sections, section{name: m[1]})
			cur = &a.sections[len(a.sections)-1].data
			continue
		}
		*cur += line
	}
	return a
}

func formatTxtar(a archive) string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, s := range a.sections {
		fmt.Fprintf(&b, "-- %s --\n", s.name)
		b.WriteString(s.data)
		if s.data != "" && !strings.HasSuffix(s.data, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// sources returns the source files of an archive (every section but the want ones).
func (a archive) sources() map[string]string {
	out := map[string]string{}
	for _, s := range a.sections {
		if !strings.HasPrefix(s.name, "want") {
			out[s.name] = s.data
		}
	}
	return out
}

func nonEmptyLines(s string) []string {
	var out []string
	for l := range strings.SplitSeq(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}
