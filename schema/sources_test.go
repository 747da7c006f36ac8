package schema

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSources: a configuration's index has the nearest .carina/schemas; Base has only the
// embedded set and the extra providers, whatever the working directory holds.
func TestSources(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "envs", "prod")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, WorkspaceDir), 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, "testdata/mini.json", filepath.Join(root, WorkspaceDir, "mini.json"))
	extra := mustLoadFile(t, "testdata/mini.json")
	t.Chdir(sub) // Base must not look around the working directory either

	var s Sources
	has := func(idx *Index, err error, head string) bool {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return idx.Resource(head) != nil
	}
	if idx, err := s.ForDir(sub); !has(idx, err, "demo.svc.Thing") || !has(idx, err, "awscc.ec2.Vpc") {
		t.Error("ForDir: the .carina/schemas provider or the embedded set is missing")
	}
	if idx, err := s.Base(); has(idx, err, "demo.svc.Thing") || !has(idx, err, "awscc.ec2.Vpc") {
		t.Error("Base: has the .carina/schemas provider, or lacks the embedded set")
	}
	s.SetExtra([]*Provider{extra})
	if idx, err := s.Base(); !has(idx, err, "demo.svc.Thing") {
		t.Error("Base: lacks the extra provider")
	}
}

// TestSourcesFindLocal: which .carina/schemas a directory has is cached for it and the directories
// above it, answered right for siblings and directories in between, and found again after Reset.
func TestSourcesFindLocal(t *testing.T) {
	root := t.TempDir()
	mk := func(parts ...string) string {
		d := filepath.Join(append([]string{root}, parts...)...)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	deep := mk("a", "b", "c")
	sibling := mk("a", "x")
	outside := mk("z")
	local := mk("a", WorkspaceDir)
	var s Sources
	for _, tc := range []struct{ dir, want string }{
		{deep, local}, {sibling, local}, {filepath.Join(root, "a", "b"), local}, {outside, ""}, {deep, local},
	} {
		if got := s.findLocal(tc.dir); got != tc.want || got != FindWorkspaceDir(tc.dir) {
			t.Errorf("findLocal(%s) = %q, want %q (FindWorkspaceDir says %q)", tc.dir, got, tc.want, FindWorkspaceDir(tc.dir))
		}
	}
	inner := mk("a", "b", WorkspaceDir)
	if got := s.findLocal(deep); got != local {
		t.Errorf("before Reset: findLocal = %q, want the cached %q", got, local)
	}
	s.Reset()
	if got := s.findLocal(deep); got != inner {
		t.Errorf("after Reset: findLocal = %q, want the new %q", got, inner)
	}
}

// TestForConfigRereadsLock checks that an edit of carina-providers.lock applies at the next
// lookup after Reset, and that a module directory the configuration uses inherits its choice.
func TestForConfigRereadsLock(t *testing.T) {
	dir := t.TempDir()
	write := func(version string) {
		text := "[[provider]]\nname = \"aws\"\nmode = \"version\"\nversion = \"" + version + "\"\n"
		if err := os.WriteFile(filepath.Join(dir, LockFile), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var s Sources
	mod := t.TempDir()
	for _, version := range []string{"0.5.0", "0.4.0"} {
		write(version)
		s.Reset() // what the server does when a lock file changes
		idx, err := s.ForConfig(Pins{Dir: dir, Versions: map[string]string{"aws": ""}, Modules: []string{mod}})
		if err != nil {
			t.Fatal(err)
		}
		if c, _ := idx.Choice("aws"); c.Version != version || c.Reason != ReasonLock {
			t.Errorf("lock says %s: choice %+v", version, c)
		}
		idx, err = s.ForConfig(Pins{Dir: mod})
		if err != nil {
			t.Fatal(err)
		}
		if c, _ := idx.Choice("aws"); c.Version != version {
			t.Errorf("module of a configuration locked to %s: choice %+v", version, c)
		}
	}
}
