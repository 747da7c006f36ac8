package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCheckDisable: -disable drops the codes it names (a comma-separated list), including from the
// exit status; an unknown code, or syntax, is a usage error; a disable comment in the file
// silences its code for the next statement.
func TestCheckDisable(t *testing.T) {
	dir := t.TempDir()
	src := "let parts = ['a', 'b']\n\nlet myName = join('-', parts)\n\nlet _ = myName\n"
	writeTree(t, dir, map[string]string{"main.crn": src})
	path := filepath.Join(dir, "main.crn")

	got := runCmd(t, "check", "-severity", "warning", dir)
	want := path + ":3:5: warning: Binding 'myName' is not snake_case. Use snake_case for binding names (e.g., 'my_resource'). [binding-snake-case]\n" +
		path + ":3:14: warning: Consider using pipe form for 'join': data |> join(...) [pipe-form]\n"
	if diff := cmp.Diff(result{1, want, ""}, got); diff != "" {
		t.Errorf("check (-want +got):\n%s", diff)
	}
	got = runCmd(t, "check", "-severity", "warning", "-disable", "pipe-form", dir)
	if diff := cmp.Diff(result{1, strings.SplitAfter(want, "\n")[0], ""}, got); diff != "" {
		t.Errorf("check -disable pipe-form (-want +got):\n%s", diff)
	}
	got = runCmd(t, "check", "-severity", "warning", "-disable", "pipe-form,binding-snake-case", dir)
	if diff := cmp.Diff(result{0, "", ""}, got); diff != "" {
		t.Errorf("check -disable pipe-form,binding-snake-case (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"pipe-from", "syntax"} {
		got = runCmd(t, "check", "-disable", bad, dir)
		if got.Code != 2 || got.Stdout != "" || !strings.Contains(got.Stderr, "-disable") {
			t.Errorf("check -disable %s = %+v, want exit 2 with a message", bad, got)
		}
	}

	writeTree(t, dir, map[string]string{"main.crn": "let parts = ['a', 'b']\n\n# carina-lsp:disable binding-snake-case\n# carina-lsp:disable pipe-form\nlet myName = join('-', parts)\n\nlet _ = myName\n"})
	if got = runCmd(t, "check", "-severity", "warning", dir); got.Code != 0 || got.Stdout != "" {
		t.Errorf("check with disable comments = %+v, want a clean run", got)
	}
}

// TestCheckFixDisable: check -fix applies the safe lint fixes (pipe form here), but not those of a
// code -disable names.
func TestCheckFixDisable(t *testing.T) {
	dir := t.TempDir()
	src := "let parts = ['a', 'b']\n\nlet name = join('-', parts)\n\nlet _ = name\n"
	writeTree(t, dir, map[string]string{"main.crn": src})
	path := filepath.Join(dir, "main.crn")
	if got := runCmd(t, "check", "-fix", "-disable", "pipe-form", dir); got.Code != 0 || readFile(t, path) != src {
		t.Errorf("check -fix -disable pipe-form = %+v and changed the file to %q", got, readFile(t, path))
	}
	if got := runCmd(t, "check", "-fix", dir); got.Code != 0 || readFile(t, path) != strings.Replace(src, "join('-', parts)", "parts |> join('-')", 1) {
		t.Errorf("check -fix = %+v, file %q; want the pipe form", got, readFile(t, path))
	}
}
