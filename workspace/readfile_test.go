package workspace

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadFile: readFile gives what os.ReadFile gives, data and error text, for the files a
// check meets.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct{ name, path string }{
		{"empty", write("empty.crn", nil)},
		{"small", write("small.crn", []byte("let a = 1\n"))},
		{"512 bytes", write("b512.crn", bytes.Repeat([]byte("x"), 512))},
		{"large", write("large.crn", bytes.Repeat([]byte("let a = 1\n"), 100_000))},
		{"missing", filepath.Join(dir, "missing.crn")},
		{"directory", dir},
		{"size 0 but content", "/proc/self/status"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := os.Stat(tc.path); tc.name == "size 0 but content" && err != nil {
				t.Skip("no /proc here")
			}
			want, wantErr := os.ReadFile(tc.path)
			got, gotErr := readFile(tc.path)
			if tc.name == "size 0 but content" { // the process's own status changes; its start does not
				want, got = want[:min(len(want), 20)], got[:min(len(got), 20)]
			}
			if d := cmp.Diff(string(want), string(got)); d != "" {
				t.Errorf("data (-os.ReadFile +readFile):\n%s", d)
			}
			if errText(wantErr) != errText(gotErr) {
				t.Errorf("error: os.ReadFile %q, readFile %q", errText(wantErr), errText(gotErr))
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
