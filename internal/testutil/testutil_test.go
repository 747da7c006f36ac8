package testutil

import (
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/workspace"
)

var _ workspace.FS = MemFS{}

func TestMemFS(t *testing.T) {
	m := NewMemFS(map[string]string{"main.crn": "let a = 1\n", "mod/x.crn": "let b = 2\n"})
	b, err := m.ReadFile("/ws/main.crn")
	if err != nil || string(b) != "let a = 1\n" {
		t.Errorf("ReadFile(/ws/main.crn) = %q, %v", b, err)
	}
	if b, err := m.ReadFile("/ws/./mod/../mod/x.crn"); err != nil || string(b) != "let b = 2\n" {
		t.Errorf("ReadFile of an unclean path = %q, %v", b, err)
	}
	if _, err := m.ReadFile("/ws/missing.crn"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadFile(missing) error = %v, want fs.ErrNotExist", err)
	}
	es, err := m.ReadDir("/ws")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, fmt.Sprintf("%s dir=%v", e.Name(), e.IsDir()))
	}
	if diff := cmp.Diff([]string{"main.crn dir=false", "mod dir=true"}, names); diff != "" {
		t.Errorf("ReadDir(/ws) (-want +got):\n%s", diff)
	}
	if _, err := m.ReadDir("/elsewhere"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadDir(missing) error = %v, want fs.ErrNotExist", err)
	}
}

func TestPaths(t *testing.T) {
	if got := Abs("mod/x.crn"); got != "/ws/mod/x.crn" {
		t.Errorf("Abs = %q", got)
	}
	for p, want := range map[string]string{"/ws/mod/x.crn": "mod/x.crn", "/ws": ".", "/other/a.crn": "../other/a.crn", "rel.crn": "rel.crn"} {
		if got := Rel(p); got != want {
			t.Errorf("Rel(%q) = %q, want %q", p, got, want)
		}
	}
}

// fatalTB records the first Fatalf of a helper run by failed and stops it there, as testing.T
// does.
type fatalTB struct {
	testing.TB
	msg string
}

func (f *fatalTB) Helper() {}

func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// failed runs fn with a fatalTB and returns the message it failed with ("" when it did not).
func failed(t *testing.T, fn func(tb testing.TB)) string {
	tb := &fatalTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(tb)
	}()
	<-done
	return tb.msg
}

func TestCut(t *testing.T) {
	tests := []struct {
		text, want string
		offset     int
	}{
		{"let a = <|>1", "let a = 1", 8},
		{"<|>", "", 0},
		{"no marker", "no marker", -1},
		{"x<|>", "x", 1},
	}
	for _, tt := range tests {
		got, off := Cut(t, tt.text)
		if got != tt.want || off != tt.offset {
			t.Errorf("Cut(%q) = %q, %d, want %q, %d", tt.text, got, off, tt.want, tt.offset)
		}
	}
	if msg := failed(t, func(tb testing.TB) { Cut(tb, "a<|>b<|>") }); msg == "" {
		t.Error("two markers: no failure")
	}
}

func TestCutFiles(t *testing.T) {
	clean, name, off := CutFiles(t, map[string]string{"a.crn": "let a = 1\n", "b.crn": "let b = <|>a\n"})
	if diff := cmp.Diff(map[string]string{"a.crn": "let a = 1\n", "b.crn": "let b = a\n"}, clean); diff != "" {
		t.Errorf("clean files (-want +got):\n%s", diff)
	}
	if name != "b.crn" || off != 8 {
		t.Errorf("cursor at %s:%d, want b.crn:8", name, off)
	}
	if _, name, off := CutFiles(t, map[string]string{"a.crn": "let a = 1\n"}); name != "" || off != -1 {
		t.Errorf("no marker: cursor at %q:%d, want \"\":-1", name, off)
	}
	for _, files := range []map[string]string{
		{"a.crn": "<|>", "b.crn": "<|>"},
		{"a.crn": "<|><|>"},
	} {
		if msg := failed(t, func(tb testing.TB) { CutFiles(tb, files) }); msg == "" {
			t.Errorf("%v: no failure", files)
		}
	}
}

func TestConfig(t *testing.T) {
	files := map[string]string{
		"main.crn":  "let net = use { source = './mod' }\nlet a = 1\n",
		"b.crn":     "let b = a\n",
		"mod/x.crn": "arguments {\n  cidr: String\n}\n",
	}
	cfg := Config(t, files, Root)
	var got []string
	for _, f := range cfg.Files {
		got = append(got, Rel(f.Path))
	}
	if diff := cmp.Diff([]string{"b.crn", "main.crn"}, got); diff != "" {
		t.Errorf("files of %s (-want +got):\n%s", Root, diff)
	}
	if imp := cfg.Modules["net"]; imp == nil || imp.Config == nil || !imp.Config.IsModule {
		t.Errorf("the module ./mod is not loaded: %+v", imp)
	}
	mod := ConfigOf(t, workspace.New(NewMemFS(files)), Abs("mod"))
	if !mod.IsModule || len(mod.Files) != 1 || mod.File(Abs("mod/x.crn")) == nil {
		t.Errorf("mod: %d files, module %v", len(mod.Files), mod.IsModule)
	}
	if msg := failed(t, func(tb testing.TB) { Config(tb, files, "/nowhere") }); msg == "" {
		t.Error("a missing directory: no failure")
	}
}

func TestEmbedded(t *testing.T) {
	idx := EmbeddedIndex(t)
	if idx == nil || idx.Resource("aws.s3.Bucket") == nil {
		t.Fatal("the embedded index has no aws.s3.Bucket")
	}
	if EmbeddedIndex(t) != idx {
		t.Error("the embedded index is loaded again")
	}
	if !slices.Contains(idx.Providers(), "awscc") {
		t.Errorf("providers %q, want awscc among them", idx.Providers())
	}
	if EmbeddedWith(t) != idx {
		t.Error("EmbeddedWith with nothing extra is not the embedded index")
	}
}
