package navigate

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMoved(t *testing.T) {
	rs := []PathRename{{From: "/w/modules", To: "/w/lib"}, {From: "/w/a.crn", To: "/w/b/a.crn"}}
	for _, tc := range []struct {
		path, want string
		ok         bool
	}{
		{"/w/modules", "/w/lib", true},
		{"/w/modules/net", "/w/lib/net", true},
		{"/w/modules2/net", "/w/modules2/net", false}, // a name that only starts the same
		{"/w/a.crn", "/w/b/a.crn", true},
		{"/w/other", "/w/other", false},
	} {
		got, ok := Moved(filepath.FromSlash(tc.path), rs)
		if d := cmp.Diff(filepath.FromSlash(tc.want), got); d != "" || ok != tc.ok {
			t.Errorf("Moved(%s) = %s, %v; want %s, %v", tc.path, got, ok, tc.want, tc.ok)
		}
	}
}

func TestNewSource(t *testing.T) {
	rs := []PathRename{{From: "/w/modules/net", To: "/w/modules/network"}}
	for _, tc := range []struct {
		src, dir, newDir string
		want             string
		ok               bool
	}{
		{"./modules/net", "/w", "/w", "./modules/network", true},
		{"modules/net", "/w", "/w", "modules/network", true},
		{"../modules/net/", "/w/env", "/w/env", "../modules/network/", true},
		{"/w/modules/net", "/w/env", "/w/env", "/w/modules/network", true},
		{"../modules/net", "/w/env", "/w/x/env", "../../modules/network", true}, // both move
		{"../modules/other", "/w/env", "/w/env", "", false},
		{"../modules/other", "/w/env", "/w/x/env", "../../modules/other", true}, // the file moves
		{"/w/modules/other", "/w/env", "/w/x/env", "", false},                   // absolute: stays
	} {
		got, ok := newSource(tc.src, filepath.FromSlash(tc.dir), filepath.FromSlash(tc.newDir), rs)
		if got != tc.want || ok != tc.ok {
			t.Errorf("newSource(%q, %s -> %s) = %q, %v; want %q, %v", tc.src, tc.dir, tc.newDir, got, ok, tc.want, tc.ok)
		}
	}
}
