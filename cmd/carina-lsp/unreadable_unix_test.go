//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// unprivileged returns how to run the command without the power to read a chmod 000 file, and a
// directory that user can reach: in-process and a temporary directory for an ordinary user; for
// root (which reads such files anyway), the built binary run as the user nobody (uid 65534) and a
// directory open to it.
func unprivileged(t *testing.T) (func(t *testing.T, args ...string) result, string) {
	t.Helper()
	if os.Geteuid() != 0 {
		return runCmd, t.TempDir()
	}
	dir, err := os.MkdirTemp("", "carina-unreadable-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	built, err := os.ReadFile(buildBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "carina-lsp")
	if err := os.WriteFile(bin, built, 0o755); err != nil {
		t.Fatal(err)
	}
	tree := filepath.Join(dir, "tree")
	if err := os.Mkdir(tree, 0o755); err != nil {
		t.Fatal(err)
	}
	return func(t *testing.T, args ...string) result {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		if exit, ok := err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatalf("running %s as nobody: %v", bin, err)
		}
		return result{code, stdout.String(), stderr.String()}
	}, tree
}

// testChmod000: a file (or directory) its user cannot read is an I/O error, and a readable sibling
// checked alone is not affected. As root the checks run as the user nobody.
func testChmod000(t *testing.T) {
	runCmd, dir := unprivileged(t)
	writeTree(t, dir, map[string]string{"locked.crn": cleanSrc, "broken.crn": emojiSrc})
	locked := filepath.Join(dir, "locked.crn")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o644) })
	for _, args := range [][]string{{"check", dir}, {"check", locked}} {
		got := runCmd(t, args...)
		if got.Code != 2 || !strings.Contains(got.Stderr, "locked.crn") || !strings.Contains(got.Stderr, "permission denied") {
			t.Errorf("%v: code %d, stderr %q; want 2 and a permission error naming locked.crn", args, got.Code, got.Stderr)
		}
	}
	// A directory that cannot be listed is an I/O error too.
	sub := filepath.Join(dir, "sub")
	writeTree(t, sub, map[string]string{"s.crn": cleanSrc})
	if err := os.Chmod(sub, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(sub, 0o755) })
	if got := runCmd(t, "check", dir); got.Code != 2 || !strings.Contains(got.Stderr, "permission denied") {
		t.Errorf("unlistable subdirectory: code %d, stderr %q; want 2 and permission denied", got.Code, got.Stderr)
	}
	// Checking only the readable sibling does not report the locked file.
	if got := runCmd(t, "check", filepath.Join(dir, "broken.crn")); got.Code != 1 || got.Stderr != "" {
		t.Errorf("check broken.crn: code %d, stderr %q; want 1 and no I/O error", got.Code, got.Stderr)
	}
}
