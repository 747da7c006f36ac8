package atomicfile

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReplace replaces files of several modes, directly and through a symbolic link: the text
// is the new one, the mode and the link are kept, and no temporary file is left.
func TestReplace(t *testing.T) {
	tests := []struct {
		name string
		mode os.FileMode
		link bool // replace through a symbolic link to the file
	}{
		{"0644", 0o644, false},
		{"0600", 0o600, false},
		{"0755", 0o755, false},
		{"link", 0o640, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "main.crn")
			if err := os.WriteFile(p, []byte("old\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(p, tt.mode); err != nil {
				t.Fatal(err)
			}
			at := p
			if tt.link {
				at = filepath.Join(dir, "link.crn")
				if err := os.Symlink("main.crn", at); err != nil {
					t.Skipf("no symbolic links: %v", err)
				}
			}
			if err := Replace(at, "new\n"); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			info, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				names = append(names, e.Name())
			}
			wantNames := []string{"main.crn"}
			if tt.link {
				wantNames = []string{"link.crn", "main.crn"}
				if fi, err := os.Lstat(at); err != nil || fi.Mode()&os.ModeSymlink == 0 {
					t.Errorf("the link was replaced: %v %v", fi, err)
				}
			}
			type state struct {
				Text  string
				Mode  os.FileMode
				Names []string
			}
			want := state{"new\n", tt.mode, wantNames}
			got := state{string(data), info.Mode().Perm(), names}
			if runtime.GOOS == "windows" {
				got.Mode = want.Mode
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("after Replace (-want +got):\n%s", diff)
			}
		})
	}
}

// A file that is not there is not created.
func TestReplaceMissing(t *testing.T) {
	dir := t.TempDir()
	if err := Replace(filepath.Join(dir, "gone.crn"), "new\n"); !os.IsNotExist(err) {
		t.Errorf("Replace of a missing file: %v, want a not-exist error", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}
