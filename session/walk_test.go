package session

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/carina-rs/carina-lsp/workspace"
)

// tree writes files (slash paths relative to root, contents) under a new temporary root.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, text := range files {
		path := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestSkip(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{".git", true}, {".carina", true}, {".terraform", true}, {"node_modules", true},
		{"modules", false}, {"app", false}, {"node_modules2", false}, {"a.b", false},
	} {
		if got := Skip(tc.name); got != tc.want {
			t.Errorf("Skip(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

var walked = map[string]string{
	"main.crn":                  "",
	"a/main.crn":                "",
	"a/b/x.crn":                 "",
	"a/b/y.crn":                 "",
	"a/notes.txt":               "",
	".hidden/main.crn":          "",
	"node_modules/pkg/main.crn": "",
	"z/deep/er/main.crn":        "",
	"empty/README":              "",
}

// TestWalk: directories in the order filepath.WalkDir meets their first file, what Skip names
// left out, a directory once per file.
func TestWalk(t *testing.T) {
	root := tree(t, walked)
	var got []string
	err := Walk(context.Background(), workspace.OSFS{}, root, func(dir string) error {
		rel, _ := filepath.Rel(root, dir)
		got = append(got, filepath.ToSlash(rel))
		return nil
	}, func(dir string, err error) error { return err })
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a/b", "a/b", "a", "main crn of root", "z/deep/er"}
	want[3] = "."
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Walk (-want +got):\n%s", diff)
	}
	dirs, truncated := Dirs(context.Background(), workspace.OSFS{}, []string{root, root}, 0)
	var rel []string
	for _, d := range dirs {
		r, _ := filepath.Rel(root, d)
		rel = append(rel, filepath.ToSlash(r))
	}
	if diff := cmp.Diff([]string{".", "a", "a/b", "z/deep/er"}, rel); diff != "" || truncated {
		t.Errorf("Dirs (-want +got), truncated %v:\n%s", truncated, diff)
	}
	if _, truncated := Dirs(context.Background(), workspace.OSFS{}, []string{root}, 3); !truncated {
		t.Error("Dirs with a limit of 3 directories did not say it stopped")
	}
}

// TestTargets: a directory stands for each configuration under it, a file for its directory
// limited to that file; a file among directories widens nothing it should not.
func TestTargets(t *testing.T) {
	root := tree(t, walked)
	collect := func(paths ...string) []Target {
		t.Helper()
		var out []Target
		if err := Targets(context.Background(), paths, func(tg Target) { out = append(out, tg) }); err != nil {
			t.Fatal(err)
		}
		for i := range out {
			r, _ := filepath.Rel(root, out[i].Dir)
			out[i].Dir = filepath.ToSlash(r)
			if out[i].Only != nil {
				only := map[string]bool{}
				for p := range out[i].Only {
					r, _ := filepath.Rel(root, p)
					only[filepath.ToSlash(r)] = true
				}
				out[i].Only = only
			}
		}
		return out
	}
	if diff := cmp.Diff([]Target{{Dir: "a/b"}, {Dir: "a"}, {Dir: "."}, {Dir: "z/deep/er"}}, collect(root)); diff != "" {
		t.Errorf("one directory (-want +got):\n%s", diff)
	}
	got := collect(filepath.Join(root, "a/b/x.crn"), filepath.Join(root, "z"))
	want := []Target{{Dir: "a/b", Only: map[string]bool{"a/b/x.crn": true}}, {Dir: "z/deep/er"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("a file and a directory (-want +got):\n%s", diff)
	}
	got = collect(filepath.Join(root, "a/b/x.crn"), filepath.Join(root, "a"))
	if diff := cmp.Diff([]Target{{Dir: "a/b"}, {Dir: "a"}}, got); diff != "" {
		t.Errorf("a file, then its directory's tree (-want +got):\n%s", diff)
	}
	for _, bad := range []string{filepath.Join(root, "a/notes.txt"), filepath.Join(root, "empty"), filepath.Join(root, "missing")} {
		if err := Targets(context.Background(), []string{bad}, func(Target) {}); err == nil {
			t.Errorf("Targets(%s): no error", bad)
		}
	}
}

// denying is the disk with one directory that cannot be listed.
type denying struct {
	workspace.OSFS
	dir string
}

func (d denying) ReadDir(dir string) ([]fs.DirEntry, error) {
	if dir == d.dir {
		return nil, fs.ErrPermission
	}
	return d.OSFS.ReadDir(dir)
}

// TestWalkUnreadable: a directory that cannot be listed goes to the unreadable callback, the
// rest of the tree is still walked, and an error from the callback stops the walk. (Targets over
// the real disk: cmd/carina-lsp's unreadable tests, run as an unprivileged user.)
func TestWalkUnreadable(t *testing.T) {
	root := tree(t, map[string]string{"a/main.crn": "", "b/main.crn": ""})
	fsys := denying{dir: filepath.Join(root, "a")}
	var found, denied []string
	err := Walk(context.Background(), fsys, root, func(dir string) error {
		found = append(found, filepath.Base(dir))
		return nil
	}, func(dir string, err error) error {
		denied = append(denied, filepath.Base(dir))
		return nil
	})
	if err != nil || !slices.Equal(found, []string{"b"}) || !slices.Equal(denied, []string{"a"}) {
		t.Errorf("Walk: found %v, denied %v, error %v; want [b], [a], none", found, denied, err)
	}
	stop := errors.New("stop")
	if err := Walk(context.Background(), fsys, root, func(string) error { return nil }, func(string, error) error { return stop }); err != stop {
		t.Errorf("Walk with a callback that stops: %v, want %v", err, stop)
	}
	if err := Walk(context.Background(), denying{dir: root}, root, func(string) error { return nil }, func(string, error) error { return nil }); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("Walk of an unreadable root: %v, want a permission error", err)
	}
}
