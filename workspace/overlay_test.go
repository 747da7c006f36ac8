package workspace

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carina-rs/carina-lsp/grammar"
	"github.com/google/go-cmp/cmp"
)

// The overlay tests read through memFS; paths are absolute slash paths.

func mustConfig(t *testing.T, ws *Workspace, dir string) *Config {
	t.Helper()
	c, err := ws.Config(context.Background(), dir)
	if err != nil {
		t.Fatalf("Config(%s): %v", dir, err)
	}
	return c
}

func overlayFlags(c *Config) []string {
	var out []string
	for _, f := range c.Files {
		out = append(out, fmt.Sprintf("%s overlay=%v", f.Path, f.Overlay))
	}
	return out
}

func TestOverlays(t *testing.T) {
	mfs := newMemFS(map[string]string{
		"/ws/a.crn": "let x = 1\n",
		"/ws/b.crn": "let y = x\n",
	})
	ws := New(mfs)

	c := mustConfig(t, ws, "/ws")
	if diff := cmp.Diff([]string{"x", "y"}, bindingNames(c)); diff != "" {
		t.Fatalf("disk bindings (-want +got):\n%s", diff)
	}
	if got := describeRefs(c); !cmp.Equal(got, []string{"b.crn:1 x -> a.crn:1 value"}) {
		t.Errorf("refs on disk = %q", got)
	}

	// The buffer's text replaces the file's, whatever is on disk.
	ws.SetOverlay("/ws/a.crn", "# edited\nlet z = 1\n")
	c = mustConfig(t, ws, "/ws")
	if diff := cmp.Diff([]string{"y", "z"}, bindingNames(c)); diff != "" {
		t.Errorf("bindings with the overlay (-want +got):\n%s", diff)
	}
	if got := describeRefs(c); !cmp.Equal(got, []string{"b.crn:1 x -> <nil>"}) {
		t.Errorf("refs with the overlay = %q", got)
	}
	if diff := cmp.Diff([]string{"/ws/a.crn overlay=true", "/ws/b.crn overlay=false"}, overlayFlags(c)); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	if got := c.File("/ws/a.crn").Text(); got != "# edited\nlet z = 1\n" {
		t.Errorf("a.crn text = %q", got)
	}

	// A buffer for a file that is not on disk joins its directory's configuration.
	ws.SetOverlay("/ws/new.crn", "let n = y\n")
	c = mustConfig(t, ws, "/ws")
	if diff := cmp.Diff([]string{"/ws/a.crn overlay=true", "/ws/b.crn overlay=false", "/ws/new.crn overlay=true"}, overlayFlags(c)); diff != "" {
		t.Errorf("files with a new buffer (-want +got):\n%s", diff)
	}
	if got := describeDecl(refAt(t, c, "new.crn", "y").Decl); got != "b.crn:1 value" {
		t.Errorf("y from the new buffer resolves to %s", got)
	}

	// Closing the buffers goes back to the disk; an unsaved buffer's file disappears.
	ws.ClearOverlay("/ws/a.crn")
	ws.ClearOverlay("/ws/new.crn")
	c = mustConfig(t, ws, "/ws")
	if diff := cmp.Diff([]string{"/ws/a.crn overlay=false", "/ws/b.crn overlay=false"}, overlayFlags(c)); diff != "" {
		t.Errorf("files after closing (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"x", "y"}, bindingNames(c)); diff != "" {
		t.Errorf("bindings after closing (-want +got):\n%s", diff)
	}

	// Closing a buffer that was never opened is harmless.
	ws.ClearOverlay("/ws/never.crn")
	if c2 := mustConfig(t, ws, "/ws"); len(c2.Files) != 2 {
		t.Errorf("files = %v", fileNames(c2))
	}
}

// A buffer in a directory that does not exist on disk is a configuration of its own.
func TestOverlayInNewDirectory(t *testing.T) {
	ws := New(newMemFS(map[string]string{"/ws/a.crn": "let x = 1\n"}))
	if _, err := ws.Config(context.Background(), "/fresh"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Config of a missing directory: err = %v, want not exist", err)
	}
	ws.SetOverlay("/fresh/x.crn", "let fresh = 1\n")
	c := mustConfig(t, ws, "/fresh")
	if diff := cmp.Diff([]string{"fresh"}, bindingNames(c)); diff != "" {
		t.Errorf("bindings (-want +got):\n%s", diff)
	}
	ws.ClearOverlay("/fresh/x.crn")
	if _, err := ws.Config(context.Background(), "/fresh"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("after closing the only buffer: err = %v, want not exist", err)
	}
}

// Config is cached while nothing in its directories changes, and rebuilt after SetOverlay,
// ClearOverlay or Changed in them. Paths are cleaned.
func TestConfigCache(t *testing.T) {
	mfs := newMemFS(map[string]string{
		"/ws/a.crn":    "let x = 1\n",
		"/ws/b.crn":    "let y = x\n",
		"/other/o.crn": "let o = 1\n",
	})
	ws := New(mfs)
	c1 := mustConfig(t, ws, "/ws")
	reads := mfs.readCount("/ws/a.crn")

	steps := []struct {
		name    string
		do      func()
		rebuilt bool
	}{
		{"nothing changed", func() {}, false},
		{"unclean path", func() {}, false},
		{"change in another directory", func() { ws.Changed("/other/o.crn") }, false},
		{"overlay in another directory", func() { ws.SetOverlay("/other/o.crn", "let o = 2\n") }, false},
		{"SetOverlay", func() { ws.SetOverlay("/ws/a.crn", "let x = 2\n") }, true},
		{"nothing changed after SetOverlay", func() {}, false},
		{"ClearOverlay", func() { ws.ClearOverlay("/ws/a.crn") }, true},
		{"disk write without Changed", func() { mfs.write("/ws/b.crn", "let y = 2\n") }, false},
		{"Changed", func() { ws.Changed("/ws/b.crn") }, true},
		{"Changed with an unclean path", func() { ws.Changed("/ws/./sub/../b.crn") }, true},
	}
	prev := c1
	for _, s := range steps {
		s.do()
		dir := "/ws"
		if s.name == "unclean path" {
			dir = "/ws/sub/.."
		}
		c := mustConfig(t, ws, dir)
		if rebuilt := c != prev; rebuilt != s.rebuilt {
			t.Errorf("%s: rebuilt = %v, want %v", s.name, rebuilt, s.rebuilt)
		}
		if s.name == "nothing changed" && mfs.readCount("/ws/a.crn") != reads {
			t.Errorf("a cached Config read the disk again")
		}
		prev = c
	}
	if got := prev.File("/ws/b.crn").Text(); got != "let y = 2\n" {
		t.Errorf("after Changed, b.crn = %q, want the new disk text", got)
	}
}

// Re-parsing after an edit reuses the parse of every unchanged statement, even when it moved,
// and every unchanged file.
func TestIncrementalParse(t *testing.T) {
	mfs := newMemFS(map[string]string{"/ws/b.crn": "let other = 1\n"})
	ws := New(mfs)
	v1 := "let a = 1\nlet b = aws.s3.Bucket { name = 'b' }\nlet c = a\n"
	ws.SetOverlay("/ws/a.crn", v1)
	c1 := mustConfig(t, ws, "/ws")
	f1 := c1.File("/ws/a.crn")

	// Insert a statement at the top and change the last one: b moves, c changes.
	v2 := "let first = 0\nlet a = 1\nlet b = aws.s3.Bucket { name = 'b' }\nlet c = b.arn\n"
	ws.SetOverlay("/ws/a.crn", v2)
	c2 := mustConfig(t, ws, "/ws")
	f2 := c2.File("/ws/a.crn")
	if f1 == f2 {
		t.Fatal("the edited file was not re-parsed")
	}
	byText := func(f *File) map[string]*grammar.Parsed {
		m := map[string]*grammar.Parsed{}
		for _, st := range f.AST.Stmts {
			m[f.Text()[st.Offset:st.End]] = st.Parsed
		}
		return m
	}
	old, cur := byText(f1), byText(f2)
	for text, p := range cur {
		o, had := old[text]
		switch {
		case had && o != p:
			t.Errorf("unchanged statement %q was re-parsed", text)
		case !had && p == nil:
			t.Errorf("new statement %q has no parse", text)
		}
	}
	if len(cur) != 4 {
		t.Errorf("%d statements in v2, want 4", len(cur))
	}
	// The reused statement's spans are right at its new place.
	if got := describeDecl(c2.Lookup("b")); got != "a.crn:3 resource" {
		t.Errorf("b = %s, want a.crn:3 resource", got)
	}
	if got := describeRefs(c2); !cmp.Equal(got, []string{"a.crn:4 b.arn -> a.crn:3 resource"}) {
		t.Errorf("refs = %q", got)
	}
	// The file that did not change keeps its parse.
	if c1.File("/ws/b.crn") != c2.File("/ws/b.crn") {
		t.Errorf("the unchanged sibling was re-parsed")
	}
	// Going back to the same text as the disk clears the overlay flag.
	mfs.write("/ws/a.crn", v2)
	ws.ClearOverlay("/ws/a.crn")
	c3 := mustConfig(t, ws, "/ws")
	f3 := c3.File("/ws/a.crn")
	if f3 == nil || f3.Overlay {
		t.Fatalf("a.crn after closing: %+v", f3)
	}
	for i, st := range f3.AST.Stmts {
		if st.Parsed != f2.AST.Stmts[i].Parsed {
			t.Errorf("statement %d re-parsed although the disk text equals the closed buffer's", i)
		}
	}
}

// Files that cannot be read are reported and skipped; a directory that cannot be listed is an
// error.
func TestLoadErrors(t *testing.T) {
	mfs := newMemFS(map[string]string{
		"/ws/a.crn":      "let x = 1\n",
		"/ws/b.crn":      "let y = x\n",
		"/ws/c.txt":      "not a source\n",
		"/ws/sub/d.crn":  "let d = 1\n",
		"/locked/l.crn":  "let l = 1\n",
		"/ws2/dir.crn/x": "a directory named like a source\n",
	})
	mfs.fail["/ws/b.crn"] = fs.ErrPermission
	mfs.fail["/locked"] = fs.ErrPermission
	ws := New(mfs)

	c := mustConfig(t, ws, "/ws")
	if diff := cmp.Diff([]string{"a.crn"}, fileNames(c)); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	if len(c.LoadErrors) != 1 || c.LoadErrors[0].Path != "/ws/b.crn" || !errors.Is(c.LoadErrors[0].Err, fs.ErrPermission) {
		t.Errorf("LoadErrors = %+v, want b.crn: permission denied", c.LoadErrors)
	}

	// An open buffer needs no disk read.
	ws.SetOverlay("/ws/b.crn", "let y = x\n")
	c = mustConfig(t, ws, "/ws")
	if len(c.LoadErrors) != 0 || len(c.Files) != 2 {
		t.Errorf("with a buffer for the unreadable file: LoadErrors = %+v, files = %v", c.LoadErrors, fileNames(c))
	}

	if _, err := ws.Config(context.Background(), "/locked"); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("unlistable directory: err = %v, want permission denied", err)
	}
	if c, err := ws.Config(context.Background(), "/ws2"); err != nil || len(c.Files) != 0 {
		t.Errorf("a directory named x.crn is not a source: Config = %v, %v", c, err)
	}
}

