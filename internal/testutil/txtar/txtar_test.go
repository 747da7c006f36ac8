package txtar

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestArchive(t *testing.T) {
	src := "comment\nline two\n-- a.crn --\nlet a = 1\n-- want --\n1:1-1:2 x\n-- empty --\n"
	a := Parse(src)
	if a.Comment != "comment\nline two\n" {
		t.Errorf("comment = %q", a.Comment)
	}
	if d, _ := a.Get("a.crn"); d != "let a = 1\n" {
		t.Errorf("a.crn = %q", d)
	}
	if d, ok := a.Get("empty"); !ok || d != "" {
		t.Errorf("empty = %q, %v", d, ok)
	}
	if _, ok := a.Get("missing"); ok {
		t.Error("missing file found")
	}
	if got := a.Format(); got != src {
		t.Errorf("format round trip:\n%s\nwant\n%s", got, src)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, src string
		want      *Archive
	}{
		{"empty", "", &Archive{}},
		{"comment only", "just a comment\n", &Archive{Comment: "just a comment\n"}},
		{"no final newline", "-- a --\nx", &Archive{Files: []File{{"a", "x"}}}},
		{"names are trimmed", "--  spaced name  --\nx\n", &Archive{Files: []File{{"spaced name", "x\n"}}}},
		{"names with spaces", "-- want rename new_name --\n", &Archive{Files: []File{{"want rename new_name", ""}}}},
		{"CRLF markers", "c\r\n-- a --\r\nx\r\n", &Archive{Comment: "c\r\n", Files: []File{{"a", "x\r\n"}}}},
		{"not markers", "--a --\n-- a--\n-- --\n  -- a --\n", &Archive{Comment: "--a --\n-- a--\n-- --\n  -- a --\n"}},
		{"a marker-like line inside a file", "-- a --\n-- not a marker\n", &Archive{Files: []File{{"a", "-- not a marker\n"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Parse(tt.src)); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tt.src, diff)
			}
		})
	}
}

func TestFormatAddsFinalNewline(t *testing.T) {
	a := &Archive{Comment: "c\n", Files: []File{{"a", "x"}, {"b", ""}, {"c", "y\n"}}}
	if got, want := a.Format(), "c\n-- a --\nx\n-- b --\n-- c --\ny\n"; got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
}

func TestSet(t *testing.T) {
	a := Parse("-- a --\n1\n-- want --\nold\n")
	a.Set("want", "new\n")
	a.Set("b", "2\n")
	if got, want := a.Format(), "-- a --\n1\n-- want --\nnew\n-- b --\n2\n"; got != want {
		t.Errorf("after Set: %q, want %q", got, want)
	}
}

func TestOption(t *testing.T) {
	a := Parse("A case.\nlimit: 3\n  dir : sub/dir \ntabs:true\nlimit: 4\n-- a --\nindent: 8\n")
	for key, want := range map[string]string{"limit": "3", "dir": "sub/dir", "tabs": "true", "indent": "", "A case.": "", "missing": ""} {
		if got := a.Option(key); got != want {
			t.Errorf("Option(%q) = %q, want %q", key, got, want)
		}
	}
}

func TestSources(t *testing.T) {
	a := Parse("-- main.crn --\nlet a = 1\n-- mod/x.crn --\nlet b = 2\n-- wanted.crn --\n-- want --\nx\n-- want definition --\ny\n-- want main.crn --\nz\n")
	want := map[string]string{"main.crn": "let a = 1\n", "mod/x.crn": "let b = 2\n", "wanted.crn": ""}
	if diff := cmp.Diff(want, a.Sources()); diff != "" {
		t.Errorf("Sources (-want +got):\n%s", diff)
	}
	for name, want := range map[string]bool{"want": true, "want definition": true, "want main.crn": true, "wanted.crn": false, "main.crn": false, "": false} {
		if got := IsWant(name); got != want {
			t.Errorf("IsWant(%q) = %v", name, got)
		}
	}
}

func TestLines(t *testing.T) {
	if got := Lines(""); got != nil {
		t.Errorf("Lines(\"\") = %q, want nil", got)
	}
	if got := Lines("\n  \n\t\n"); got != nil {
		t.Errorf("Lines(blank) = %q, want nil", got)
	}
	if diff := cmp.Diff([]string{"a", "  b c ", "d"}, Lines("a\n\n  b c \n \nd")); diff != "" {
		t.Errorf("Lines (-want +got):\n%s", diff)
	}
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"b.txtar": "-- x --\n2\n", "a.txtar": "-- x --\n1\n", "c.txt": "-- x --\n3\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	Run(t, filepath.Join(dir, "*.txtar"), func(t *testing.T, path string, a *Archive) {
		x, _ := a.Get("x")
		got = append(got, fmt.Sprintf("%s %s %s", t.Name(), filepath.Base(path), strings.TrimSpace(x)))
	})
	want := []string{"TestRun/a a.txtar 1", "TestRun/b b.txtar 2"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Run (-want +got):\n%s", diff)
	}
	if got := Read(t, filepath.Join(dir, "a.txtar")); got.Files[0].Data != "1\n" {
		t.Errorf("Read = %+v", got)
	}
}

// recorder is a testing.TB that records what a helper reports; Fatalf stops the helper, run
// in a goroutine by call, as testing.T does.
type recorder struct {
	testing.TB
	errors []string
	fatal  string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *recorder) call(fn func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	<-done
}

func TestCheckWants(t *testing.T) {
	const src = "-- main.crn --\nlet a = 1\n-- want one --\na\n\nb\n-- want two --\nc\n"
	got := func(what string) []string {
		if what == "one" {
			return []string{"a", "b"}
		}
		return []string{"c"}
	}
	r := &recorder{TB: t}
	r.call(func() { CheckWants(r, "x.txtar", Parse(src), false, got) })
	if len(r.errors) != 0 || r.fatal != "" {
		t.Errorf("matching wants: errors %q, fatal %q", r.errors, r.fatal)
	}

	r = &recorder{TB: t}
	r.call(func() {
		CheckWants(r, "x.txtar", Parse(src), false, func(string) []string { return []string{"c"} })
	})
	if len(r.errors) != 1 || !strings.HasPrefix(r.errors[0], "want one (-want +got):") {
		t.Errorf("a different want one: errors %q", r.errors)
	}

	r = &recorder{TB: t}
	r.call(func() { CheckWants(r, "x.txtar", Parse("-- main.crn --\n-- want --\n"), false, got) })
	if r.fatal != "x.txtar has no want section" {
		t.Errorf("no want section: fatal %q", r.fatal)
	}

	path := filepath.Join(t.TempDir(), "u.txtar")
	CheckWants(t, path, Parse("c\n-- main.crn --\nlet a = 1\n-- want one --\nold\n-- want two --\n"), true, got)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "c\n-- main.crn --\nlet a = 1\n-- want one --\na\nb\n-- want two --\nc\n"; string(data) != want {
		t.Errorf("updated archive:\n%s\nwant\n%s", data, want)
	}
}
