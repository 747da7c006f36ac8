package state

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/carina-rs/carina-lsp/source"
	"github.com/carina-rs/carina-lsp/workspace"
	"github.com/google/go-cmp/cmp"
)

// endless is a reader of a state file that never ends, counting what was read of it.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	e.n += int64(len(p))
	return len(p), nil
}
func (e *endless) Close() error { return nil }

type opener func(string) (io.ReadCloser, error)

func (o opener) Open(p string) (io.ReadCloser, error) { return o(p) }

func TestLoadBounded(t *testing.T) {
	dir := t.TempDir()
	// A real 100 MB file, sparse so the test writes nothing: refused by its size before a read.
	big := filepath.Join(dir, "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(100 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = Load(context.Background(), nil, Location{Path: big}, 0)
	want := big + ": the state file is 100 MiB, more than the 64 MiB carina-lsp reads"
	if err == nil || err.Error() != want {
		t.Errorf("100 MB file: got %v, want %s", err, want)
	}
	// A stream with no end: read no further than the limit.
	e := &endless{}
	_, err = Load(context.Background(), opener(func(string) (io.ReadCloser, error) { return e, nil }), Location{Path: "pipe"}, 1<<20)
	var se *Error
	if !errors.As(err, &se) {
		t.Fatalf("endless stream: got %v, want an *Error", err)
	}
	if e.n > 2<<20 {
		t.Errorf("endless stream: read %d bytes, want at most twice the 1 MiB limit", e.n)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, DefaultFile)
	if err := os.WriteFile(good, []byte(doc(9)), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	f, err := Load(ctx, nil, Location{Path: good}, 0)
	if err != nil || f == nil || f.Version != 9 || !f.Migrated() {
		t.Errorf("Load(v9) = %+v, %v; want a migrated v9 file", f, err)
	}
	f, err = Load(ctx, nil, Location{Path: filepath.Join(dir, "none.json")}, 0)
	if f != nil || err != nil {
		t.Errorf("Load(missing) = %v, %v; want nil, nil (nothing applied yet)", f, err)
	}
	opened := false
	_, err = Load(ctx, opener(func(string) (io.ReadCloser, error) { opened = true; return nil, os.ErrPermission }), Location{Backend: "s3"}, 0)
	if !errors.Is(err, ErrRemote) || opened {
		t.Errorf("Load(s3) = %v (opened %v); want ErrRemote and nothing opened", err, opened)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Load(cancelled, nil, Location{Path: good}, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("Load(cancelled) = %v, want context.Canceled", err)
	}
}

func TestLocate(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  Location // File and Span compared as the keyword's text
		kw    string
	}{
		{"no backend", map[string]string{"main.crn": "provider awscc {}\n"}, Location{Path: "/c/carina.state.json"}, ""},
		{"local with path", map[string]string{"backend.crn": "backend local {\n  path = 'state/dev.json'\n}\n"}, Location{Backend: "local", Path: "/c/state/dev.json"}, "backend"},
		{"local absolute, through a let", map[string]string{"a.crn": "let p = '/var/s.json'\nbackend local {\n  path = p\n}\n"}, Location{Backend: "local", Path: "/var/s.json"}, "backend"},
		{"local without path", map[string]string{"a.crn": "backend local {}\n"}, Location{Backend: "local", Path: "/c/carina.state.json"}, "backend"},
		{"path not a string: the default", map[string]string{"a.crn": "backend local {\n  path = 3\n}\n"}, Location{Backend: "local", Path: "/c/carina.state.json"}, "backend"},
		{"s3", map[string]string{"a.crn": "backend s3 {\n  bucket = 'b'\n  key = 'k'\n}\n"}, Location{Backend: "s3"}, "backend"},
		{"second block in a file wins", map[string]string{"a.crn": "backend s3 {}\nbackend local {\n  path = 'x.json'\n}\n"}, Location{Backend: "local", Path: "/c/x.json"}, "backend"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := buildConfig(t, "/c", tt.files)
			got := Locate(c)
			kw := ""
			if got.File != nil {
				kw = got.File.Text()[got.Span.Start:got.Span.End]
			}
			got.File, got.Span = nil, grammar.Span{}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Locate (-want +got):\n%s", diff)
			}
			if kw != tt.kw {
				t.Errorf("span covers %q, want %q", kw, tt.kw)
			}
		})
	}
}

func buildConfig(t *testing.T, dir string, files map[string]string) *workspace.Config {
	t.Helper()
	var fs []*workspace.File
	for name, src := range files {
		fs = append(fs, &workspace.File{Path: filepath.Join(dir, name), AST: grammar.NewParser().Parse(src), Lines: source.NewLines(src)})
	}
	return workspace.Build(dir, fs)
}