// A canceled context makes Config return the context's error and caches nothing.
func TestConfigCanceled(t *testing.T) {
	t.Run("before building", func(t *testing.T) {
		ws := New(newMemFS(map[string]string{"/ws/a.crn": "let x = 1\n"}))
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		c, err := ws.Config(ctx, "/ws")
		if !errors.Is(err, context.Canceled) || c != nil {
			t.Errorf("Config = %v, %v; want nil, context.Canceled", c, err)
		}
		if c := mustConfig(t, ws, "/ws"); len(c.Files) != 1 {
			t.Errorf("after a canceled call: files = %v", fileNames(c))
		}
	})
	t.Run("deadline with a stale cache", func(t *testing.T) {
		ws := New(newMemFS(map[string]string{"/ws/a.crn": "let x = 1\n"}))
		mustConfig(t, ws, "/ws")
		ws.SetOverlay("/ws/a.crn", "let x = 2\n")
		ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
		defer cancel()
		if c, err := ws.Config(ctx, "/ws"); !errors.Is(err, context.DeadlineExceeded) || c != nil {
			t.Errorf("Config = %v, %v; want nil, context.DeadlineExceeded", c, err)
		}
	})
	t.Run("canceled while loading a module", func(t *testing.T) {
		mfs := newMemFS(map[string]string{
			"/app/main.crn":    "let m = use { source = '../mod' }\n",
			"/mod/main.crn":    "let inner = use { source = './inner' }\narguments {\n  a: String\n}\n",
			"/mod/inner/i.crn": "arguments {\n  b: String\n}\n",
		})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		mfs.beforeDir = func(dir string) {
			if dir == "/mod" {
				cancel()
			}
		}
		ws := New(mfs)
		if c, err := ws.Config(ctx, "/app"); !errors.Is(err, context.Canceled) || c != nil {
			t.Errorf("Config = %v, %v; want nil, context.Canceled", c, err)
		}
		mfs.beforeDir = nil
		// Nothing half-built was kept: the next call loads the whole tree.
		c := mustConfig(t, ws, "/app")
		m := c.Modules["m"]
		if m.Err != nil || m.Config == nil {
			t.Fatalf("module after the canceled call: Err = %v", m.Err)
		}
		if in := m.Config.Modules["inner"]; in.Err != nil || in.Config == nil {
			t.Errorf("nested module after the canceled call: Err = %v", in.Err)
		}
	})
}

// Concurrent edits and reads are safe (run with -race) and the last edit wins.
func TestConcurrentUse(t *testing.T) {
	mfs := newMemFS(map[string]string{
		"/ws/a.crn": "let x = 1\n",
		"/ws/b.crn": "let y = x\n",
	})
	ws := New(mfs)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				if g%2 == 0 {
					ws.SetOverlay("/ws/a.crn", fmt.Sprintf("let x = %d\nlet g%d = x\n", i, g))
				} else if _, err := ws.Config(context.Background(), "/ws"); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	ws.SetOverlay("/ws/a.crn", "let final = 1\n")
	c := mustConfig(t, ws, "/ws")
	if diff := cmp.Diff([]string{"final", "y"}, bindingNames(c)); diff != "" {
		t.Errorf("bindings (-want +got):\n%s", diff)
	}
	if !strings.Contains(c.File("/ws/a.crn").Text(), "final") {
		t.Errorf("a.crn = %q", c.File("/ws/a.crn").Text())
	}
}
