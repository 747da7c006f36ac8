package hover

import (
	"context"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/carina-rs/carina-lsp/schema"
	"github.com/carina-rs/carina-lsp/workspace"
)

// root is the directory the test configurations live under in the in-memory file system.
const root = "/ws"

// marker is the cursor marker of the test sources; it is removed before parsing.
const marker = "<|>"

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

// defaults is the embedded aws and awscc schema set, loaded once for the package's tests.
var defaults schema.Defaults

func embeddedIndex(tb testing.TB) *schema.Index {
	tb.Helper()
	idx, err := defaults.Index()
	if err != nil {
		tb.Fatalf("embedded schemas: %v", err)
	}
	return idx
}

// fixture is a configuration built from test sources, with the cursor's file and offset.
type fixture struct {
	cfg    *workspace.Config
	file   *workspace.File
	offset int
}

// build writes files (slash paths relative to root; one of them holds the cursor marker when
// withCursor) and builds the configuration of the directory holding the marked file (root when
// no file is marked).
func build(tb testing.TB, files map[string]string, withCursor bool) fixture {
	tb.Helper()
	clean := map[string]string{}
	marked, offset := "", -1
	for name, text := range files {
		if n := strings.Count(text, marker); n > 0 {
			if n > 1 || marked != "" {
				tb.Fatalf("more than one cursor marker %q", marker)
			}
			marked, offset = name, strings.Index(text, marker)
			text = strings.Replace(text, marker, "", 1)
		}
		clean[name] = text
	}
	if withCursor && marked == "" {
		tb.Fatalf("no cursor marker %q", marker)
	}
	dir := root
	if marked != "" {
		dir = path.Join(root, path.Dir(marked))
	}
	cfg, err := workspace.New(newMemFS(clean)).Config(context.Background(), dir)
	if err != nil {
		tb.Fatalf("Config: %v", err)
	}
	for _, le := range cfg.LoadErrors {
		tb.Fatalf("load error: %s: %v", le.Path, le.Err)
	}
	fx := fixture{cfg: cfg, offset: offset}
	if marked != "" {
		fx.file = cfg.File(path.Join(root, marked))
	} else if len(cfg.Files) > 0 {
		fx.file = cfg.Files[0]
	}
	return fx
}

// archive is a parsed txtar file: a leading comment and named files, in order.
type archive struct {
	comment string
	files   []archiveFile
}

type archiveFile struct {
	name string
	data string
}

var markerRE = regexp.MustCompile(`^-- (\S.*?) --$`)

// parseTxtar reads the txtar format: lines `-- name --` start a file; text before the first
// marker is the comment.
func parseTxtar(data string) archive {
	var a archive
	cur := &a.comment
	for line := range strings.SplitAfterSeq(data, "\n") {
		if m := markerRE.FindStringSubmatch(strings.TrimRight(line, "\r\n")); m != nil {
			a.files = append(a.files, archiveFile{name: m[1]})
			cur = &a.files[len(a.files)-1].data
			continue
		}
		*cur += line
	}
	return a
}

// format writes an archive back.
func (a archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, f := range a.files {
		b.WriteString("-- " + f.name + " --\n")
		b.WriteString(f.data)
		if f.data != "" && !strings.HasSuffix(f.data, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}
