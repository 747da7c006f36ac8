package semantictokens_test

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

	"github.com/carina-rs/carina-lsp/semantictokens"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
)

// root is the directory of the configuration under test in the in-memory file system.
const root = "/ws"

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

// load builds the configuration of files (slash paths relative to root) and returns the file
// called name (a file of a subdirectory belongs to that directory's configuration: a module).
func load(tb testing.TB, files map[string]string, name string) (*workspace.Config, *workspace.File) {
	tb.Helper()
	p := filepath.Join(root, filepath.FromSlash(name))
	cfg, err := workspace.New(newMemFS(files)).Config(context.Background(), filepath.Dir(p))
	if err != nil {
		tb.Fatalf("Config: %v", err)
	}
	for _, le := range cfg.LoadErrors {
		tb.Fatalf("load error: %s: %v", le.Path, le.Err)
	}
	f := cfg.File(p)
	if f == nil {
		tb.Fatalf("no file %s in the configuration", name)
	}
	return cfg, f
}

// archive is a parsed txtar file: a leading comment and named sections, in order.
type archive struct {
	comment string
	files   []section
}

type section struct{ name, data string }

var markerRE = regexp.MustCompile(`^-- (\S.*?) --$`)

func parseTxtar(data string) archive {
	var a archive
	cur := &a.comment
	for line := range strings.SplitAfterSeq(data, "\n") {
		if m := markerRE.FindStringSubmatch(strings.TrimRight(line, "\r\n")); m != nil {
			a.files = append(a.files, section{name: m[1]})
			cur = &a.files[len(a.files)-1].data
			continue
		}
		*cur += line
	}
	return a
}

func formatTxtar(a archive) string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, f := range a.files {
		fmt.Fprintf(&b, "-- %s --\n", f.name)
		b.WriteString(f.data)
		if f.data != "" && !strings.HasSuffix(f.data, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// sources returns the configuration's files of an archive (every section but the want ones).
func (a archive) sources() map[string]string {
	out := map[string]string{}
	for _, f := range a.files {
		if !strings.HasPrefix(f.name, "want") {
			out[f.name] = f.data
		}
	}
	return out
}

func lines(s string) []string {
	var out []string
	for l := range strings.SplitSeq(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// render decodes the LSP encoding of a file's tokens back into one readable line a token:
//
//	line:col len type mods text
//
// with 1-based lines and 1-based UTF-16 columns, mods comma-separated or "-", and the text found
// at that UTF-16 position (so the line also checks the encoding round trip).
func render(src string, data []uint32) []string {
	types, modNames := semantictokens.Legend()
	ls := source.NewLines(src)
	var out []string
	line, col := 0, 0
	for i := 0; i+5 <= len(data); i += 5 {
		if data[i] > 0 {
			col = 0
		}
		line += int(data[i])
		col += int(data[i+1])
		n := int(data[i+2])
		typ := "?"
		if int(data[i+3]) < len(types) {
			typ = types[data[i+3]]
		}
		var mods []string
		for b, name := range modNames {
			if data[i+4]&(1<<b) != 0 {
				mods = append(mods, name)
			}
		}
		m := "-"
		if len(mods) > 0 {
			m = strings.Join(mods, ",")
		}
		s, e := ls.OffsetUTF16(line, col), ls.OffsetUTF16(line, col+n)
		out = append(out, fmt.Sprintf("%d:%d %d %s %s %s", line+1, col+1, n, typ, m, src[s:e]))
	}
	return out
}
