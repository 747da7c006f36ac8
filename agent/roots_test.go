package agent

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestConfined: what the tools read resolves inside the roots, links followed; the rest is a
// permission error naming the roots.
func TestConfined(t *testing.T) {
	root, _ := filepath.EvalSymlinks(t.TempDir())
	outside, _ := filepath.EvalSymlinks(t.TempDir())
	for _, d := range []string{"cfg", "cfg/mod"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(root, "cfg", "main.crn"), filepath.Join(outside, "secret.crn")} {
		if err := os.WriteFile(f, []byte("let a = 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{"cfg/out.crn": filepath.Join(outside, "secret.crn"), "cfg/outdir": outside, "cfg/in.crn": filepath.Join(root, "cfg", "main.crn")}
	for l, target := range links {
		if err := os.Symlink(target, filepath.Join(root, l)); err != nil {
			t.Fatal(err)
		}
	}
	fsys := confinedFS{roots: roots{root}}
	rs := roots{root}
	for _, tc := range []struct {
		path string
		want string // "ok", "outside" or "missing"
	}{
		{"cfg/main.crn", "ok"},
		{"cfg/in.crn", "ok"},
		{"cfg", "ok"},
		{"cfg/out.crn", "outside"},
		{"cfg/outdir", "outside"},
		{"cfg/outdir/secret.crn", "outside"},
		{"cfg/../..", "outside"},
		{filepath.Join(outside, "secret.crn"), "outside"},
		{"cfg/none.crn", "missing"},
	} {
		kind := func(err error) string {
			switch {
			case err == nil:
				return "ok"
			case errors.Is(err, fs.ErrPermission):
				return "outside"
			case errors.Is(err, fs.ErrNotExist):
				return "missing"
			}
			return err.Error()
		}
		p := tc.path
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		_, rerr := fsys.ReadFile(p)
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			_, rerr = fsys.ReadDir(p)
		}
		_, perr := rs.resolve(tc.path)
		if diff := cmp.Diff([]string{tc.want, tc.want}, []string{kind(rerr), kind(perr)}); diff != "" {
			t.Errorf("%s: read, resolve (-want +got):\n%s", tc.path, diff)
		}
	}
}
